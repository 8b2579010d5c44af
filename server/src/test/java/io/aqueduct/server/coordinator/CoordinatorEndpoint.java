package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.server.security.JdbcEndpointSecurity;
import io.aqueduct.server.transport.ClusterSecret;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * A coordinator and its Avatica endpoint in this JVM, for JDBC tests of what the coordinator answers
 * alone: metadata and queries over system tables. Its one worker's address is one nobody listens on.
 */
final class CoordinatorEndpoint implements AutoCloseable {
    static final String VERSION = "3.4.5-test";

    private final Coordinator coordinator;
    private final CoordinatorServer server;

    CoordinatorEndpoint() {
        coordinator = new Coordinator(
                ConnectorRegistry.builtIn(),
                List.of("http://127.0.0.1:9"),
                2,
                new ClusterSecret("test-secret"),
                64L << 20,
                16L << 20,
                SettingValues.defaults(),
                10);
        server = CoordinatorServer.start(coordinator, 0, VERSION, JdbcEndpointSecurity.NONE);
    }

    String jdbcUrl() {
        return "jdbc:aqueduct://localhost:" + server.port();
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl());
    }

    Coordinator coordinator() {
        return coordinator;
    }

    @Override
    public void close() {
        server.close();
        coordinator.close();
    }
}
