package io.aqueduct.server.cli;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.file.FileCatalog;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.server.coordinator.Coordinator;
import io.aqueduct.server.coordinator.CoordinatorServer;
import io.aqueduct.server.coordinator.WarmUp;
import io.aqueduct.server.security.JdbcEndpointSecurity;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.WorkerClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A coordinator with its Avatica endpoint and its workers, spawned locally or given by URL. */
final class EmbeddedCluster implements AutoCloseable {
    private final LocalWorkers localWorkers;
    private final List<String> workerUrls;
    private final Coordinator coordinator;
    private final CoordinatorServer server;
    private final boolean tls;
    private final WarmUp.Result warmUp;

    private EmbeddedCluster(
            LocalWorkers localWorkers,
            List<String> workerUrls,
            Coordinator coordinator,
            CoordinatorServer server,
            boolean tls,
            WarmUp.Result warmUp) {
        this.localWorkers = localWorkers;
        this.workerUrls = workerUrls;
        this.coordinator = coordinator;
        this.server = server;
        this.tls = tls;
        this.warmUp = warmUp;
    }

    static EmbeddedCluster start(ClusterOptions options) throws Exception {
        return start(options, JdbcEndpointSecurity.NONE, Optional.empty());
    }

    /** As {@link #start(ClusterOptions)}, with the JDBC endpoint's security and the local workers' output going to {@code workerLog} if given. */
    static EmbeddedCluster start(ClusterOptions options, JdbcEndpointSecurity security, Optional<Path> workerLog)
            throws Exception {
        ClusterSecret secret = secret(options);
        List<FileCatalog> fileCatalogs =
                options.catalogs.stream().map(FileCatalog::parse).toList();
        // Checked before any worker starts: a missing directory fails here, with its name.
        ConnectorRegistry connectors = ConnectorRegistry.withFileCatalogs(fileCatalogs);
        LocalWorkers localWorkers = null;
        List<String> workerUrls;
        if (options.workers != null && !options.workers.isEmpty()) {
            workerUrls = options.workers.stream()
                    .map(w -> w.startsWith("http") ? w : "http://" + w)
                    .toList();
        } else {
            localWorkers = LocalWorkers.start(
                    options.localWorkers,
                    secret,
                    options.workerJvmOptions,
                    options.workerMemory,
                    options.workerSplitCacheBytes,
                    options.workerMemoryCatalogBytes,
                    fileCatalogs,
                    workerLog);
            workerUrls = localWorkers.urls();
        }
        try {
            int cores = coresPerWorker(secret, workerUrls);
            Coordinator coordinator = new Coordinator(
                    connectors,
                    workerUrls,
                    cores,
                    secret,
                    options.coordinatorMemory,
                    options.taskMemory,
                    SettingValues.defaults().withAll(options.serverSettings()),
                    options.queryRetention);
            WarmUp.Result warmUp;
            CoordinatorServer server;
            try {
                warmUp = WarmUp.run(coordinator, Duration.ofSeconds(options.warmupSeconds));
                server = CoordinatorServer.start(coordinator, options.port, Version.current(), security);
            } catch (Exception e) {
                coordinator.close();
                throw e;
            }
            return new EmbeddedCluster(
                    localWorkers,
                    workerUrls,
                    coordinator,
                    server,
                    security.tls().isPresent(),
                    warmUp);
        } catch (Exception e) {
            if (localWorkers != null) {
                localWorkers.close();
            }
            throw e;
        }
    }

    private static ClusterSecret secret(ClusterOptions options) {
        if (options.secret != null) {
            return new ClusterSecret(options.secret);
        }
        String fromEnvironment = System.getenv(ClusterSecret.ENVIRONMENT_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return new ClusterSecret(fromEnvironment);
        }
        if (options.workers != null && !options.workers.isEmpty()) {
            throw new IllegalArgumentException("--workers needs the workers' --secret (or env AQUEDUCT_SECRET)");
        }
        return ClusterSecret.generate();
    }

    /** Asks each worker for its processors; the smallest bounds the tasks per stage. */
    private static int coresPerWorker(ClusterSecret secret, List<String> workerUrls) {
        try (WorkerClient client = new WorkerClient(secret)) {
            return workerUrls.stream()
                    .mapToInt(url -> client.info(url).processors())
                    .min()
                    .orElse(1);
        }
    }

    /** What the start-up workload ran before the JDBC endpoint opened. */
    WarmUp.Result warmUp() {
        return warmUp;
    }

    List<String> workerUrls() {
        return workerUrls;
    }

    String jdbcUrl() {
        return "jdbc:aqueduct://localhost:" + server.port() + (tls ? "?ssl=true" : "");
    }

    @Override
    public void close() {
        server.close();
        coordinator.close();
        if (localWorkers != null) {
            localWorkers.close();
        }
    }
}
