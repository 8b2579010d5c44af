package io.aqueduct.tpch.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * What {@code bench skew} measured in one run: each skew query with AQE on and with AQE off, in sessions
 * with the same {@code settings}, and whether both modes returned the same rows. Query {@code i} (from 1)
 * is {@code queries.get(i - 1)}. Ratios divide the AQE-on median by the AQE-off median.
 *
 * @param settings the session settings both modes ran with, by name
 * @param checks the result comparison of each query, by number
 */
public record SkewReport(
        SkewSize size,
        int iterations,
        String target,
        Map<String, String> settings,
        List<String> queries,
        EngineResults adaptive,
        EngineResults staticCounts,
        Map<Integer, ResultCheck> checks) {
    public SkewReport {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        queries = List.copyOf(queries);
        checks = Map.copyOf(checks);
        for (int query : numbers(queries.size())) {
            if (!checks.containsKey(query)) {
                throw new IllegalArgumentException("No result check for query " + query);
            }
        }
    }

    /** Query numbers 1 to {@code count}. */
    static List<Integer> numbers(int count) {
        return IntStream.rangeClosed(1, count).boxed().toList();
    }

    public List<Integer> numbers() {
        return numbers(queries.size());
    }

    public String name(int query) {
        return queries.get(query - 1);
    }

    public ResultCheck check(int query) {
        return checks.get(query);
    }

    /** AQE-on median / AQE-off median, when both completed the query. */
    public Optional<Double> ratio(int query) {
        return adaptive.completed(query).flatMap(on -> staticCounts
                .completed(query)
                .map(off -> on.timings().medianMillis() / off.timings().medianMillis()));
    }

    /** Queries that completed in both modes: those the totals cover. */
    public List<Integer> queriesCompletedByBoth() {
        return numbers().stream()
                .filter(query -> adaptive.completed(query).isPresent()
                        && staticCounts.completed(query).isPresent())
                .toList();
    }

    /** Sum of one mode's {@code statistic} over {@link #queriesCompletedByBoth()}. */
    public double total(EngineResults mode, ToDoubleFunction<TimingStatistics> statistic) {
        return queriesCompletedByBoth().stream()
                .mapToDouble(query -> statistic.applyAsDouble(
                        mode.completed(query).orElseThrow().timings()))
                .sum();
    }

    /** Total AQE-on median / total AQE-off median; empty when no query completed in both modes. */
    public Optional<Double> totalRatio() {
        return queriesCompletedByBoth().isEmpty()
                ? Optional.empty()
                : Optional.of(total(adaptive, TimingStatistics::medianMillis)
                        / total(staticCounts, TimingStatistics::medianMillis));
    }

    /** What makes the run fail: failed queries, results that differ, results not compared. Empty if none. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        for (EngineResults mode : List.of(adaptive, staticCounts)) {
            for (QueryRun run : mode.runs()) {
                if (run instanceof QueryRun.Failed failed) {
                    problems.add("%s %s failed: %s".formatted(mode.engine(), name(failed.query()), failed.message()));
                }
            }
        }
        for (int query : numbers()) {
            if (check(query) instanceof ResultCheck.Different different) {
                problems.add("%s: results differ: %s".formatted(name(query), different.detail()));
            } else if (check(query) instanceof ResultCheck.Unchecked unchecked) {
                problems.add("%s: results not compared: %s".formatted(name(query), unchecked.reason()));
            }
        }
        return problems;
    }
}
