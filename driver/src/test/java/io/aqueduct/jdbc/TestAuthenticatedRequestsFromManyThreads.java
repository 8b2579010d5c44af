package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One connection to a server behind HTTP BASIC authentication, used from several threads at once
 * while the driver fetches frames ahead on its own thread: every request stays authenticated.
 */
class TestAuthenticatedRequestsFromManyThreads {
    private static final String USER = "alice";
    private static final String PASSWORD = "s3cret";
    private static final int THREADS = 6;
    private static final int ROUNDS = 10;
    private static final int ROWS = 2_000;

    @TempDir
    static Path directory;

    private static JdbcMeta meta;
    private static HttpServer server;

    @BeforeAll
    static void startServer() throws SQLException, IOException {
        Path realm = directory.resolve("realm.properties");
        Files.writeString(realm, USER + ": " + PASSWORD + ",users\n");
        meta = new JdbcMeta("jdbc:h2:mem:authenticated-threads;DB_CLOSE_DELAY=-1");
        server = new HttpServer.Builder<>()
                .withHandler(new LocalService(meta), Serialization.PROTOBUF)
                .withBasicAuthentication(realm.toString(), new String[] {"users"})
                .withPort(0)
                .build();
        server.start();
    }

    @AfterAll
    static void stopServer() {
        server.stop();
    }

    @Test
    void everyRequestOfEveryThreadIsAuthenticated() throws Exception {
        Properties credentials = new Properties();
        credentials.setProperty("user", USER);
        credentials.setProperty("password", PASSWORD);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try (Connection connection =
                new AqueductDriver().connect("jdbc:aqueduct://localhost:" + server.getPort(), credentials)) {
            List<Future<Long>> rowCounts = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                rowCounts.add(threads.submit(() -> countRows(connection)));
            }
            for (Future<Long> rowCount : rowCounts) {
                assertThat(rowCount.get(2, TimeUnit.MINUTES)).isEqualTo((long) ROUNDS * ROWS);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** Many small frames: each one's successor is fetched ahead while other threads send their own requests. */
    private static long countRows(Connection connection) throws SQLException {
        long rows = 0;
        for (int round = 0; round < ROUNDS; round++) {
            try (Statement statement = connection.createStatement()) {
                statement.setFetchSize(50);
                try (ResultSet results = statement.executeQuery("SELECT x FROM system_range(1, " + ROWS + ")")) {
                    while (results.next()) {
                        rows++;
                    }
                }
            }
        }
        return rows;
    }
}
