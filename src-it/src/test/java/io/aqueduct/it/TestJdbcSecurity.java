package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.TlsFiles;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.jdbc.AqueductStatement;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator started with {@code --auth-file} and {@code --tls-keystore}, reached through the shaded
 * driver as a user would: the user file is written with {@code aqueduct hash-password}, the key store
 * with keytool.
 */
class TestJdbcSecurity {
    private static final String USER = "alice";
    private static final String PASSWORD = "correct horse battery staple";
    /** A user without the admin role. */
    private static final String OTHER_USER = "bob";

    private static final String OTHER_PASSWORD = "another long passphrase";
    private static final String QUERY = "SELECT r_name, count(*) AS nations FROM nation JOIN region"
            + " ON n_regionkey = r_regionkey GROUP BY r_name";
    /** A connection attempt must end in an error, never in Avatica's endless retry of a dropped request. */
    private static final Duration FAILURE_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    static Path directory;

    private static TlsFiles tls;
    private static AqueductCluster cluster;
    private static String baseUrl;

    @BeforeAll
    static void startSecuredCluster() throws IOException, InterruptedException {
        tls = TlsFiles.create(directory);
        Path users = directory.resolve("users.properties");
        Files.writeString(
                users, AqueductCluster.runCommand(PASSWORD + "\n", "hash-password", "--user", USER, "--role", "admin"));
        Files.writeString(
                users,
                AqueductCluster.runCommand(OTHER_PASSWORD + "\n", "hash-password", "--user", OTHER_USER),
                StandardOpenOption.APPEND);
        cluster = AqueductCluster.builder()
                .name("security")
                .serveArguments(
                        "--auth-file",
                        users.toString(),
                        "--tls-keystore",
                        tls.keystore().toString(),
                        "--tls-keystore-password",
                        tls.keystorePassword())
                .start();
        String announced = cluster.jdbcUrl();
        assertThat(announced).endsWith("?ssl=true");
        baseUrl = announced.substring(0, announced.indexOf('?'));
    }

    @AfterAll
    static void stopCluster() throws IOException, InterruptedException {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void userFileHoldsAHashNotThePassword() throws IOException {
        assertThat(Files.readString(directory.resolve("users.properties")))
                .startsWith(USER + ": PBKDF2:sha256:")
                .contains(",admin\n" + OTHER_USER + ": PBKDF2:sha256:")
                .doesNotContain(PASSWORD);
    }

    /** sys.queries (and the tables over the same registry) show a user their own queries; an admin sees all. */
    @Test
    void aUserSeesOnlyTheirOwnQueriesAndAnAdministratorSeesEveryone() throws SQLException {
        String adminUrl = url("", "password=" + encoded(PASSWORD));
        String userUrl = url("", "password=" + encoded(OTHER_PASSWORD)).replace("user=" + USER, "user=" + OTHER_USER);
        try (Connection admin = DriverManager.getConnection(adminUrl);
                Connection user = DriverManager.getConnection(userUrl)) {
            String adminQuery = lastQueryId(admin, "SELECT 2");
            String userQuery = lastQueryId(user, "SELECT 3");
            assertThat(visibleQueries(user)).contains(userQuery).doesNotContain(adminQuery);
            assertThat(visibleUsers(user)).containsOnly(OTHER_USER);
            assertThat(visibleQueries(admin)).contains(adminQuery, userQuery);
            try (Statement statement = user.createStatement();
                    ResultSet rows = statement.executeQuery(
                            "SELECT count(*) FROM sys.tasks WHERE query_id = '" + adminQuery + "'")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong(1)).as("another user's tasks").isZero();
            }
        }
    }

    /**
     * A connection sends requests from more than one thread (the driver fetches the next frame ahead
     * while the client runs its next statement; a cancel runs beside its query): every one of them
     * stays authenticated.
     */
    @Test
    void requestsFromSeveralThreadsOfOneConnectionStayAuthenticated() throws Exception {
        String multiFrameQuery = "SELECT l_orderkey, l_comment FROM lineitem";
        try (Connection connection = DriverManager.getConnection(url("/tpch/tiny", "password=" + encoded(PASSWORD)))) {
            ExecutorService threads = Executors.newFixedThreadPool(3);
            try {
                List<Future<Long>> rowCounts = new ArrayList<>();
                for (int thread = 0; thread < 3; thread++) {
                    rowCounts.add(threads.submit(() -> {
                        long rows = 0;
                        for (int round = 0; round < 4; round++) {
                            rows += JdbcResults.countRows(connection, multiFrameQuery);
                            assertThat(lastQueryId(connection, "SELECT 1")).isNotEmpty();
                        }
                        return rows;
                    }));
                }
                for (Future<Long> rowCount : rowCounts) {
                    assertThat(rowCount.get(2, TimeUnit.MINUTES))
                            .isEqualTo(4 * JdbcResults.countRows(connection, multiFrameQuery));
                }
            } finally {
                threads.shutdownNow();
            }
        }
    }

    private static String lastQueryId(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery(sql).close();
            return statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
        }
    }

    private static List<String> visibleQueries(Connection connection) throws SQLException {
        return column(connection, "SELECT query_id FROM sys.queries");
    }

    private static List<String> visibleUsers(Connection connection) throws SQLException {
        return column(connection, "SELECT DISTINCT user_name FROM sys.queries");
    }

    private static List<String> column(Connection connection, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }

    @Test
    void rightPasswordOverTlsConnectsAndQueries() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url("/tpch/tiny", "password=" + encoded(PASSWORD)));
                DuckDbOracle oracle = DuckDbOracle.load(0.01)) {
            assertThat(connection.getClass().getName()).startsWith("io.aqueduct.jdbc.");
            assertThat(connection.getClass().getSuperclass().getName())
                    .as("the shaded driver's connection")
                    .isEqualTo("io.aqueduct.jdbc.shaded.org.apache.calcite.avatica.AvaticaConnection");
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(QUERY)) {
                ResultComparator.assertSameResults(oracle.execute(QUERY), ResultReader.read(rows), false);
            }
        }
    }

    /** Avatica's own keys can authenticate one user and name another; the server records the first. */
    @Test
    void queriesRunAsTheAuthenticatedUserNotTheClaimedOne() throws SQLException {
        String url = baseUrl + "?ssl=true&" + tls.trustParameters() + "&authentication=BASIC&avatica_user=" + USER
                + "&avatica_password=" + encoded(PASSWORD) + "&user=mallory";
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1").close();
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            try (ResultSet rows =
                    statement.executeQuery("SELECT user_name FROM sys.queries WHERE query_id = '" + queryId + "'")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo(USER);
            }
        }
    }

    @Test
    void wrongPasswordFailsWith28000AndTheServerKeepsAnswering() throws SQLException {
        assertConnectFails(url("", "password=wrong"))
                .hasMessage("Authentication failed at Aqueduct localhost:%s: wrong user or password for user '%s'"
                        .formatted(port(), USER))
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("28000");
        assertAnswers();
    }

    @Test
    void unknownUserFailsWith28000() {
        assertConnectFails(url("", "password=" + encoded(PASSWORD)).replace("user=" + USER, "user=mallory"))
                .hasMessageEndingWith("wrong user or password for user 'mallory'")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("28000");
    }

    @Test
    void missingPasswordFailsWith28000() throws SQLException {
        assertConnectFails(url("", ""))
                .hasMessageEndingWith("no password given for user '" + USER + "'")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("28000");
        assertConnectFails(baseUrl + "?ssl=true&" + tls.trustParameters())
                .hasMessageEndingWith(
                        "the server requires a user and password;" + " set the user and password connection properties")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("28000");
        assertAnswers();
    }

    @Test
    void plainHttpToTheTlsPortFailsWithAHint() {
        assertConnectFails(baseUrl + "?user=" + USER + "&password=" + encoded(PASSWORD))
                .hasMessage("Cannot connect to Aqueduct at localhost:%s: the server requires TLS; connect with ssl=true"
                        .formatted(port()))
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08001");
    }

    @Test
    void untrustedCertificateFailsTheTlsHandshake() {
        assertConnectFails(baseUrl + "?ssl=true&user=" + USER + "&password=" + encoded(PASSWORD))
                .hasMessageStartingWith("Cannot connect to Aqueduct at localhost:%s: TLS failed: ".formatted(port()))
                .hasMessageEndingWith("(check ssl, truststore, truststore_password and hostname_verification)")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08001");
    }

    private static void assertAnswers() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url("", "password=" + encoded(PASSWORD)));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT 1 + 1")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(2);
        }
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertConnectFails(String url) {
        return assertTimeoutPreemptively(FAILURE_TIMEOUT, () -> assertThatThrownBy(
                        () -> DriverManager.getConnection(url).close())
                .isInstanceOf(SQLException.class)
                .hasMessageNotContaining(PASSWORD));
    }

    /** {@code baseUrl + path}, with TLS trusting the test certificate, the user and {@code parameters}. */
    private static String url(String path, String parameters) {
        String url = baseUrl + path + "?ssl=true&" + tls.trustParameters() + "&user=" + USER;
        return parameters.isEmpty() ? url : url + "&" + parameters;
    }

    private static String port() {
        return baseUrl.substring(baseUrl.lastIndexOf(':') + 1);
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
