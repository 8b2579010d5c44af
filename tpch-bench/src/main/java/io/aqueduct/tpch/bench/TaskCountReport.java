package io.aqueduct.tpch.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What {@code bench tpch --aqe fixed} measured in one run: each query with adaptive task counts (AQE on),
 * with the static counts from statistics (AQE off), and with AQE off and each fixed task count
 * ({@code distributed.fixed_task_count}). Ratios divide the AQE-on median by the other's, so a ratio
 * below 1 means AQE on was faster. The best fixed count of a query is the one with the lowest median;
 * on a tie, the smaller count.
 *
 * @param fixed the results of each fixed task count, by count
 */
public record TaskCountReport(
        ScaleFactor scaleFactor,
        int iterations,
        String target,
        List<Integer> queries,
        EngineResults adaptive,
        EngineResults staticCounts,
        NavigableMap<Integer, EngineResults> fixed) {
    public TaskCountReport {
        queries = List.copyOf(queries);
        if (fixed.isEmpty()) {
            throw new IllegalArgumentException("Expected at least one fixed task count");
        }
        fixed = Collections.unmodifiableNavigableMap(new TreeMap<>(fixed));
    }

    /** A fixed task count and what the query measured with it. */
    public record FixedChoice(int taskCount, QueryRun.Completed run) {
        public double medianMillis() {
            return run.timings().medianMillis();
        }
    }

    /** Every mode in report order: AQE on, AQE off, then the fixed counts in ascending order. */
    public List<EngineResults> modes() {
        List<EngineResults> modes = new ArrayList<>(List.of(adaptive, staticCounts));
        modes.addAll(fixed.values());
        return modes;
    }

    /** The fixed count with the lowest median for {@code query}; empty when it failed with every count. */
    public Optional<FixedChoice> bestFixed(int query) {
        Optional<FixedChoice> best = Optional.empty();
        for (Map.Entry<Integer, EngineResults> entry : fixed.entrySet()) {
            Optional<QueryRun.Completed> run = entry.getValue().completed(query);
            if (run.isPresent()
                    && (best.isEmpty()
                            || run.get().timings().medianMillis() < best.get().medianMillis())) {
                best = Optional.of(new FixedChoice(entry.getKey(), run.get()));
            }
        }
        return best;
    }

    /** AQE-on median / AQE-off median, when both completed the query. */
    public Optional<Double> adaptiveToStatic(int query) {
        return adaptive.completed(query).flatMap(on -> staticCounts
                .completed(query)
                .map(off -> on.timings().medianMillis() / off.timings().medianMillis()));
    }

    /** AQE-on median / the best fixed count's median, when AQE on and some fixed count completed the query. */
    public Optional<Double> adaptiveToBestFixed(int query) {
        return adaptive.completed(query)
                .flatMap(on -> bestFixed(query).map(best -> on.timings().medianMillis() / best.medianMillis()));
    }

    /** Whether every mode that completed the query returned as many rows; empty unless two or more completed. */
    public Optional<Boolean> rowCountsAgree(int query) {
        List<Long> rowCounts = modes().stream()
                .flatMap(mode -> mode.completed(query).stream())
                .map(QueryRun.Completed::rowCount)
                .toList();
        return rowCounts.size() < 2
                ? Optional.empty()
                : Optional.of(rowCounts.stream().distinct().count() == 1);
    }

    /** Queries that completed in every mode: those the totals cover. */
    public List<Integer> queriesCompletedByAll() {
        return queries.stream()
                .filter(query ->
                        modes().stream().allMatch(mode -> mode.completed(query).isPresent()))
                .toList();
    }

    /** Sum of one mode's medians over {@link #queriesCompletedByAll()}. */
    public double totalMedian(EngineResults mode) {
        return queriesCompletedByAll().stream()
                .mapToDouble(
                        query -> mode.completed(query).orElseThrow().timings().medianMillis())
                .sum();
    }

    /** Sum over {@link #queriesCompletedByAll()} of each query's best fixed median (best count per query). */
    public double totalBestFixed() {
        return queriesCompletedByAll().stream()
                .mapToDouble(query -> bestFixed(query).orElseThrow().medianMillis())
                .sum();
    }

    /** Total AQE-on median / total AQE-off median; empty when no query completed in every mode. */
    public Optional<Double> totalAdaptiveToStatic() {
        return queriesCompletedByAll().isEmpty()
                ? Optional.empty()
                : Optional.of(totalMedian(adaptive) / totalMedian(staticCounts));
    }

    /** Total AQE-on median / total of the per-query best fixed medians; empty when nothing is covered. */
    public Optional<Double> totalAdaptiveToBestFixed() {
        return queriesCompletedByAll().isEmpty()
                ? Optional.empty()
                : Optional.of(totalMedian(adaptive) / totalBestFixed());
    }

    /**
     * The one fixed count that would serve all queries best: the lowest total median over
     * {@link #queriesCompletedByAll()}; on a tie, the smaller count. Empty when nothing is covered.
     */
    public Optional<Integer> bestSingleFixedCount() {
        if (queriesCompletedByAll().isEmpty()) {
            return Optional.empty();
        }
        Comparator<Map.Entry<Integer, EngineResults>> byTotal =
                Comparator.comparingDouble(entry -> totalMedian(entry.getValue()));
        return fixed.entrySet().stream()
                .min(byTotal.thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey);
    }
}
