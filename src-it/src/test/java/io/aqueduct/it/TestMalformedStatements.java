package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Generated malformed statements (mutations of the 22 TPC-H texts, {@link StatementMutator}) against a
 * real cluster: each either runs or fails with an SQLException carrying a five-character SQLState that
 * is not an internal error (XX000), no other exception, no hang, and the server answers afterwards.
 * {@code -Daqueduct.it.fuzzStatements=10000 -Djunit.jupiter.execution.timeout.default=20m} runs the full
 * count (about ten minutes here); CI runs 1,000 (about a minute). Every statement runs even after a
 * crash, so one run reports them all. The seed is fixed (and can be set with
 * {@code -Daqueduct.it.fuzzSeed}), so a failure reproduces.
 */
@ExtendWith(SharedCluster.class)
class TestMalformedStatements {
    private static final int STATEMENTS = Integer.getInteger("aqueduct.it.fuzzStatements", 1000);
    private static final long SEED = Long.getLong("aqueduct.it.fuzzSeed", 20261201L);
    /** Mutations that stay valid may be expensive (a dropped join condition): they are cut short. */
    private static final int QUERY_TIMEOUT_SECONDS = 3;

    private final AqueductCluster cluster;

    TestMalformedStatements(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void everyMalformedStatementFailsWithAnSqlStateAndTheServerKeepsAnswering() throws Exception {
        StatementMutator mutator = new StatementMutator(SEED);
        List<String> sources =
                TpchQueries.numbers().stream().map(TpchQueries::query).toList();
        Map<String, Integer> bySqlState = new TreeMap<>();
        List<String> crashes = new ArrayList<>();
        int succeeded = 0;
        long started = System.nanoTime();
        try (Connection connection = cluster.connect("tpch", "tiny");
                Statement statement = connection.createStatement()) {
            // One statement for all: a failed execution leaves it usable, and it saves two round trips each.
            statement.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            statement.setMaxRows(10);
            for (int i = 0; i < STATEMENTS; i++) {
                String sql = mutator.mutate(sources.get(i % sources.size()));
                try {
                    try (ResultSet rows = statement.executeQuery(sql)) {
                        while (rows.next()) {
                            // read what it returns
                        }
                    }
                    succeeded++;
                } catch (SQLException e) {
                    String state = e.getSQLState();
                    bySqlState.merge(String.valueOf(state), 1, Integer::sum);
                    if (state == null || state.length() != 5 || state.equals("XX000")) {
                        crashes.add(describe(i, sql, e));
                    }
                } catch (RuntimeException e) {
                    // Anything but an SQLException escaping the driver is a crash too.
                    bySqlState.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                    crashes.add(describe(i, sql, e));
                }
            }
            assertAnswers(connection);
        }
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        System.out.printf(
                "malformed statements: %d (seed %d) in %d s: %d ran, failures by SQLState %s, %d crashes%n",
                STATEMENTS, SEED, seconds, succeeded, bySqlState, crashes.size());
        assertThat(crashes.subList(0, Math.min(20, crashes.size())))
                .as("statements without a proper SQLState: %d, the first 20", crashes.size())
                .isEmpty();
        assertThat(cluster.isCoordinatorAlive()).isTrue();
        assertThat(bySqlState.values().stream().mapToInt(Integer::intValue).sum() + succeeded)
                .isEqualTo(STATEMENTS);
        try (Connection fresh = cluster.connect("tpch", "tiny")) {
            assertAnswers(fresh);
        }
    }

    private static void assertAnswers(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM nation")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).isEqualTo(25L);
        }
    }

    private static String describe(int index, String sql, Exception e) {
        return "statement %d (%s): %s %s: %s"
                .formatted(
                        index,
                        abbreviated(sql),
                        e.getClass().getName(),
                        e instanceof SQLException s ? s.getSQLState() : "",
                        e.getMessage());
    }

    private static String abbreviated(String sql) {
        return sql.length() <= 300 ? sql : sql.substring(0, 300) + "... (" + sql.length() + " chars)";
    }
}
