package io.aqueduct.server.worker;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.memory.MemoryStore;
import io.aqueduct.core.splitcache.SplitCache;
import io.aqueduct.core.worker.TaskManager;
import io.aqueduct.core.worker.WorkerMemoryGauge;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.WorkerClient;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A worker process's server: runs tasks sent by the coordinator and serves their output to peers.
 *
 * <pre>{@code
 * try (WorkerServer worker = WorkerServer.start("127.0.0.1", 0, secret, memoryBytes)) {
 *     System.out.println(worker.url());
 * }
 * }</pre>
 */
public final class WorkerServer implements AutoCloseable {
    private static final long IDLE_TASK_MILLIS = TimeUnit.MINUTES.toMillis(5);

    private final Server server;
    private final BufferAllocator allocator;
    private final BufferAllocator taskAllocator;
    private final WorkerClient client;
    private final TaskManager tasks;
    private final SplitCache splitCache;
    private final MemoryStore memoryStore;
    private final String url;

    private WorkerServer(
            Server server,
            BufferAllocator allocator,
            BufferAllocator taskAllocator,
            WorkerClient client,
            TaskManager tasks,
            SplitCache splitCache,
            MemoryStore memoryStore,
            String url) {
        this.server = server;
        this.allocator = allocator;
        this.taskAllocator = taskAllocator;
        this.client = client;
        this.tasks = tasks;
        this.splitCache = splitCache;
        this.memoryStore = memoryStore;
        this.url = url;
    }

    /**
     * A worker whose split cache and memory catalog hold {@linkplain SplitCache#defaultCapacity the default share}
     * and {@linkplain #defaultMemoryCatalogBytes the default share} of its memory.
     */
    public static WorkerServer start(String host, int port, ClusterSecret secret, long memoryBytes) throws Exception {
        return start(
                host,
                port,
                secret,
                memoryBytes,
                ConnectorRegistry.builtIn(),
                SplitCache.defaultCapacity(memoryBytes),
                defaultMemoryCatalogBytes(memoryBytes),
                Runtime.getRuntime().availableProcessors());
    }

    /** The memory catalog's bound by default: a quarter of the worker's memory. */
    public static long defaultMemoryCatalogBytes(long memoryBytes) {
        return memoryBytes / 4;
    }

    /**
     * A worker reading the catalogs of {@code connectors}, which must be the coordinator's, with a split cache of
     * {@code splitCacheBytes} and at most {@code memoryCatalogBytes} of memory-catalog rows, reporting {@code cores}
     * processors to the coordinator.
     */
    public static WorkerServer start(
            String host,
            int port,
            ClusterSecret secret,
            long memoryBytes,
            ConnectorRegistry connectors,
            long splitCacheBytes,
            long memoryCatalogBytes,
            int cores)
            throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(512, 8);
        threads.setName("aqueduct-worker-http");
        threads.setDaemon(true);
        Server server = new Server(threads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        connector.open(); // binds now, so that port 0 resolves before the handler needs the URL
        String url = "http://" + host + ":" + connector.getLocalPort();

        BufferAllocator allocator = new RootAllocator(memoryBytes);
        WorkerClient client = new WorkerClient(secret);
        // Siblings under one root, so that tasks can share the cache's buffers; the tasks' memory is reported alone.
        SplitCache splitCache = new SplitCache(allocator, splitCacheBytes);
        MemoryStore memoryStore = new MemoryStore(allocator, memoryCatalogBytes);
        BufferAllocator taskAllocator = allocator.newChildAllocator("tasks", 0, memoryBytes);
        TaskManager tasks = new TaskManager(
                connectors.withSplitCache(splitCache).withMemoryStore(memoryStore),
                client,
                taskAllocator,
                new WorkerMemoryGauge(allocator, taskAllocator, Optional.of(splitCache)),
                url,
                IDLE_TASK_MILLIS,
                cores);
        server.setHandler(new WorkerHandler(tasks, memoryStore, secret, url));
        server.start();
        return new WorkerServer(server, allocator, taskAllocator, client, tasks, splitCache, memoryStore, url);
    }

    public String url() {
        return url;
    }

    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() throws Exception {
        server.stop();
        tasks.close();
        // After the tasks, whose scans may still be recording into it.
        splitCache.close();
        memoryStore.close();
        taskAllocator.close();
        client.close();
        allocator.close();
    }
}
