package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code aqueduct worker --coordinator URL}: a worker started apart from the cluster announces itself,
 * shows ACTIVE in {@code sys.workers} and gets tasks; killed, it is UNREACHABLE and out of scheduling
 * within a few seconds, and queries go on running right on the others.
 */
class TestWorkerRegistration {
    /** The membership probes every second; a few probes' worth of slack on a loaded machine. */
    private static final Duration STATE_DEADLINE = Duration.ofSeconds(15);

    @Test
    void anAnnouncedWorkerJoinsAndALostOneLeavesScheduling() throws Exception {
        try (AqueductCluster cluster =
                        AqueductCluster.builder().name("registration").start();
                DuckDbOracle oracle = DuckDbOracle.load(0.01);
                Connection connection = cluster.connect("tpch", "tiny")) {
            String coordinatorUrl = cluster.jdbcUrl().replace("jdbc:aqueduct:", "http:");
            String extraUrl;
            try (AqueductCluster.ExtraWorker extra =
                    cluster.startWorker("--port", "0", "--coordinator", coordinatorUrl)) {
                extraUrl = extra.url();
                awaitState(connection, extraUrl, "ACTIVE");
                assertThat(workerStates(connection)).hasSize(3);

                String sql = TpchQueries.query(3);
                assertAnswer(connection, oracle, sql);
                assertThat(cluster.workerInfo(extraUrl).recentTaskIds())
                        .as("tasks the announced worker ran")
                        .isNotEmpty();

                long killed = System.nanoTime();
                extra.process().destroyForcibly();
                awaitState(connection, extraUrl, "UNREACHABLE");
                System.out.printf(
                        "registration: %s out of scheduling %d ms after its kill%n",
                        extraUrl, (System.nanoTime() - killed) / 1_000_000);
            }
            // Planned on the two workers left, and right.
            assertAnswer(connection, oracle, TpchQueries.query(3));
            assertAnswer(connection, oracle, TpchQueries.query(10));
            assertThat(workerStates(connection)).containsEntry(extraUrl, "UNREACHABLE");
            cluster.awaitWorkersIdle();
        }
    }

    private static void assertAnswer(Connection connection, DuckDbOracle oracle, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            ResultComparator.assertSameResults(oracle.execute(sql), ResultReader.read(rows), true);
        }
    }

    private static Map<String, String> workerStates(Connection connection) throws SQLException {
        Map<String, String> states = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT worker_url, state FROM sys.workers")) {
            while (rows.next()) {
                states.put(rows.getString(1), rows.getString(2));
            }
        }
        return states;
    }

    private static void awaitState(Connection connection, String workerUrl, String state) throws Exception {
        long deadline = System.nanoTime() + STATE_DEADLINE.toNanos();
        while (!state.equals(workerStates(connection).get(workerUrl))) {
            assertThat(System.nanoTime() - deadline)
                    .as(
                            "%s %s in sys.workers within %s: %s",
                            workerUrl, state, STATE_DEADLINE, workerStates(connection))
                    .isNegative();
            Thread.sleep(100);
        }
    }
}
