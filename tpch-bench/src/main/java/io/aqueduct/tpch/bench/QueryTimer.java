package io.aqueduct.tpch.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Times one query on a connection: one untimed warm-up execution, then {@code iterations} timed ones.
 * Each execution reads every row, so the time includes fetching the whole result.
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
        try {
            long rowCount = countRows(connection, sql);
            List<Duration> durations = new ArrayList<>(iterations);
            for (int i = 0; i < iterations; i++) {
                long start = nanoClock.getAsLong();
                countRows(connection, sql);
                durations.add(Duration.ofNanos(nanoClock.getAsLong() - start));
            }
            return new QueryRun.Completed(query, rowCount, TimingStatistics.of(durations));
        } catch (SQLException | RuntimeException e) {
            return new QueryRun.Failed(query, firstLine(e));
        }
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
