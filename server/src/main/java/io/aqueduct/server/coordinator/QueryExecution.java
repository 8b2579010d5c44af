package io.aqueduct.server.coordinator;

import io.aqueduct.core.aqe.AdaptiveTaskCounts;
import io.aqueduct.core.aqe.StageSchedule;
import io.aqueduct.core.aqe.StageScheduler;
import io.aqueduct.core.aqe.TaskPlacement;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.worker.ExchangeOperator;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.QueryProgress;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
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
    /** The plan as planned before execution. */
    private final StagePlan initialPlan;
    /** The adaptive scheduling loop: it decides, binds and creates the stages' tasks. */
    private final StageScheduler scheduler;

    private final WorkerClient client;
    private final BufferAllocator allocator;
    /** Runs the round trips to workers that go out all at once: task creations and releases. */
    private final ExecutorService workerCalls;

    private final AtomicReference<AqueductException> failure = new AtomicReference<>();

    private final QueryRecord record;
    private final QueryRegistry registry;
    private volatile int tasksFinished;
    /** The metrics each released task's worker sent back, by task id. */
    private final Map<String, TaskInfo> finalTaskInfos = new ConcurrentHashMap<>();

    private final long startNanos = System.nanoTime();
    private final long startEpochMillis = System.currentTimeMillis();
    private ScheduledFuture<?> monitor;
    private ResultCursor cursor;
    private boolean closed;

    private QueryExecution(
            QueryRecord record,
            QueryRegistry registry,
            CompiledQuery query,
            StagePlan stagePlan,
            StageScheduler scheduler,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService workerCalls) {
        this.queryId = record.queryId();
        this.workerCalls = workerCalls;
        this.record = record;
        this.registry = registry;
        this.scheduler = scheduler;
        this.query = query;
        this.initialPlan = stagePlan;
        this.client = client;
        this.allocator = allocator;
    }

    /** Sends every stage's tasks to the workers, producers first, and opens the result stream. */
    static QueryExecution start(
            QueryRecord record,
            QueryRegistry registry,
            CompiledQuery query,
            StagePlan stagePlan,
            AdaptiveTaskCounts taskCounts,
            TaskPlacement placement,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService exchangeExecutor,
            ScheduledExecutorService monitorExecutor,
            long taskMemoryBytes) {
        StageScheduler scheduler = new StageScheduler(
                record.queryId(), stagePlan, taskCounts, placement, client, exchangeExecutor, taskMemoryBytes);
        QueryExecution execution =
                new QueryExecution(record, registry, query, stagePlan, scheduler, client, allocator, exchangeExecutor);
        registry.started(record, execution::progress);
        try {
            scheduler.schedule();
            execution.monitor = monitorExecutor.scheduleWithFixedDelay(
                    execution::checkTasks, MONITOR_INTERVAL_MILLIS, MONITOR_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
            execution.openResults(exchangeExecutor);
            return execution;
        } catch (RuntimeException e) {
            execution.close();
            throw e;
        }
    }

    private void openResults(ExecutorService exchangeExecutor) {
        RemoteSource rootOutput = new RemoteSource(scheduler.rootTasks(), List.of(0));
        ExecutionContext context =
                new ExecutionContext(allocator, ExecutionContext.DEFAULT_BATCH_ROWS, () -> failure.get() != null);
        ExchangeOperator results = new ExchangeOperator(
                scheduler.stagePlan().root().fragment().outputType(), rootOutput, client, exchangeExecutor, context);
        cursor = new ResultCursor(results, query.queryResultType());
    }

    private void checkTasks() {
        if (isClosed()) {
            return;
        }
        try {
            int finished = 0;
            int tasks = 0;
            for (List<TaskLocation> stageTasks : scheduler.tasksByStage().values()) {
                for (TaskLocation task : stageTasks) {
                    TaskStatus status = client.taskStatus(task);
                    if (status.state() == TaskState.FAILED) {
                        fail(status.error().toException());
                        return;
                    }
                    tasks++;
                    finished += status.state() == TaskState.FINISHED ? 1 : 0;
                }
            }
            tasksFinished = finished;
            if (finished == tasks) {
                monitor.cancel(false);
            }
        } catch (AqueductException e) {
            fail(e);
        } catch (RuntimeException e) {
            fail(new AqueductException(ErrorCode.INTERNAL_ERROR, "Lost track of the query's tasks: " + e, e));
        }
    }

    /**
     * Fails a running query. Once it is closed, its tasks are being released: what the monitor sees of them
     * then (e.g. a task already gone) is not a failure of the query.
     */
    private void fail(AqueductException cause) {
        if (isClosed()) {
            return;
        }
        if (failure.compareAndSet(null, cause)) {
            monitor.cancel(false);
            releaseTasks();
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
        return scheduler.stagePlan();
    }

    long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** What the query has done so far, for {@code sys.queries} while it runs. */
    QueryProgress progress() {
        int tasks =
                scheduler.tasksByStage().values().stream().mapToInt(List::size).sum();
        long rows;
        synchronized (this) {
            rows = cursor == null ? 0 : cursor.rowsReturned();
        }
        return new QueryProgress("RUNNING", elapsedMillis(), rows, tasks, tasksFinished);
    }

    /**
     * Cancels every task still running and frees them all, keeping the final metrics their workers send back
     * (a worker that is gone sends none).
     */
    private void releaseTasks() {
        List<CompletableFuture<Void>> releases = new ArrayList<>();
        for (List<TaskLocation> tasks : scheduler.tasksByStage().values()) {
            for (TaskLocation task : tasks) {
                if (!finalTaskInfos.containsKey(task.taskId())) {
                    // Each release waits for its task to stop: release them all at once.
                    releases.add(CompletableFuture.runAsync(
                            () -> client.cancelTask(task).ifPresent(info -> finalTaskInfos.put(task.taskId(), info)),
                            workerCalls));
                }
            }
        }
        StageScheduler.awaitAll(releases);
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
        boolean done = false;
        try {
            if (cursor != null) {
                done = cursor.isDone();
                cursor.close();
            }
        } finally {
            // Whatever the cursor left behind, the tasks must go and the query's memory be accounted for.
            releaseTasks();
            logEnd();
            allocator.close();
            registry.ended(finalPlan(done, Map.copyOf(finalTaskInfos)));
        }
    }

    /** The plan that ran, from the decisions taken and the tasks' final metrics. */
    private FinalPlan finalPlan(boolean done, Map<String, TaskInfo> infos) {
        AqueductException failed = failure.get();
        FinalPlan.State state =
                failed != null ? FinalPlan.State.FAILED : done ? FinalPlan.State.FINISHED : FinalPlan.State.CANCELED;
        return FinalPlanBuilder.build(new FinalPlanBuilder.EndedQuery(
                queryId,
                record.sql(),
                record.user(),
                state,
                startEpochMillis,
                elapsedMillis(),
                cursor == null ? 0 : cursor.rowsReturned(),
                failed == null ? null : failed.getMessage(),
                initialPlan,
                scheduler.stagePlan(),
                scheduler.schedules(),
                Map.copyOf(scheduler.tasksByStage()),
                infos));
    }

    private void logEnd() {
        AqueductException failed = failure.get();
        LOG.info(
                "Query {} {} after {} ms: {} rows, {} stages, tasks per stage {}, peak result memory {} bytes",
                queryId,
                failed == null ? "ended" : "failed (" + failed.getMessage() + ")",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                cursor == null ? 0 : cursor.rowsReturned(),
                scheduler.stagePlan().stages().size(),
                scheduler.schedules().stream().map(StageSchedule::taskCount).toList(),
                allocator.getPeakMemoryAllocation());
    }
}
