package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Loads the shaded jar alone, as DBeaver does, and talks protobuf to a stock (unshaded) Avatica
 * server; runs in the {@code integration-test} phase.
 */
class TestShadedJarConnects {
    private static RecordingMeta meta;
    private static HttpServer server;
    private static URLClassLoader jarLoader;
    private static Driver driver;

    @BeforeAll
    static void startServerAndLoadJar() throws Exception {
        meta = new RecordingMeta();
        server = new HttpServer.Builder<>()
                .withHandler(new LocalService(meta), org.apache.calcite.avatica.remote.Driver.Serialization.PROTOBUF)
                .withPort(0)
                .build();
        server.start();
        URL jar = new File(System.getProperty("aqueduct.shadedJar")).toURI().toURL();
        jarLoader = new URLClassLoader(new URL[] {jar}, ClassLoader.getPlatformClassLoader());
        driver = (Driver) Class.forName("io.aqueduct.jdbc.AqueductDriver", true, jarLoader)
                .getConstructor()
                .newInstance();
    }

    @AfterAll
    static void stopServer() throws IOException {
        server.stop();
        jarLoader.close();
    }

    @Test
    void runsAQuery() throws SQLException {
        try (Connection connection = driver.connect(url("/tpch/sf1"), new Properties());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT 42 AS answer")) {
            assertThat(connection.getClass().getSuperclass().getName())
                    .isEqualTo("io.aqueduct.jdbc.shaded.org.apache.calcite.avatica.AvaticaConnection");
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt("answer")).isEqualTo(42);
            assertThat(rows.next()).isFalse();
        }
    }

    /**
     * A result of many frames from a stock Avatica server: every row arrives once and in order, with the
     * next frame fetched ahead while this one is read; two results of one connection read in turns and a
     * statement executed again before its result ended each keep their own rows.
     */
    @Test
    void fetchesResultsFrameByFrame() throws SQLException {
        String numbers = "SELECT X, CAST(X AS VARCHAR) AS T, CAST(X AS DECIMAL(12, 2)) / 4 AS D,"
                + " DATEADD(DAY, X, DATE '2020-01-01') AS DT FROM SYSTEM_RANGE(1, %d) ORDER BY X";
        try (Connection connection = driver.connect(url(""), new Properties());
                Statement first = connection.createStatement();
                Statement second = connection.createStatement()) {
            first.setFetchSize(100);
            second.setFetchSize(70);
            ResultSet firstRows = first.executeQuery(numbers.formatted(3000));
            ResultSet secondRows = second.executeQuery(numbers.formatted(2000));
            for (long row = 1; row <= 2000; row++) {
                assertRow(firstRows, row);
                assertRow(secondRows, row);
            }
            assertThat(secondRows.next()).isFalse();
            // Executed again with frames of the earlier result still coming.
            ResultSet again = first.executeQuery(numbers.formatted(500));
            for (long row = 1; row <= 500; row++) {
                assertRow(again, row);
            }
            assertThat(again.next()).isFalse();
        }
    }

    private static void assertRow(ResultSet rows, long expected) throws SQLException {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getLong(1)).isEqualTo(expected);
        assertThat(rows.getString("T")).isEqualTo(Long.toString(expected));
        assertThat(rows.getBigDecimal(3)).isEqualByComparingTo(BigDecimal.valueOf(expected * 25, 2));
        assertThat(rows.getObject(4).toString())
                .isEqualTo(LocalDate.of(2020, 1, 1).plusDays(expected).toString());
    }

    @Test
    void serverReceivesCatalogSchemaAndSettings() throws SQLException {
        Properties info = new Properties();
        info.setProperty("distributed.dynamic_task_count", "4");
        try (Connection connection = driver.connect(url("/tpch/sf1?join.broadcast_limit=10MB"), info)) {
            assertThat(meta.infoOf(connectionId(connection)))
                    .containsOnly(
                            Map.entry("catalog", "tpch"),
                            Map.entry("schema", "sf1"),
                            Map.entry("join.broadcast_limit", "10MB"),
                            Map.entry("distributed.dynamic_task_count", "4"),
                            Map.entry("timestampUnit", "micros"));
        }
    }

    @Test
    void metadataNamesTheDriver() throws SQLException {
        try (Connection connection = driver.connect(url(""), new Properties())) {
            assertThat(connection.getMetaData().getDriverName()).isEqualTo("Aqueduct JDBC Driver");
            assertThat(connection.getMetaData().getDriverVersion()).isEqualTo(System.getProperty("aqueduct.version"));
            assertThat(connection.getMetaData().getURL()).isEqualTo(url(""));
        }
    }

    /**
     * The extension interfaces keep their names in the shaded jar, and unwrap works on its
     * connections and statements; {@code sys.queries} is an H2 table here, filled by hand.
     */
    @Test
    void unwrapsToTheAqueductInterfaces() throws Exception {
        Class<?> connectionApi = Class.forName("io.aqueduct.jdbc.AqueductConnection", true, jarLoader);
        Class<?> statementApi = Class.forName("io.aqueduct.jdbc.AqueductStatement", true, jarLoader);
        try (Connection connection = driver.connect(url(""), new Properties());
                Statement setup = connection.createStatement();
                Statement statement = connection.createStatement()) {
            setup.execute("CREATE SCHEMA sys");
            setup.execute("CREATE TABLE sys.queries (query_id VARCHAR, connection_id VARCHAR,"
                    + " statement_id INTEGER, start_time VARCHAR, final_plan VARCHAR, final_plan_json VARCHAR)");
            statement.executeQuery("SELECT 42").close();
            int statementId = (int) statement.getClass().getMethod("getId").invoke(statement);
            setup.executeUpdate("INSERT INTO sys.queries VALUES ('q1', '" + connectionId(connection) + "', "
                    + statementId + ", '2025-01-01T00:00:00Z', 'Query q1: 1 rows', '{\"stages\":[]}')");

            Object aqueductStatement = statement.unwrap(statementApi);
            assertThat(statementApi.getMethod("getQueryId").invoke(aqueductStatement))
                    .isEqualTo(Optional.of("q1"));
            Object aqueductConnection = connection.unwrap(connectionApi);
            assertThat(connectionApi.getMethod("getFinalPlan", String.class).invoke(aqueductConnection, "q1"))
                    .isEqualTo("Query q1: 1 rows");
        }
    }

    /** slf4j finds its provider in the jar, so it prints no "No SLF4J providers" warning on the client's console. */
    @Test
    void bundlesAnSlf4jProviderForItsRelocatedLogging() throws Exception {
        Class<?> providerApi =
                Class.forName("io.aqueduct.jdbc.shaded.org.slf4j.spi.SLF4JServiceProvider", true, jarLoader);

        assertThat(ServiceLoader.load(providerApi, jarLoader).stream().map(ServiceLoader.Provider::type))
                .singleElement()
                .satisfies(type -> assertThat(type.getName()).startsWith("io.aqueduct.jdbc.shaded.org.slf4j.nop."));
    }

    private static String url(String pathAndQuery) {
        return "jdbc:aqueduct://localhost:" + server.getPort() + pathAndQuery;
    }

    /** The shaded connection's id, read reflectively: its class is not on this test's classpath. */
    private static String connectionId(Connection connection) {
        try {
            return (String) connection.getClass().getField("id").get(connection);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Records each connection's info map (Avatica delivers an empty one as null); H2 itself gets
     * none, it rejects unknown settings.
     */
    private static final class RecordingMeta extends JdbcMeta {
        private final Map<String, Map<String, String>> infoByConnection = new ConcurrentHashMap<>();

        RecordingMeta() throws SQLException {
            super("jdbc:h2:mem:");
        }

        @Override
        public void openConnection(ConnectionHandle connection, Map<String, String> info) {
            infoByConnection.put(connection.id, info == null ? Map.of() : Map.copyOf(info));
            super.openConnection(connection, Map.of());
        }

        Map<String, String> infoOf(String connectionId) {
            return infoByConnection.get(connectionId);
        }
    }
}
