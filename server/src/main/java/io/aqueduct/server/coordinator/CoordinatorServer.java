package io.aqueduct.server.coordinator;

import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;

/** The coordinator's Avatica endpoint: JDBC clients connect here with protobuf over HTTP. */
public final class CoordinatorServer implements AutoCloseable {
    private final HttpServer server;

    private CoordinatorServer(HttpServer server) {
        this.server = server;
    }

    public static CoordinatorServer start(Coordinator coordinator, int port, String version) {
        AqueductMeta meta = new AqueductMeta(coordinator, version);
        HttpServer server = new HttpServer.Builder<>()
                .withHandler(new LocalService(meta), Driver.Serialization.PROTOBUF)
                .withPort(port)
                .build();
        server.start();
        return new CoordinatorServer(server);
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.stop();
    }
}
