package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stopping queries through the driver (DESIGN.md sections 4 and 6): {@code Statement.cancel()},
 * {@code setQueryTimeout}, {@code KILL QUERY} and closing a statement all end the query in the
 * server's CANCELED state, leave no task on any worker, and leave the connection usable; and a query
 * that runs longer than the driver's HTTP read timeout still returns its rows.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestQueryCancellation {
    /**
     * A filtered scan of the 60 million rows of sf10's lineitem: minutes of work, far more than any test
     * waits for. The pattern is a marker of each test's own, which finds its query in {@code sys.queries}.
     */
    private static final String ENDLESS = "SELECT count(*) FROM tpch.sf10.lineitem WHERE l_comment LIKE '%%%s%%'";

    /**
     * About 100 million joined rows to count (15,000 orders paired within each of 3 statuses, two of them holding nearly
     * all): runs for a second or more, then answers. (Paired within 5 priorities, 45 million, it came to run in under
     * half a second.)
     */
    private static final String SLOW =
            "SELECT count(*) FROM tpch.tiny.orders a JOIN tpch.tiny.orders b ON a.o_orderstatus = b.o_orderstatus";

    private static final Duration CANCEL_RETURNS_WITHIN = Duration.ofMillis(100);
    private static final Duration CANCELED_WITHIN = Duration.ofSeconds(1);
    private static final Duration TIMED_OUT_WITHIN = Duration.ofSeconds(2);
    private static final Duration RUNNING_DEADLINE = Duration.ofSeconds(30);
    private static final String CANCELED = "57014";
    private static final String TIMEOUT = "HYT00";

    private final AqueductCluster cluster;
    private final ExecutorService client = Executors.newCachedThreadPool();
    private Connection observer;

    TestQueryCancellation(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        observer = cluster.connect();
    }

    @AfterAll
    void close() throws SQLException {
        observer.close();
        client.shutdownNow();
    }

    /** No task of any query stays on a worker after it was stopped: polled with a deadline. */
    @AfterEach
    void noTaskRemains() throws InterruptedException {
        cluster.awaitWorkersIdle();
    }

    @Test
    void cancelOfAStatementReturnsAtOnceAndEndsItsQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            assertCancels(endless, statement, () -> fetchFirstRow(statement.executeQuery(endless)));
        }
    }

    @Test
    void cancelOfAPreparedStatementReturnsAtOnceAndEndsItsQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                PreparedStatement statement = connection.prepareStatement(endless)) {
            assertCancels(endless, statement, () -> fetchFirstRow(statement.executeQuery()));
        }
    }

    @Test
    void queryTimeoutOfAStatementEndsALongQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(1);
            assertTimesOut(endless, () -> fetchFirstRow(statement.executeQuery(endless)));
            statement.setQueryTimeout(0);
            assertStillAnswers(statement);
        }
    }

    @Test
    void queryTimeoutOfAPreparedStatementEndsALongQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                PreparedStatement statement = connection.prepareStatement(endless)) {
            statement.setQueryTimeout(1);
            assertTimesOut(endless, () -> fetchFirstRow(statement.executeQuery()));
        }
    }

    @Test
    void aStatementWithoutTimeoutIsNotBoundByAnEarlierOnesTimeout() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                Statement bounded = connection.createStatement();
                Statement unbounded = connection.createStatement()) {
            bounded.setQueryTimeout(1);
            assertTimesOut(endless, () -> fetchFirstRow(bounded.executeQuery(endless)));
            try (ResultSet settings = unbounded.executeQuery("SHOW SETTINGS")) {
                while (settings.next()) {
                    if (settings.getString("name").equals("query.timeout")) {
                        assertThat(settings.getString("value")).isEqualTo("0");
                    }
                }
            }
        }
    }

    @Test
    void killQueryFromAnotherConnectionCancelsIt() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            Future<SQLException> running = runUntilFailure(() -> fetchFirstRow(statement.executeQuery(endless)));
            String queryId = awaitRunning(endless);
            try (Statement killer = observer.createStatement()) {
                killer.execute("KILL QUERY '" + queryId + "'");
            }
            SQLException failure = running.get(CANCELED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            assertThat((Throwable) failure).isNotNull();
            assertThat(failure.getSQLState()).as(failure.getMessage()).isEqualTo(CANCELED);
            assertThat(failure.getMessage()).contains(queryId).contains("KILL QUERY");
            assertThat(awaitState(queryId)).isEqualTo("CANCELED");
            assertStillAnswers(statement);
        }
    }

    @Test
    void killOfAQueryThatIsNotRunningIsAnError() throws SQLException {
        try (Statement statement = observer.createStatement()) {
            SQLException failure = SqlFailures.sqlFailure(() -> statement.execute("KILL QUERY 'no_such_query'"));
            assertThat(failure.getSQLState()).isEqualTo("22023");
            assertThat(failure.getMessage()).contains("no_such_query").contains("not running");
            SQLException malformed = SqlFailures.sqlFailure(() -> statement.execute("KILL QUERY 42"));
            assertThat(malformed.getSQLState()).isEqualTo("42000");
        }
    }

    @Test
    void closingARunningStatementCancelsItsQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        try (Connection connection = cluster.connect()) {
            Statement statement = connection.createStatement();
            Future<SQLException> running = runUntilFailure(() -> fetchFirstRow(statement.executeQuery(endless)));
            String queryId = awaitRunning(endless);
            statement.close();
            assertThat(awaitState(queryId)).isEqualTo("CANCELED");
            // What the executing thread sees of its statement closing under it is Avatica's business; it ends.
            running.get(CANCELED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void closingAConnectionCancelsItsQuery() throws Exception {
        String endless = ENDLESS.formatted(marker());
        Connection connection = cluster.connect();
        Statement statement = connection.createStatement();
        Future<SQLException> running = runUntilFailure(() -> fetchFirstRow(statement.executeQuery(endless)));
        String queryId = awaitRunning(endless);
        connection.close();
        assertThat(awaitState(queryId)).isEqualTo("CANCELED");
        running.get(CANCELED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Test
    void aQueryLongerThanTheHttpReadTimeoutReturnsItsRows() throws Exception {
        Duration readTimeout = Duration.ofMillis(500);
        Properties properties = new Properties();
        properties.setProperty("http_response_timeout", Long.toString(readTimeout.toMillis()));
        // A fetch answers within 100 ms, with rows or without: well inside the client's read timeout.
        properties.setProperty("query.fetch_wait", "100ms");
        List<List<Object>> expected;
        try (DuckDbOracle oracle = DuckDbOracle.load(0.01)) {
            expected = oracle.query(SLOW.replace("tpch.tiny.", ""));
        }
        try (Connection connection = cluster.connect(properties);
                Statement statement = connection.createStatement()) {
            long start = System.nanoTime();
            try (ResultSet rows = statement.executeQuery(SLOW)) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong(1)).isEqualTo(((Number) expected.get(0).get(0)).longValue());
                assertThat(rows.next()).isFalse();
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            System.out.printf(
                    "Query longer than the read timeout (%s) completed in %d ms%n", readTimeout, elapsed.toMillis());
            assertThat(elapsed).as("the query outlasts the read timeout").isGreaterThan(readTimeout);
        }
    }

    // ---- helpers

    @FunctionalInterface
    private interface SqlCall {
        void run() throws SQLException;
    }

    private void assertCancels(String sql, Statement statement, SqlCall query) throws Exception {
        Future<SQLException> running = runUntilFailure(query);
        String queryId = awaitRunning(sql);

        long start = System.nanoTime();
        statement.cancel();
        long cancelReturned = System.nanoTime();
        SQLException failure = running.get(CANCELED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        long ended = System.nanoTime();

        Duration returnLatency = Duration.ofNanos(cancelReturned - start);
        Duration endLatency = Duration.ofNanos(ended - start);
        System.out.printf(
                "%s.cancel(): returned after %.1f ms, statement ended after %.1f ms%n",
                statement.getClass().getSimpleName(), returnLatency.toNanos() / 1e6, endLatency.toNanos() / 1e6);
        assertThat(returnLatency).isLessThan(CANCEL_RETURNS_WITHIN);
        assertThat((Throwable) failure).as("the canceled statement's failure").isNotNull();
        assertThat(failure.getSQLState()).as(failure.getMessage()).isEqualTo(CANCELED);
        assertThat(endLatency).isLessThan(CANCELED_WITHIN);
        assertThat(awaitState(queryId)).isEqualTo("CANCELED");
        assertStillAnswers(statement);
    }

    private void assertTimesOut(String sql, SqlCall query) throws Exception {
        long start = System.nanoTime();
        Future<SQLException> running = runUntilFailure(query);
        SQLException failure = running.get(RUNNING_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf("setQueryTimeout(1): statement ended after %d ms%n", elapsed.toMillis());
        assertThat((Throwable) failure).isInstanceOf(SQLTimeoutException.class);
        assertThat(failure.getSQLState()).as(failure.getMessage()).isEqualTo(TIMEOUT);
        assertThat(elapsed).isLessThan(TIMED_OUT_WITHIN);
        String queryId = latestQueryOf(sql).orElseThrow();
        assertThat(awaitState(queryId)).isEqualTo("CANCELED");
    }

    /** The connection and statement still run queries: one whose answer the connection must get right. */
    private static void assertStillAnswers(Statement statement) throws SQLException {
        try (ResultSet rows = statement.getConnection().createStatement().executeQuery("SELECT 6 * 7")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(42);
        }
        if (!(statement instanceof PreparedStatement)) {
            try (ResultSet rows = statement.executeQuery("SELECT 1 + 1")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getInt(1)).isEqualTo(2);
            }
        }
    }

    private static void fetchFirstRow(ResultSet rows) throws SQLException {
        try (rows) {
            rows.next();
        }
    }

    /** Runs the call on another thread; its future holds the SQLException it ended with, or null. */
    private Future<SQLException> runUntilFailure(SqlCall call) {
        return client.submit(() -> {
            try {
                call.run();
                return null;
            } catch (SQLException e) {
                return e;
            }
        });
    }

    /** A LIKE pattern that matches only the query carrying the marker of {@code sql}. */
    private static String markerPattern(String sql) {
        int start = sql.indexOf("marker-");
        return "%" + sql.substring(start, sql.indexOf('\'', start)) + "%";
    }

    private static String marker() {
        return "marker-" + java.util.UUID.randomUUID();
    }

    /** The id of the query running {@code sql}, once {@code sys.queries} shows it RUNNING. */
    private String awaitRunning(String sql) throws Exception {
        long deadline = System.nanoTime() + RUNNING_DEADLINE.toNanos();
        try (PreparedStatement running = observer.prepareStatement(
                "SELECT query_id FROM sys.queries WHERE state = 'RUNNING' AND \"sql\" LIKE ?")) {
            running.setString(1, markerPattern(sql));
            while (true) {
                try (ResultSet rows = running.executeQuery()) {
                    if (rows.next()) {
                        return rows.getString(1);
                    }
                }
                assertThat(System.nanoTime() - deadline)
                        .as("query running in time")
                        .isNegative();
                Thread.sleep(50);
            }
        }
    }

    private Optional<String> latestQueryOf(String sql) throws Exception {
        try (PreparedStatement latest = observer.prepareStatement(
                "SELECT query_id FROM sys.queries WHERE \"sql\" LIKE ? ORDER BY query_id DESC")) {
            latest.setString(1, markerPattern(sql));
            try (ResultSet rows = latest.executeQuery()) {
                return rows.next() ? Optional.of(rows.getString(1)) : Optional.empty();
            }
        }
    }

    /** The query's state once it is terminal, polled with a deadline. */
    private String awaitState(String queryId) throws Exception {
        long deadline = System.nanoTime() + RUNNING_DEADLINE.toNanos();
        try (PreparedStatement state = observer.prepareStatement("SELECT state FROM sys.queries WHERE query_id = ?")) {
            state.setString(1, queryId);
            while (true) {
                try (ResultSet rows = state.executeQuery()) {
                    assertThat(rows.next())
                            .as("query %s in sys.queries", queryId)
                            .isTrue();
                    String current = rows.getString(1);
                    if (List.of("FINISHED", "FAILED", "CANCELED").contains(current)) {
                        return current;
                    }
                }
                assertThat(System.nanoTime() - deadline)
                        .as("query %s ended in time", queryId)
                        .isNegative();
                Thread.sleep(50);
            }
        }
    }
}
