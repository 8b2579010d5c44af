package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.transport.ExchangeOperator;
import io.aqueduct.server.transport.OutputBinding;
import io.aqueduct.server.transport.RemoteSource;
import io.aqueduct.server.transport.TaskLocation;
import io.aqueduct.server.transport.TaskSpec;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running query on the cluster: its stages' tasks on the workers, a monitor that fails the query
 * at the first task failure or lost worker, and the cursor the client fetches from. Closing it
 * cancels and frees every task, whether the query finished, failed or was abandoned.
 */
final class QueryExecution implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecution.class);
    private static final long MONITOR_INTERVAL_MILLIS = 200;

    private final String queryId;
    private final CompiledQuery query;
    private final StagePlan stagePlan;
    private final WorkerClient client;
    private final BufferAllocator allocator;
    private final Map<Integer, List<TaskLocation>> tasksByStage = new LinkedHashMap<>();
    private final AtomicReference<AqueductException> failure = new AtomicReference<>();
    private final List<StageDecision> decisions = new ArrayList<>();
    /** Producer stages whose tasks each feed exactly one consumer task, whole. */
    private final Set<Integer> forwardedStages = new HashSet<>();

    private final AdaptiveTaskCounts taskCounts;
    private final long startNanos = System.nanoTime();
    private ScheduledFuture<?> monitor;
    private ResultCursor cursor;
    private boolean closed;

    private QueryExecution(
            String queryId,
            CompiledQuery query,
            StagePlan stagePlan,
            AdaptiveTaskCounts taskCounts,
            WorkerClient client,
            BufferAllocator allocator) {
        this.queryId = queryId;
        this.taskCounts = taskCounts;
        this.query = query;
        this.stagePlan = stagePlan;
        this.client = client;
        this.allocator = allocator;
    }

    /** Sends every stage's tasks to the workers, producers first, and opens the result stream. */
    static QueryExecution start(
            String queryId,
            CompiledQuery query,
            StagePlan stagePlan,
            AdaptiveTaskCounts taskCounts,
            TaskPlacement placement,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService exchangeExecutor,
            ScheduledExecutorService monitorExecutor,
            long taskMemoryBytes) {
        QueryExecution execution = new QueryExecution(queryId, query, stagePlan, taskCounts, client, allocator);
        try {
            execution.schedule(placement, taskMemoryBytes);
            execution.monitor = monitorExecutor.scheduleWithFixedDelay(
                    execution::checkTasks, MONITOR_INTERVAL_MILLIS, MONITOR_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
            execution.openResults(exchangeExecutor);
            return execution;
        } catch (RuntimeException e) {
            execution.close();
            throw e;
        }
    }

    /**
     * Starts the stages producers first. Every task but the root's starts with a late-bound output
     * head; when a stage is about to start, its task count is decided (possibly from its producers'
     * samples) and its producers are told how many partitions to route into.
     */
    private void schedule(TaskPlacement placement, long taskMemoryBytes) {
        for (Stage stage : stagePlan.stages()) {
            StageDecision decision = taskCounts.decide(stage, tasksByStage);
            decisions.add(decision);
            int taskCount = decision.finalTasks();
            bindSources(stage, decision);
            int outputPartitions = stage == stagePlan.root() ? 1 : 0;
            // Registered before the first task exists, so that close() cancels every task created.
            List<TaskLocation> locations = new ArrayList<>();
            tasksByStage.put(stage.id(), locations);
            for (int task = 0; task < taskCount; task++) {
                String workerUrl = placement.next();
                TaskSpec spec = new TaskSpec(
                        queryId + "." + stage.id() + "." + task,
                        queryId,
                        stage.id(),
                        task,
                        taskCount,
                        stage.fragment(),
                        remoteSources(stage, task),
                        stage.outputPartitioning(),
                        outputPartitions,
                        taskMemoryBytes);
                client.createTask(workerUrl, spec);
                locations.add(new TaskLocation(workerUrl, spec.taskId()));
            }
        }
    }

    /**
     * Tells the stage's producers how to route into its tasks: as planned (one partition for a gather,
     * else one per task), or, after a switch to a broadcast join, the build side broadcast and the
     * probe side forwarded whole, each probe task to its own join task.
     */
    private void bindSources(Stage stage, StageDecision decision) {
        int consumerTasks = decision.finalTasks();
        for (int sourceStageId : stage.sourceStageIds()) {
            Stage producer = stagePlan.stage(sourceStageId);
            OutputBinding binding;
            if (decision.broadcastBuildStage().equals(OptionalInt.of(sourceStageId))) {
                binding = new OutputBinding(consumerTasks, OutputPartitioning.BROADCAST);
            } else if (decision.switchesToBroadcast()) {
                binding = new OutputBinding(1, OutputPartitioning.SINGLE);
                forwardedStages.add(sourceStageId);
            } else {
                int partitions = producer.outputPartitioning().kind() == PartitioningKind.SINGLE ? 1 : consumerTasks;
                binding = new OutputBinding(partitions, producer.outputPartitioning());
            }
            for (TaskLocation task : tasksByStage.get(sourceStageId)) {
                client.bindOutput(task, binding);
            }
        }
    }

    private Map<Integer, RemoteSource> remoteSources(Stage stage, int task) {
        Map<Integer, RemoteSource> sources = new LinkedHashMap<>();
        for (int sourceStageId : stage.sourceStageIds()) {
            Stage source = stagePlan.stage(sourceStageId);
            List<TaskLocation> producers = tasksByStage.get(sourceStageId);
            if (forwardedStages.contains(sourceStageId)) {
                sources.put(sourceStageId, new RemoteSource(List.of(producers.get(task)), 0));
                continue;
            }
            int partition = source.outputPartitioning().kind() == PartitioningKind.SINGLE ? 0 : task;
            sources.put(sourceStageId, new RemoteSource(producers, partition));
        }
        return sources;
    }

    private void openResults(ExecutorService exchangeExecutor) {
        RemoteSource rootOutput =
                new RemoteSource(tasksByStage.get(stagePlan.root().id()), 0);
        ExecutionContext context =
                new ExecutionContext(allocator, ExecutionContext.DEFAULT_BATCH_ROWS, () -> failure.get() != null);
        ExchangeOperator results = new ExchangeOperator(
                stagePlan.root().fragment().outputType(), rootOutput, client, exchangeExecutor, context);
        cursor = new ResultCursor(results, query.queryResultType());
    }

    private void checkTasks() {
        if (isClosed()) {
            return;
        }
        try {
            boolean allFinished = true;
            for (List<TaskLocation> tasks : tasksByStage.values()) {
                for (TaskLocation task : tasks) {
                    TaskStatus status = client.taskStatus(task);
                    if (status.state() == TaskState.FAILED) {
                        fail(status.error().toException());
                        return;
                    }
                    allFinished &= status.state() == TaskState.FINISHED;
                }
            }
            if (allFinished) {
                monitor.cancel(false);
            }
        } catch (AqueductException e) {
            fail(e);
        } catch (RuntimeException e) {
            fail(new AqueductException(ErrorCode.INTERNAL_ERROR, "Lost track of the query's tasks: " + e, e));
        }
    }

    private void fail(AqueductException cause) {
        if (failure.compareAndSet(null, cause) && !isClosed()) {
            monitor.cancel(false);
            cancelTasks();
        }
    }

    /** Fetches rows for the client; a failure anywhere in the query surfaces here as its first cause. */
    synchronized List<Object> fetch(int maxRows, long maxBytes) {
        try {
            return cursor.next(maxRows, maxBytes);
        } catch (RuntimeException e) {
            AqueductException first = failure.get();
            if (first != null) {
                throw first;
            }
            fail(
                    e instanceof AqueductException ae
                            ? ae
                            : new AqueductException(ErrorCode.INTERNAL_ERROR, e.toString(), e));
            throw e;
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    synchronized boolean isDone() {
        return cursor.isDone();
    }

    String queryId() {
        return queryId;
    }

    StagePlan stagePlan() {
        return stagePlan;
    }

    /** Each task's final status, by stage, asked of the workers now (call once the result is drained). */
    Map<Integer, List<TaskStatus>> taskStatuses() {
        Map<Integer, List<TaskStatus>> statuses = new LinkedHashMap<>();
        tasksByStage.forEach((stageId, tasks) ->
                statuses.put(stageId, tasks.stream().map(client::taskStatus).toList()));
        return statuses;
    }

    long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** The adaptive decisions taken so far, one per stage at least, in stage order. */
    synchronized List<StageDecision> decisions() {
        return List.copyOf(decisions);
    }

    private void cancelTasks() {
        for (List<TaskLocation> tasks : tasksByStage.values()) {
            tasks.forEach(client::cancelTask);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (monitor != null) {
            monitor.cancel(false);
        }
        try {
            if (cursor != null) {
                cursor.close();
            }
        } finally {
            // Whatever the cursor left behind, the tasks must go and the query's memory be accounted for.
            cancelTasks();
            logEnd();
            allocator.close();
        }
    }

    private void logEnd() {
        AqueductException failed = failure.get();
        LOG.info(
                "Query {} {} after {} ms: {} rows, {} stages, tasks per stage {}, peak result memory {} bytes",
                queryId,
                failed == null ? "ended" : "failed (" + failed.getMessage() + ")",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                cursor == null ? 0 : cursor.rowsReturned(),
                stagePlan.stages().size(),
                decisions.stream().map(StageDecision::finalTasks).toList(),
                allocator.getPeakMemoryAllocation());
    }
}
