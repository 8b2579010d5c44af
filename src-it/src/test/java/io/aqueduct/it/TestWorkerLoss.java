package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Workers of a three-worker cluster killed with SIGKILL while TPC-H SF 0.1 queries run: each query runs
 * again on the workers left and gives DuckDB's answer, the embedded cluster starts the dead worker again
 * and it rejoins (ACTIVE in {@code sys.workers}, a new pid), and the queries after it are right too.
 */
class TestWorkerLoss {
    private static final double SCALE = 0.1;
    /** Queries that run long enough at SF 0.1 for a kill to hit them while their tasks run. */
    private static final List<Integer> QUERIES = List.of(1, 9, 18, 3);

    private static final Duration QUERY_DEADLINE = Duration.ofSeconds(180);
    private static final Duration REJOIN_DEADLINE = Duration.ofSeconds(60);

    /** Four kills, each with a retried SF 0.1 query and a worker restart: more than the 3-minute default. */
    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void queriesThatLoseAWorkerRunAgainAndGiveDuckDbsAnswers() throws Exception {
        ExecutorService client = Executors.newSingleThreadExecutor();
        try (AqueductCluster cluster = AqueductCluster.builder()
                        .name("worker-loss")
                        .localWorkers(3)
                        .start();
                DuckDbOracle oracle = DuckDbOracle.load(SCALE);
                Connection connection = DriverManager.getConnection(cluster.jdbcUrl() + "/tpch/sf0_1")) {
            List<String> report = new ArrayList<>();
            int retried = 0;
            for (int i = 0; i < QUERIES.size(); i++) {
                int number = QUERIES.get(i);
                String sql = TpchQueries.query(number);
                String victim =
                        cluster.workerUrls().get(i % cluster.workerUrls().size());
                long victimPid = cluster.workerInfo(victim).pid();

                Future<QueryResult> running = client.submit(() -> query(connection, sql));
                boolean killed = awaitTasksOn(cluster, victim, running);
                if (killed) {
                    ProcessHandle.of(victimPid).orElseThrow().destroyForcibly();
                }
                QueryResult actual = running.get(QUERY_DEADLINE.toSeconds(), TimeUnit.SECONDS);
                ResultComparator.assertSameResults(
                        oracle.execute(sql),
                        actual,
                        sql.toLowerCase(Locale.ROOT).contains("order by"));
                int attempts = lastAttempt(connection, sql);
                if (killed) {
                    assertThat(attempts)
                            .as("attempts of Q%d, which lost %s", number, victim)
                            .isGreaterThanOrEqualTo(2);
                    retried++;
                    long newPid = awaitRejoined(connection, victim, victimPid);
                    report.add("Q%d: killed %s (pid %d), %d attempts, DuckDB's %d rows, rejoined as pid %d"
                            .formatted(
                                    number,
                                    victim,
                                    victimPid,
                                    attempts,
                                    actual.rows().size(),
                                    newPid));
                } else {
                    report.add("Q%d: ended before the kill, %d attempt(s)".formatted(number, attempts));
                }
            }
            report.forEach(line -> System.out.println("worker-loss: " + line));
            assertThat(retried).as("queries that lost a worker: %s", report).isGreaterThanOrEqualTo(QUERIES.size() / 2);

            // After the losses, the next query runs on all three workers again and is right.
            String sql = TpchQueries.query(5);
            ResultComparator.assertSameResults(oracle.execute(sql), query(connection, sql), true);
            assertThat(lastAttempt(connection, sql)).isEqualTo(1);
            cluster.awaitWorkersIdle();
        } finally {
            client.shutdownNow();
        }
    }

    private static QueryResult query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet);
        }
    }

    /** Waits until the victim runs a task; false if the query ended first. */
    private static boolean awaitTasksOn(AqueductCluster cluster, String victim, Future<?> query)
            throws InterruptedException {
        while (!query.isDone()) {
            if (cluster.workerInfo(victim).activeTasks() > 0) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    /** The attempt count of the last query with this text, from {@code sys.queries}. */
    private static int lastAttempt(Connection connection, String sql) throws SQLException {
        int attempt = 0;
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT \"sql\", attempt, state FROM sys.queries ORDER BY start_time, query_id")) {
            while (rows.next()) {
                if (rows.getString(1).equals(sql)) {
                    attempt = rows.getInt(2);
                    assertThat(rows.getString(3)).isEqualTo("FINISHED");
                }
            }
        }
        assertThat(attempt).as("sys.queries row of %s", sql).isPositive();
        return attempt;
    }

    /** Waits until every worker is ACTIVE in sys.workers and the victim has a new pid; returns it. */
    private static long awaitRejoined(Connection connection, String victim, long deadPid) throws Exception {
        long deadline = System.nanoTime() + REJOIN_DEADLINE.toNanos();
        while (true) {
            long victimPid = -1;
            boolean allActive = true;
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT worker_url, state, pid FROM sys.workers")) {
                while (rows.next()) {
                    allActive &= rows.getString(2).equals("ACTIVE");
                    if (rows.getString(1).equals(victim)) {
                        victimPid = rows.getLong(3);
                    }
                }
            }
            if (allActive && victimPid > 0 && victimPid != deadPid) {
                return victimPid;
            }
            assertThat(System.nanoTime() - deadline)
                    .as("%s back in sys.workers within %s", victim, REJOIN_DEADLINE)
                    .isNegative();
            Thread.sleep(200);
        }
    }
}
