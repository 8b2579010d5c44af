package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.BasicAuthenticator;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.avatica.ConnectionConfigImpl;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.AvaticaHttpClientFactoryImpl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's HTTP client as Avatica's factory builds it from connection properties, against an
 * HTTP server that demands BASIC credentials, echoes each request body and counts its challenges.
 */
class TestPerRequestContextHttpClient {
    private static final int THREADS = 8;
    private static final int REQUESTS_PER_THREAD = 200;

    private final AtomicInteger challenges = new AtomicInteger();
    private HttpServer server;
    private ExecutorService serverThreads;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        serverThreads = Executors.newFixedThreadPool(THREADS);
        server.setExecutor(serverThreads);
        HttpContext echo = server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        echo.setAuthenticator(new BasicAuthenticator("aqueduct") {
            @Override
            public boolean checkCredentials(String user, String password) {
                return user.equals("alice") && password.equals("s3cret");
            }

            @Override
            public Result authenticate(com.sun.net.httpserver.HttpExchange exchange) {
                Result result = super.authenticate(exchange);
                if (result instanceof Retry) {
                    challenges.incrementAndGet();
                }
                return result;
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
        serverThreads.shutdownNow();
    }

    @Test
    void afterTheFirstChallengeRequestsFromManyThreadsAllCarryTheCredentials() throws Exception {
        AvaticaHttpClient client = client("s3cret");
        assertThat(client.send(new byte[] {42})).containsExactly(42);
        assertThat(challenges.get()).as("challenges of the first request").isEqualTo(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> senders = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                String prefix = "thread " + thread + " request ";
                senders.add(threads.submit(() -> {
                    for (int request = 0; request < REQUESTS_PER_THREAD; request++) {
                        byte[] body = (prefix + request).getBytes(StandardCharsets.UTF_8);
                        assertThat(client.send(body)).isEqualTo(body);
                    }
                    return null;
                }));
            }
            for (Future<?> sender : senders) {
                sender.get(2, TimeUnit.MINUTES);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(challenges.get()).as("challenges of all requests").isEqualTo(1);
    }

    @Test
    void aWrongPasswordFailsWithTheStatusAsAvaticasClientReportsIt() {
        AvaticaHttpClient client = client("wrong");
        assertThatThrownBy(() -> client.send(new byte[] {1}))
                .isInstanceOf(RuntimeException.class)
                .hasMessage("Failed to execute HTTP Request, got HTTP/401");
    }

    private AvaticaHttpClient client(String password) {
        Properties properties = new Properties();
        properties.setProperty("httpclient_impl", PerRequestContextHttpClient.class.getName());
        properties.setProperty("authentication", "BASIC");
        properties.setProperty("avatica_user", "alice");
        properties.setProperty("avatica_password", password);
        AvaticaHttpClient client =
                new AvaticaHttpClientFactoryImpl().getClient(url(), new ConnectionConfigImpl(properties), null);
        assertThat(client).isInstanceOf(PerRequestContextHttpClient.class);
        return client;
    }

    private java.net.URL url() {
        try {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/")
                    .toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
