package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.avatica.server.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AqueductStatement} and {@link AqueductConnection} through the driver, against a stock
 * Avatica server whose H2 database keeps {@code sys.queries} the way the coordinator's contract
 * says: one row per query it runs, keyed by Avatica's connection and statement ids.
 */
class TestDriverApiWithFakeServer {
    private static final String LATEST_QUERY_ID = SystemQuery.LATEST_QUERY_ID_OF_STATEMENT.sql();

    private static FakeCoordinatorMeta meta;
    private static HttpServer server;

    private Connection connection;

    @BeforeAll
    static void startServer() throws SQLException {
        meta = new FakeCoordinatorMeta("jdbc:h2:mem:driver-api;DB_CLOSE_DELAY=-1");
        server = new HttpServer.Builder<>()
                .withHandler(new LocalService(meta), Serialization.PROTOBUF)
                .withPort(0)
                .build();
        server.start();
    }

    @AfterAll
    static void stopServer() throws SQLException {
        server.stop();
        meta.close();
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = new AqueductDriver().connect("jdbc:aqueduct://localhost:" + server.getPort(), new Properties());
    }

    @AfterEach
    void disconnect() throws SQLException {
        connection.close();
    }

    @Test
    void queryIdNamesTheQueryTheStatementRanLast() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            String first = meta.latestRecordedQueryId();
            assertThat(queryId(statement)).contains(first);

            statement.executeQuery("SELECT 2").close();
            String second = meta.latestRecordedQueryId();
            assertThat(second).isNotEqualTo(first);
            assertThat(queryId(statement)).contains(second);
        }
    }

    @Test
    void eachStatementHasItsOwnQueryId() throws SQLException {
        try (Statement first = connection.createStatement();
                Statement second = connection.createStatement()) {
            first.execute("SELECT 1");
            String firstId = meta.latestRecordedQueryId();
            second.execute("SELECT 2");
            String secondId = meta.latestRecordedQueryId();
            assertThat(queryId(first)).contains(firstId);
            assertThat(queryId(second)).contains(secondId);
        }
    }

    @Test
    void preparedStatementQueryIdChangesWithEachExecution() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT CAST(? AS INTEGER) + 1")) {
            statement.setInt(1, 41);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getInt(1)).isEqualTo(42);
            }
            String first = meta.latestRecordedQueryId();
            assertThat(queryId(statement)).contains(first);

            statement.setInt(1, 1);
            statement.execute();
            String second = meta.latestRecordedQueryId();
            assertThat(second).isNotEqualTo(first);
            assertThat(queryId(statement)).contains(second);
        }
    }

    @Test
    void emptyBeforeAnyExecutionWithoutALookup() throws SQLException {
        int lookups = meta.executions(LATEST_QUERY_ID);
        try (Statement statement = connection.createStatement();
                PreparedStatement prepared = connection.prepareStatement("SELECT 1")) {
            assertThat(queryId(statement)).isEmpty();
            assertThat(queryId(prepared)).isEmpty();
        }
        assertThat(meta.executions(LATEST_QUERY_ID)).isEqualTo(lookups);
    }

    @Test
    void oneLookupPerExecutionHoweverOftenAsked() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            int lookups = meta.executions(LATEST_QUERY_ID);
            statement.executeQuery("SELECT 1").close();
            for (int i = 0; i < 3; i++) {
                assertThat(queryId(statement)).isPresent();
            }
            assertThat(meta.executions(LATEST_QUERY_ID)).isEqualTo(lookups + 1);

            statement.executeQuery("SELECT 2").close();
            assertThat(queryId(statement)).isPresent();
            assertThat(queryId(statement)).isPresent();
            assertThat(meta.executions(LATEST_QUERY_ID)).isEqualTo(lookups + 2);
        }
    }

    @Test
    void systemQueriesArePreparedOncePerConnection() throws SQLException {
        int prepares = meta.prepares(LATEST_QUERY_ID);
        int planPrepares = meta.prepares(SystemQuery.FINAL_PLAN.sql());
        for (int i = 0; i < 3; i++) {
            try (Statement statement = connection.createStatement()) {
                statement.executeQuery("SELECT 1").close();
                String queryId = queryId(statement).orElseThrow();
                connection.unwrap(AqueductConnection.class).getFinalPlan(queryId);
            }
        }
        assertThat(meta.prepares(LATEST_QUERY_ID)).isEqualTo(prepares + 1);
        assertThat(meta.prepares(SystemQuery.FINAL_PLAN.sql())).isEqualTo(planPrepares + 1);
    }

    @Test
    void aSystemStatementTheServerDroppedIsPreparedAgain() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            assertThat(queryId(statement)).isPresent();
            int prepares = meta.prepares(LATEST_QUERY_ID);
            meta.dropStatementsOf(LATEST_QUERY_ID);

            statement.executeQuery("SELECT 2").close();
            assertThat(queryId(statement)).contains(meta.latestRecordedQueryId());
            assertThat(meta.prepares(LATEST_QUERY_ID)).isEqualTo(prepares + 1);
        }
    }

    @Test
    void anExecutionTheServerRejectedHasNoQueryId() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            assertThat(queryId(statement)).isPresent();

            assertThatThrownBy(() -> statement.executeQuery("SELEC 1")).isInstanceOf(SQLException.class);
            assertThat(queryId(statement)).isEmpty();
        }
    }

    @Test
    void batchesCountAsExecutions() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE batch_target (x INTEGER)");
            String create = meta.latestRecordedQueryId();
            assertThat(queryId(statement)).contains(create);

            int lookups = meta.executions(LATEST_QUERY_ID);
            statement.addBatch("INSERT INTO batch_target VALUES (1)");
            statement.executeBatch();
            // This fake records no batches: the CREATE TABLE is still the latest, and not the answer.
            assertThat(queryId(statement)).isEmpty();
            assertThat(meta.executions(LATEST_QUERY_ID)).isEqualTo(lookups + 1);
        }
    }

    @Test
    void queryIdOutlivesTheStatement() throws SQLException {
        Statement statement = connection.createStatement();
        statement.executeQuery("SELECT 1").close();
        String recorded = meta.latestRecordedQueryId();
        statement.close();
        assertThat(queryId(statement)).contains(recorded);
    }

    @Test
    void lookupOnAClosedConnectionFails() throws SQLException {
        Statement statement = connection.createStatement();
        statement.executeQuery("SELECT 1").close();
        connection.close();
        assertThatThrownBy(() -> queryId(statement))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("Cannot look up the query id of statement "
                        + statement.unwrap(AvaticaStatement.class).getId() + " in sys.queries: ");
    }

    @Test
    void finalPlanTextAndJsonOfAQuery() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            String queryId = queryId(statement).orElseThrow();
            AqueductConnection aqueduct = connection.unwrap(AqueductConnection.class);
            assertThat(aqueduct.getFinalPlan(queryId))
                    .isEqualTo("Query " + queryId + ": 1 rows\nStage 0 [tasks 1 -> 1]\n  Values");
            assertThat(aqueduct.getFinalPlanJson(queryId))
                    .isEqualTo("{\"queryId\":\"" + queryId + "\",\"stages\":[{\"id\":0}]}");
        }
    }

    @Test
    void anyConnectionReadsTheFinalPlan() throws SQLException {
        String queryId;
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            queryId = queryId(statement).orElseThrow();
        }
        try (Connection other =
                new AqueductDriver().connect("jdbc:aqueduct://localhost:" + server.getPort(), new Properties())) {
            assertThat(other.unwrap(AqueductConnection.class).getFinalPlan(queryId))
                    .startsWith("Query " + queryId + ": ");
        }
    }

    @Test
    void unknownQueryIdFailsWithSqlState42000() throws SQLException {
        AqueductConnection aqueduct = connection.unwrap(AqueductConnection.class);
        assertThatThrownBy(() -> aqueduct.getFinalPlan("20200101_000000_99999"))
                .isInstanceOf(SQLException.class)
                .hasMessage("Unknown query id '20200101_000000_99999': sys.queries has no such query")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42000");
        assertThatThrownBy(() -> aqueduct.getFinalPlanJson("it's not an id"))
                .isInstanceOf(SQLException.class)
                .hasMessage("Unknown query id 'it's not an id': sys.queries has no such query")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42000");
    }

    @Test
    void unfinishedQueryFailsWithSqlState55000() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            String queryId = queryId(statement).orElseThrow();
            meta.markRunning(queryId);
            assertThatThrownBy(() -> connection.unwrap(AqueductConnection.class).getFinalPlan(queryId))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("Query " + queryId + " has no final plan yet: it has not finished")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("55000");
        }
    }

    private static Optional<String> queryId(Statement statement) throws SQLException {
        return statement.unwrap(AqueductStatement.class).getQueryId();
    }

    /**
     * For the types whose values the frame holds as their JDBC objects, {@code getObject} hands them over
     * as they are: the same values and classes Avatica's typed getters give, nulls included.
     */
    @Test
    void getObjectGivesWhatTheTypedGettersGive() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE typed_values (i INTEGER, l BIGINT, d DOUBLE, f BOOLEAN,"
                    + " s VARCHAR(20), x DECIMAL(12, 2), t DATE)");
            statement.execute("INSERT INTO typed_values VALUES"
                    + " (1, 2, 3.5, TRUE, 'text', 12.30, DATE '2020-01-02'),"
                    + " (-1000, -9000000000, -0.25, FALSE, '', -0.05, DATE '1969-12-31'),"
                    + " (NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
            try (ResultSet rows = statement.executeQuery("SELECT * FROM typed_values ORDER BY i NULLS LAST")) {
                int count = 0;
                while (rows.next()) {
                    count++;
                    assertThat(rows.getObject(1)).isEqualTo(typed(rows, rows.getInt(1)));
                    assertThat(rows.getObject(2)).isEqualTo(typed(rows, rows.getLong(2)));
                    assertThat(rows.getObject(3)).isEqualTo(typed(rows, rows.getDouble(3)));
                    assertThat(rows.getObject(4)).isEqualTo(typed(rows, rows.getBoolean(4)));
                    assertThat(rows.getObject(5)).isEqualTo(rows.getString(5));
                    assertThat(rows.getObject(6)).isEqualTo(rows.getBigDecimal(6));
                    assertThat(rows.getObject(7)).isEqualTo(rows.getDate(7));
                    if (count < 3) {
                        assertThat(rows.getObject(1)).isInstanceOf(Integer.class);
                        assertThat(rows.getObject(2)).isInstanceOf(Long.class);
                        assertThat(rows.getObject(6))
                                .isEqualTo(rows.getBigDecimal(6))
                                .isNotNull();
                    }
                }
                assertThat(count).isEqualTo(3);
            }
        }
    }

    /** The typed getter's value, null when it read a NULL. */
    private static Object typed(ResultSet rows, Object value) throws SQLException {
        return rows.wasNull() ? null : value;
    }

    /**
     * Avatica's JDBC Meta over H2, recording each query it runs in {@code sys.queries} once it
     * succeeds (a rejected one leaves no row), and counting the driver's own statements on it.
     */
    private static final class FakeCoordinatorMeta extends JdbcMeta {
        private final Connection bookkeeping;
        private final AtomicInteger sequence = new AtomicInteger();
        private final Map<Integer, String> sqlByStatement = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> prepares = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> executions = new ConcurrentHashMap<>();
        private volatile String latestRecorded;

        FakeCoordinatorMeta(String url) throws SQLException {
            super(url);
            bookkeeping = DriverManager.getConnection(url);
            try (Statement statement = bookkeeping.createStatement()) {
                statement.execute("CREATE SCHEMA sys");
                statement.execute("CREATE TABLE sys.queries (query_id VARCHAR PRIMARY KEY,"
                        + " connection_id VARCHAR, statement_id INTEGER, start_time VARCHAR,"
                        + " final_plan VARCHAR, final_plan_json VARCHAR)");
            }
        }

        @Override
        public StatementHandle prepare(ConnectionHandle connection, String sql, long maxRowCount) {
            StatementHandle handle = super.prepare(connection, sql, maxRowCount);
            sqlByStatement.put(handle.id, sql);
            count(prepares, sql);
            return handle;
        }

        @Override
        public ExecuteResult prepareAndExecute(
                StatementHandle handle, String sql, long maxRowCount, int maxRowsInFirstFrame, PrepareCallback callback)
                throws NoSuchStatementException {
            ExecuteResult result = super.prepareAndExecute(handle, sql, maxRowCount, maxRowsInFirstFrame, callback);
            record(handle, sql);
            return result;
        }

        @Override
        public ExecuteResult execute(StatementHandle handle, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
                throws NoSuchStatementException {
            ExecuteResult result = super.execute(handle, parameterValues, maxRowsInFirstFrame);
            record(handle, sqlByStatement.get(handle.id));
            return result;
        }

        private void record(StatementHandle handle, String sql) {
            count(executions, sql);
            if (sql.contains("sys.queries")) {
                return;
            }
            int number = sequence.incrementAndGet();
            String queryId = "20250101_000000_%05d".formatted(number);
            try (PreparedStatement insert =
                    bookkeeping.prepareStatement("INSERT INTO sys.queries VALUES (?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, queryId);
                insert.setString(2, handle.connectionId);
                insert.setInt(3, handle.id);
                insert.setString(4, Instant.EPOCH.plusSeconds(number).toString());
                insert.setString(5, "Query " + queryId + ": 1 rows\nStage 0 [tasks 1 -> 1]\n  Values");
                insert.setString(6, "{\"queryId\":\"" + queryId + "\",\"stages\":[{\"id\":0}]}");
                insert.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            latestRecorded = queryId;
        }

        String latestRecordedQueryId() {
            return latestRecorded;
        }

        int prepares(String sql) {
            return prepares.getOrDefault(sql, new AtomicInteger()).get();
        }

        int executions(String sql) {
            return executions.getOrDefault(sql, new AtomicInteger()).get();
        }

        /** Forgets the prepared statements of {@code sql}, as a server does when they expire. */
        void dropStatementsOf(String sql) {
            sqlByStatement.forEach((id, text) -> {
                if (text.equals(sql)) {
                    getStatementCache().invalidate(id);
                }
            });
        }

        void markRunning(String queryId) throws SQLException {
            try (PreparedStatement update = bookkeeping.prepareStatement(
                    "UPDATE sys.queries SET final_plan = NULL, final_plan_json = NULL WHERE query_id = ?")) {
                update.setString(1, queryId);
                update.executeUpdate();
            }
        }

        void close() throws SQLException {
            bookkeeping.close();
        }

        private static void count(Map<String, AtomicInteger> counts, String sql) {
            counts.computeIfAbsent(sql, key -> new AtomicInteger()).incrementAndGet();
        }
    }
}
