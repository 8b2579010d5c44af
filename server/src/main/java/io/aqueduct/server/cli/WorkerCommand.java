package io.aqueduct.server.cli;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.file.FileCatalog;
import io.aqueduct.core.splitcache.SplitCache;
import io.aqueduct.server.membership.CoordinatorAnnouncer;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.worker.WorkerServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aqueduct worker}: one worker process. */
@Command(name = "worker", mixinStandardHelpOptions = true, description = "Start one worker.")
final class WorkerCommand implements Callable<Integer> {
    @Option(
            names = "--port",
            defaultValue = "0",
            description = "HTTP port; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            description = "Address to listen on and to announce. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--secret", description = "Cluster secret (default: env AQUEDUCT_SECRET).")
    String secret;

    @Option(
            names = "--coordinator",
            description = "Coordinator URL (its JDBC port, e.g. http://coordinator-host:8765) to announce this worker"
                    + " to, every 2 s, so that it schedules queries here; --host must be an address the coordinator"
                    + " reaches. The coordinator then probes the worker every second.")
    String coordinator;

    @Option(
            names = "--memory",
            defaultValue = "4294967296",
            description = "Arrow memory limit in bytes. Default: ${DEFAULT-VALUE}.")
    long memory;

    @Option(
            names = "--catalog",
            paramLabel = "NAME=DIR",
            description = "A file catalog, as on the coordinator's serve (repeatable; give every worker the same).")
    List<String> catalogs = new ArrayList<>();

    @Option(
            names = "--split-cache-bytes",
            defaultValue = "-1",
            description = "Bound of the cache of generated splits (tpch, skew) in bytes, part of --memory;"
                    + " 0 disables it, -1 means the default (a quarter of it). Default: ${DEFAULT-VALUE}.")
    long splitCacheBytes;

    @Option(
            names = "--memory-catalog-bytes",
            defaultValue = "-1",
            description = "Bound of the rows of the memory catalog this worker stores, in bytes, part of --memory;"
                    + " a write over it fails with SQLState 53200; -1 means a quarter of --memory."
                    + " Default: ${DEFAULT-VALUE}.")
    long memoryCatalogBytes;

    @Option(
            names = "--cores",
            description = "Processors this worker reports to the coordinator, which plans at most workers x cores tasks"
                    + " per stage; workers sharing a machine each take their share. Default: the JVM's available"
                    + " processors.")
    Integer cores;

    @Option(names = "--exit-with-parent", description = "Exit when standard input closes (used by serve).")
    boolean exitWithParent;

    @Override
    public Integer call() throws Exception {
        String value = secret != null ? secret : System.getenv(ClusterSecret.ENVIRONMENT_VARIABLE);
        if (value == null || value.isBlank()) {
            System.err.println(
                    "A worker needs the cluster secret: --secret or env " + ClusterSecret.ENVIRONMENT_VARIABLE);
            return 2;
        }
        int processors = cores == null ? Runtime.getRuntime().availableProcessors() : cores;
        if (processors < 1) {
            System.err.println("aqueduct worker: --cores must be positive: " + processors);
            return 2;
        }
        ConnectorRegistry connectors;
        try {
            connectors = ConnectorRegistry.withFileCatalogs(
                    catalogs.stream().map(FileCatalog::parse).toList());
        } catch (AqueductException e) {
            System.err.println("aqueduct worker: " + e.getMessage());
            return 2;
        }
        long cacheBytes = splitCacheBytes < 0 ? SplitCache.defaultCapacity(memory) : splitCacheBytes;
        long catalogBytes =
                memoryCatalogBytes < 0 ? WorkerServer.defaultMemoryCatalogBytes(memory) : memoryCatalogBytes;
        WorkerServer worker = WorkerServer.start(
                host, port, new ClusterSecret(value), memory, connectors, cacheBytes, catalogBytes, processors);
        CoordinatorAnnouncer announcer = coordinator == null
                ? null
                : CoordinatorAnnouncer.start(coordinator, worker.url(), new ClusterSecret(value));
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            if (announcer != null) {
                                announcer.close();
                            }
                            closeQuietly(worker);
                        },
                        "aqueduct-worker-shutdown"));
        if (exitWithParent) {
            watchParent();
        }
        System.out.println(LocalWorkers.READY_PREFIX + worker.url());
        System.out.flush();
        worker.join();
        return 0;
    }

    private static void watchParent() {
        Thread watcher = new Thread(
                () -> {
                    try {
                        while (System.in.read() >= 0) {
                            // the parent never writes; end of input means it is gone
                        }
                    } catch (IOException ignored) {
                        // same meaning as end of input
                    }
                    System.exit(0);
                },
                "aqueduct-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private static void closeQuietly(WorkerServer worker) {
        try {
            worker.close();
        } catch (Exception e) {
            System.err.println("Worker shutdown: " + e);
        }
    }
}
