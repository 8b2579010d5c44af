package io.aqueduct.server.coordinator;

import io.aqueduct.server.membership.WorkerAnnouncements;
import io.aqueduct.server.security.AuthenticatedUserHandler;
import io.aqueduct.server.security.JdbcEndpointSecurity;
import io.aqueduct.server.security.TlsKeystore;
import io.aqueduct.server.security.TlsRequiredResponder;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.security.Constraint;

/**
 * The coordinator's Avatica endpoint: JDBC clients connect here with protobuf over HTTP, optionally
 * authenticated with HTTP BASIC and encrypted with TLS ({@link JdbcEndpointSecurity}).
 */
public final class CoordinatorServer implements AutoCloseable {
    /** Any user the login service authenticates may connect, whatever roles the user file gives it. */
    private static final String[] ANY_AUTHENTICATED_USER = {Constraint.ANY_AUTH};

    private final HttpServer server;

    private CoordinatorServer(HttpServer server) {
        this.server = server;
    }

    public static CoordinatorServer start(
            Coordinator coordinator, int port, String version, JdbcEndpointSecurity security) {
        AqueductMeta meta = new AqueductMeta(coordinator, version);
        LocalService service = new LocalService(meta);
        HttpServer.Builder<Server> builder =
                HttpServer.Builder.<Server>newBuilder().withPort(port);
        if (security.users().isPresent()) {
            builder.withHandler(new AuthenticatedUserHandler(new AvaticaProtobufHandler(service)))
                    .withBasicAuthentication(security.users().get().path().toString(), ANY_AUTHENTICATED_USER);
        } else {
            builder.withHandler(service, Driver.Serialization.PROTOBUF);
        }
        // In front of the JDBC endpoint's handlers: workers announce themselves with the cluster secret.
        List<ServerCustomizer<Server>> customizers = new ArrayList<>();
        customizers.add(jetty -> jetty.setHandler(
                new WorkerAnnouncements(jetty.getHandler(), coordinator.membership(), coordinator.secret())));
        security.tls().ifPresent(tls -> {
            withTls(builder, tls);
            customizers.add(CoordinatorServer::answerPlainHttpOnTlsPort);
        });
        builder.withServerCustomizers(customizers, Server.class);
        HttpServer server = builder.build();
        server.start();
        return new CoordinatorServer(server);
    }

    private static void withTls(HttpServer.Builder<Server> builder, TlsKeystore tls) {
        // The trust store only matters for client certificates, which the endpoint does not ask for.
        builder.withTLS(tls.path().toFile(), tls.password(), tls.path().toFile(), tls.password(), tls.type());
    }

    private static void answerPlainHttpOnTlsPort(Server server) {
        for (Connector connector : server.getConnectors()) {
            if (connector instanceof ServerConnector serverConnector) {
                SslConnectionFactory tls = serverConnector.getConnectionFactory(SslConnectionFactory.class);
                if (tls != null) {
                    serverConnector.addFirstConnectionFactory(new TlsRequiredResponder(tls));
                }
            }
        }
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.stop();
    }
}
