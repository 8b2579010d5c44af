package io.aqueduct.tpch.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times one query on one or more connections: one untimed warm-up execution on each, then {@code
 * iterations} timed ones. Each execution reads every row, so the time includes fetching the whole result.
 */
final class QueryTimer {
    private final int iterations;
    private final LongSupplier nanoClock;

    QueryTimer(int iterations, LongSupplier nanoClock) {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1: " + iterations);
        }
        this.iterations = iterations;
        this.nanoClock = nanoClock;
    }

    QueryRun time(Connection connection, int query, String sql) {
        return timeAlternating(Map.of("", connection), query, sql).get("");
    }

    /**
     * Times the query on every engine in turn: all the warm-ups first (in the map's order), then each timed
     * iteration on every engine, in the reverse order of the round before (A B, B A, A B, ...), so that JIT
     * compilation, caches and the machine's noise fall on all the engines alike: a compilation the first engine's
     * run starts ends in the next one's, and with a fixed order the first engine would pay for every one. An
     * engine that fails once is not run again. Returns each engine's run, in the map's order.
     */
    Map<String, QueryRun> timeAlternating(Map<String, Connection> engines, int query, String sql) {
        Map<String, Long> rowCounts = new LinkedHashMap<>();
        Map<String, List<Duration>> durations = new LinkedHashMap<>();
        Map<String, QueryRun> failures = new LinkedHashMap<>();
        for (Map.Entry<String, Connection> engine : engines.entrySet()) {
            try {
                rowCounts.put(engine.getKey(), countRows(engine.getValue(), sql));
                durations.put(engine.getKey(), new ArrayList<>(iterations));
            } catch (SQLException | RuntimeException e) {
                failures.put(engine.getKey(), new QueryRun.Failed(query, firstLine(e)));
            }
        }
        List<Map.Entry<String, Connection>> order = new ArrayList<>(engines.entrySet());
        for (int i = 0; i < iterations; i++) {
            Collections.reverse(order);
            for (Map.Entry<String, Connection> engine : order) {
                if (failures.containsKey(engine.getKey())) {
                    continue;
                }
                try {
                    long start = nanoClock.getAsLong();
                    countRows(engine.getValue(), sql);
                    durations.get(engine.getKey()).add(Duration.ofNanos(nanoClock.getAsLong() - start));
                } catch (SQLException | RuntimeException e) {
                    failures.put(engine.getKey(), new QueryRun.Failed(query, firstLine(e)));
                }
            }
        }
        Map<String, QueryRun> runs = new LinkedHashMap<>();
        for (String engine : engines.keySet()) {
            runs.put(
                    engine,
                    failures.containsKey(engine)
                            ? failures.get(engine)
                            : new QueryRun.Completed(
                                    query, rowCounts.get(engine), TimingStatistics.of(durations.get(engine))));
        }
        return runs;
    }

    private static long countRows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            long rows = 0;
            while (resultSet.next()) {
                rows++;
            }
            return rows;
        }
    }

    private static String firstLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
        return message.lines().findFirst().orElse(message).strip();
    }
}
