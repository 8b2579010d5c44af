package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.aqueduct.it.cluster.AqueductCluster;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code serve --max-concurrent-queries 1}: while one query runs, the next waits QUEUED in
 * {@code sys.queries}; one whose {@code query.queue_timeout} passes fails with 53000; a queued one runs
 * once the running one ends.
 */
class TestQueryAdmission {
    private static final String LONG_QUERY = "SELECT count(*) FROM tpch.sf1.lineitem WHERE l_comment LIKE '%x%'";
    private static final String SHORT_QUERY = "SELECT count(*) FROM tpch.tiny.nation";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void queriesBeyondTheBoundWaitInTheQueue() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(2);
        try (AqueductCluster cluster = AqueductCluster.builder()
                        .name("admission")
                        .serveArguments("--max-concurrent-queries", "1")
                        .start();
                Connection observer = cluster.connect();
                Connection running = cluster.connect();
                Statement longStatement = running.createStatement()) {
            Future<Long> longQuery = clients.submit(() -> count(longStatement, LONG_QUERY));
            awaitState(observer, LONG_QUERY, "RUNNING");

            Properties impatient = new Properties();
            impatient.setProperty("query.queue_timeout", "1s");
            long started = System.nanoTime();
            SQLException timedOut;
            try (Connection connection = cluster.connect(impatient);
                    Statement statement = connection.createStatement()) {
                timedOut = catchThrowableOfType(() -> count(statement, SHORT_QUERY), SQLException.class);
            }
            assertThat((Throwable) timedOut)
                    .as("a query past its queue timeout")
                    .isNotNull();
            assertThat(timedOut.getSQLState()).as(timedOut.getMessage()).isEqualTo("53000");
            assertThat(timedOut.getMessage()).contains("query.queue_timeout").doesNotContain("\n\tat ");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));

            try (Connection waiting = cluster.connect();
                    Statement statement = waiting.createStatement()) {
                Future<Long> queued = clients.submit(() -> count(statement, SHORT_QUERY));
                awaitState(observer, SHORT_QUERY, "QUEUED");
                assertThat(queued).isNotDone();

                longStatement.cancel();
                Throwable canceled = catchThrowableOfType(
                        () -> longQuery.get(DEADLINE.toSeconds(), TimeUnit.SECONDS), ExecutionException.class);
                assertThat(canceled).isNotNull().cause().isInstanceOf(SQLException.class);
                assertThat(queued.get(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isEqualTo(25L);
            }
            cluster.awaitWorkersIdle();
        } finally {
            clients.shutdownNow();
        }
    }

    private static long count(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getLong(1);
        }
    }

    /** Polls sys.queries until a query with this text is in {@code state}. */
    private static void awaitState(Connection observer, String sql, String state) throws Exception {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            try (Statement statement = observer.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT \"sql\", state FROM sys.queries")) {
                while (rows.next()) {
                    if (rows.getString(1).equals(sql) && rows.getString(2).equals(state)) {
                        return;
                    }
                }
            }
            assertThat(System.nanoTime() - deadline)
                    .as("%s %s within %s", sql, state, DEADLINE)
                    .isNegative();
            Thread.sleep(50);
        }
    }
}
