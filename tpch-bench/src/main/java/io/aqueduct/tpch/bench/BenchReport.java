package io.aqueduct.tpch.bench;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Everything a benchmark run measured: the Aqueduct results first, then the baseline's when one was
 * compared. Ratios divide Aqueduct's median by the baseline's.
 */
public record BenchReport(
        ScaleFactor scaleFactor, int iterations, String target, List<Integer> queries, List<EngineResults> engines) {
    public BenchReport {
        queries = List.copyOf(queries);
        engines = List.copyOf(engines);
        if (engines.isEmpty() || engines.size() > 2) {
            throw new IllegalArgumentException("Expected Aqueduct and at most one baseline, got " + engines.size());
        }
    }

    public EngineResults aqueduct() {
        return engines.get(0);
    }

    public Optional<EngineResults> baseline() {
        return engines.size() == 2 ? Optional.of(engines.get(1)) : Optional.empty();
    }

    /** Queries that completed on every engine: those that totals, ratios and the chart cover. */
    public List<Integer> queriesCompletedByAll() {
        return queries.stream()
                .filter(query -> engines.stream()
                        .allMatch(engine -> engine.completed(query).isPresent()))
                .toList();
    }

    /** Aqueduct median / baseline median for one query, when both completed it. */
    public Optional<Double> ratio(int query) {
        return baseline().flatMap(baseline -> aqueduct().completed(query).flatMap(ours -> baseline.completed(query)
                .map(theirs -> ours.timings().medianMillis() / theirs.timings().medianMillis())));
    }

    /** Whether both engines returned as many rows for the query; empty without a baseline or on failure. */
    public Optional<Boolean> rowCountsAgree(int query) {
        return baseline().flatMap(baseline -> aqueduct().completed(query).flatMap(ours -> baseline.completed(query)
                .map(theirs -> ours.rowCount() == theirs.rowCount())));
    }

    /** Sum of {@code statistic} over {@link #queriesCompletedByAll()} for one engine. */
    public double total(EngineResults engine, ToDoubleFunction<TimingStatistics> statistic) {
        return queriesCompletedByAll().stream()
                .mapToDouble(query -> statistic.applyAsDouble(
                        engine.completed(query).orElseThrow().timings()))
                .sum();
    }

    /** Total Aqueduct median / total baseline median; empty when no query completed on both. */
    public Optional<Double> totalRatio() {
        if (queriesCompletedByAll().isEmpty()) {
            return Optional.empty();
        }
        return baseline()
                .map(baseline -> total(aqueduct(), TimingStatistics::medianMillis)
                        / total(baseline, TimingStatistics::medianMillis));
    }
}
