package io.aqueduct.core.worker;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.protocol.WorkerTransport;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The tasks of one worker: creates and runs them, answers for them, and releases them when the
 * coordinator is done with them or, failing that, once nobody asked about them for
 * {@code idleTaskMillis}.
 */
public final class TaskManager implements AutoCloseable {
    private static final int RECENT_TASKS_KEPT = 1000;

    private final Map<String, TaskExecution> tasks = new ConcurrentHashMap<>();
    private final Deque<String> recentTaskIds = new ArrayDeque<>();
    private final ConnectorRegistry connectors;
    private final WorkerTransport client;
    private final BufferAllocator allocator;
    private final WorkerMemoryGauge memory;
    private final String workerUrl;
    /** The processors this worker reports: the coordinator sizes stages by them. */
    private final int cores;

    private final ExecutorService taskExecutor = Executors.newCachedThreadPool(daemon("task"));
    private final ExecutorService exchangeExecutor = Executors.newCachedThreadPool(daemon("exchange"));
    private final ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(daemon("reaper"));

    public TaskManager(
            ConnectorRegistry connectors,
            WorkerTransport client,
            BufferAllocator allocator,
            String workerUrl,
            long idleTaskMillis) {
        this(
                connectors,
                client,
                allocator,
                workerUrl,
                idleTaskMillis,
                Runtime.getRuntime().availableProcessors());
    }

    /**
     * As the other constructor, reporting {@code cores} processors: workers sharing one machine report their share
     * of it, so that the coordinator does not plan more tasks per stage than the machine has cores.
     */
    public TaskManager(
            ConnectorRegistry connectors,
            WorkerTransport client,
            BufferAllocator allocator,
            String workerUrl,
            long idleTaskMillis,
            int cores) {
        this(connectors, client, allocator, WorkerMemoryGauge.tasksOnly(allocator), workerUrl, idleTaskMillis, cores);
    }

    /** As the other constructors, answering for the worker's memory as {@code memory} reads it. */
    public TaskManager(
            ConnectorRegistry connectors,
            WorkerTransport client,
            BufferAllocator allocator,
            WorkerMemoryGauge memory,
            String workerUrl,
            long idleTaskMillis,
            int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be positive: " + cores);
        }
        this.cores = cores;
        this.connectors = connectors;
        this.client = client;
        this.allocator = allocator;
        this.memory = memory;
        this.workerUrl = workerUrl;
        reaper.scheduleWithFixedDelay(() -> reapIdleFor(idleTaskMillis), 10, 10, TimeUnit.SECONDS);
    }

    public TaskStatus create(TaskSpec spec) {
        TaskExecution task = new TaskExecution(spec, workerUrl, allocator);
        if (tasks.putIfAbsent(spec.taskId(), task) != null) {
            task.discard();
            throw new AqueductException(ErrorCode.INTERNAL_ERROR, "Task " + spec.taskId() + " exists already");
        }
        remember(spec.taskId());
        TransportTaskInputs inputs = new TransportTaskInputs(
                spec, task.drivingRows(), connectors, client, this::localTask, exchangeExecutor);
        taskExecutor.execute(() -> task.run(inputs));
        return task.status();
    }

    public TaskExecution task(String taskId) {
        TaskExecution task = tasks.get(taskId);
        if (task == null) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "No task " + taskId + " on " + workerUrl);
        }
        return task;
    }

    /** The task at {@code location} if the location is this worker's and the task is still here. */
    Optional<TaskExecution> localTask(TaskLocation location) {
        return location.workerUrl().equals(workerUrl)
                ? Optional.ofNullable(tasks.get(location.taskId()))
                : Optional.empty();
    }

    /**
     * Cancels the task if it still runs, waits (at most 10 s) for it to stop, frees everything it holds and returns
     * its final info.
     */
    public TaskInfo remove(String taskId) {
        TaskExecution task = tasks.remove(taskId);
        if (task == null) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "No task " + taskId + " on " + workerUrl);
        }
        return task.cancelAndRelease();
    }

    /** Like {@link #remove}, without waiting: for tasks nobody will ask about. */
    private void removeInBackground(String taskId) {
        TaskExecution task = tasks.remove(taskId);
        if (task != null) {
            taskExecutor.execute(task::cancelAndRelease);
        }
    }

    private synchronized void remember(String taskId) {
        recentTaskIds.addLast(taskId);
        if (recentTaskIds.size() > RECENT_TASKS_KEPT) {
            recentTaskIds.removeFirst();
        }
    }

    public WorkerInfo info() {
        List<String> recent;
        synchronized (this) {
            recent = List.copyOf(recentTaskIds);
        }
        return new WorkerInfo(workerUrl, ProcessHandle.current().pid(), cores, tasks.size(), memory.read(), recent);
    }

    /** Tasks nobody asked about for a while belong to a coordinator that is gone. */
    private void reapIdleFor(long idleMillis) {
        long now = System.currentTimeMillis();
        tasks.values().stream()
                .filter(task -> now - task.lastAccessMillis() > idleMillis)
                .forEach(task -> removeInBackground(task.spec().taskId()));
    }

    @Override
    public void close() {
        reaper.shutdownNow();
        tasks.keySet().forEach(this::removeInBackground);
        taskExecutor.shutdown();
        try {
            // The tasks' memory must be freed before the worker's allocator closes.
            taskExecutor.awaitTermination(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exchangeExecutor.shutdownNow();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "aqueduct-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
