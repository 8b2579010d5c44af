package io.aqueduct.core.worker;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.MemoryRelease;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Workers in this process behind the {@link WorkerTransport}: each a {@link TaskManager} of its own, running
 * real tasks; result streams are the same Arrow IPC streams the HTTP workers serve, through a pipe instead of a
 * socket. For tests of the adaptive loop without sockets.
 *
 * <pre>{@code
 * try (InProcessWorkers workers = new InProcessWorkers(ConnectorRegistry.builtIn(), allocator, 2)) {
 *     workers.createTask(workers.urls().get(0), spec);
 * }
 * }</pre>
 */
public final class InProcessWorkers implements WorkerTransport, AutoCloseable {
    private static final long IDLE_TASK_MILLIS = TimeUnit.MINUTES.toMillis(10);
    private static final int PIPE_BYTES = 1 << 20;

    private final ConnectorRegistry connectors;
    private final Map<String, TaskManager> workers = new LinkedHashMap<>();
    private final List<BufferAllocator> allocators = new ArrayList<>();
    private final ExecutorService streamWriters = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "aqueduct-in-process-results");
        thread.setDaemon(true);
        return thread;
    });
    private volatile TaskFailure failure = TaskFailure.NONE;

    /** A fault to inject: the task whose creation fails, with the failure it reports. */
    public interface TaskFailure {
        TaskFailure NONE = spec -> Optional.empty();

        Optional<AqueductException> onCreate(TaskSpec spec);
    }

    public InProcessWorkers(ConnectorRegistry connectors, BufferAllocator allocator, int workerCount) {
        this.connectors = connectors;
        for (int worker = 0; worker < workerCount; worker++) {
            String url = "in-process://worker-" + worker;
            BufferAllocator workerAllocator = allocator.newChildAllocator(url, 0, allocator.getLimit());
            allocators.add(workerAllocator);
            workers.put(url, new TaskManager(connectors, this, workerAllocator, url, IDLE_TASK_MILLIS));
        }
    }

    /** The workers' addresses, for task placement. */
    public List<String> urls() {
        return List.copyOf(workers.keySet());
    }

    /** Makes the tasks that {@code failure} picks fail at creation, as a worker that rejects them would. */
    public void failTasks(TaskFailure failure) {
        this.failure = failure;
    }

    /** The tasks the workers hold now, over all workers. */
    public int activeTasks() {
        return workers.values().stream()
                .mapToInt(manager -> manager.info().activeTasks())
                .sum();
    }

    private TaskManager worker(String url) {
        TaskManager manager = workers.get(url);
        if (manager == null) {
            throw new AqueductException(ErrorCode.WORKER_UNAVAILABLE, "Worker " + url + " is unreachable");
        }
        return manager;
    }

    private TaskExecution task(TaskLocation location) {
        return worker(location.workerUrl()).task(location.taskId());
    }

    @Override
    public TaskStatus createTask(String workerUrl, TaskSpec spec) {
        Optional<AqueductException> injected = failure.onCreate(spec);
        if (injected.isPresent()) {
            throw injected.get();
        }
        return worker(workerUrl).create(spec);
    }

    @Override
    public TaskStatus taskStatus(TaskLocation task) {
        return task(task).status();
    }

    @Override
    public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
        return task(task).statusOnceSampled(wait);
    }

    @Override
    public KeySample keySample(TaskLocation task) {
        return task(task).output().keySample();
    }

    @Override
    public void bindOutput(TaskLocation task, OutputBinding binding) {
        task(task).output().bind(binding);
    }

    @Override
    public Optional<TaskInfo> cancelTask(TaskLocation task) {
        try {
            return Optional.of(worker(task.workerUrl()).remove(task.taskId()));
        } catch (AqueductException gone) {
            return Optional.empty();
        }
    }

    @Override
    public TaskInfo taskInfo(TaskLocation task) {
        return task(task).info();
    }

    /** In-process workers share one registry, whose memory store (if it has one) holds every worker's rows. */
    @Override
    public void releaseMemory(String workerUrl, MemoryRelease release) {
        connectors.memory().store().ifPresent(release::applyTo);
    }

    @Override
    public ResultCall results(TaskLocation task, List<Integer> partitions) {
        int[] wanted = partitions.stream().mapToInt(Integer::intValue).toArray();
        AtomicReference<Thread> waiting = new AtomicReference<>();
        return new ResultCall() {
            @Override
            public ResultStream open() throws IOException {
                waiting.set(Thread.currentThread());
                TaskResults results;
                try {
                    results = TaskResults.await(task(task), wanted);
                } finally {
                    waiting.set(null);
                }
                return stream(results);
            }

            @Override
            public void cancel() {
                Thread thread = waiting.get();
                if (thread != null) {
                    thread.interrupt();
                }
            }
        };
    }

    /**
     * Writes the results into a pipe on a thread of their own, as a worker's request thread would. A stream the
     * writer could not finish ends in an IOException, as a broken connection does, so that the reader asks for the
     * task's status rather than taking a truncated stream for a complete one.
     */
    private ResultStream stream(TaskResults results) throws IOException {
        PipedInputStream pipe = new PipedInputStream(PIPE_BYTES);
        PipedOutputStream out = new PipedOutputStream(pipe);
        AtomicReference<Exception> writeFailure = new AtomicReference<>();
        streamWriters.execute(() -> {
            try (out) {
                results.write(out);
            } catch (IOException | RuntimeException e) {
                writeFailure.set(e);
            }
        });
        InputStream in = new FilterInputStream(pipe) {
            @Override
            public int read() throws IOException {
                return checked(super.read());
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return checked(super.read(bytes, offset, length));
            }

            private int checked(int read) throws IOException {
                Exception failed = writeFailure.get();
                if (read < 0 && failed != null) {
                    throw new IOException("Result stream broke off: " + failed.getMessage(), failed);
                }
                return read;
            }
        };
        return new ResultStream() {
            @Override
            public InputStream body() {
                return in;
            }

            @Override
            public void abort() {
                close(); // a pipe's reader fails on its next read when the pipe closes under it
            }

            @Override
            public void close() {
                try {
                    pipe.close();
                } catch (IOException ignored) {
                    // nothing left to release
                }
            }
        };
    }

    @Override
    public void close() {
        workers.values().forEach(TaskManager::close);
        streamWriters.shutdownNow();
        allocators.forEach(BufferAllocator::close);
    }
}
