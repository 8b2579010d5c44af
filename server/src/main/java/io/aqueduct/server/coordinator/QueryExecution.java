package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
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
import io.aqueduct.server.lifecycle.QueryState;
import io.aqueduct.server.lifecycle.QueryStateMachine;
import io.aqueduct.server.transport.WorkerClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One query on the cluster, driven by its {@link QueryStateMachine}: planned on the request thread,
 * then scheduled on a thread of its own (its stages' tasks on the workers), watched by a monitor that
 * fails it at the first task failure or lost worker and by its time limit, and read by the client
 * through a cursor whose fetches wait a bounded time. Whatever ends it (its last row read, a failure,
 * KILL QUERY, a timeout, its statement closing), {@link #close()} then cancels and frees every task.
 */
final class QueryExecution implements QueryAttempt {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecution.class);
    private static final long MONITOR_INTERVAL_MILLIS = 200;
    /** How long a close waits for the scheduling thread to notice it was interrupted. */
    private static final Duration SCHEDULING_EXIT_TIMEOUT = Duration.ofSeconds(30);
    /** How often a fetch waiting for rows looks whether the query ended meanwhile. */
    private static final Duration STATE_CHECK_INTERVAL = Duration.ofMillis(50);

    private final String queryId;
    private final QueryStateMachine state;
    private final CompiledQuery query;
    /** The plan as planned before execution. */
    private final StagePlan initialPlan;
    /** The adaptive scheduling loop: it decides, binds and creates the stages' tasks, and knows them. */
    private final StageScheduler scheduler;

    private final WorkerClient client;
    private final BufferAllocator allocator;
    /** How the results carry TIMESTAMP values: as the client that started the query reads them. */
    private final TimestampUnit timestampUnit;
    /** Runs the round trips to workers that go out all at once: task creations and releases. */
    private final ExecutorService workerCalls;

    private final QueryRecord record;
    private final QueryRegistry registry;
    private volatile int tasksFinished;
    /** The metrics each released task's worker sent back, by task id. */
    private final Map<String, TaskInfo> finalTaskInfos = new ConcurrentHashMap<>();

    private final long startNanos = System.nanoTime();
    /** How long the distributed planning took, before this execution existed (for the end log line). */
    private final long planningMillis;
    /** When the last stage's tasks were created, 0 until then (for the end log line). */
    private volatile long scheduledNanos;

    private final long startEpochMillis = System.currentTimeMillis();

    /** Taken by whichever comes first, the scheduling thread starting or close(). */
    private final AtomicBoolean schedulingTaken = new AtomicBoolean();

    private final CountDownLatch schedulingExited = new CountDownLatch(1);
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile Future<?> scheduling;
    private volatile ScheduledFuture<?> monitor;
    private volatile ScheduledFuture<?> timeLimit;
    private volatile ResultCursor cursor;

    private QueryExecution(
            QueryRecord record,
            QueryStateMachine state,
            QueryRegistry registry,
            CompiledQuery query,
            StagePlan stagePlan,
            StageScheduler scheduler,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService workerCalls,
            TimestampUnit timestampUnit,
            long planningMillis) {
        this.queryId = record.queryId();
        this.planningMillis = planningMillis;
        this.state = state;
        this.workerCalls = workerCalls;
        this.record = record;
        this.registry = registry;
        this.scheduler = scheduler;
        this.query = query;
        this.initialPlan = stagePlan;
        this.client = client;
        this.allocator = allocator;
        this.timestampUnit = timestampUnit;
    }

    /**
     * What a query needs to run besides its plan: where and with what it runs, its time limit (zero for
     * none) and when the client's request for it arrived ({@link System#nanoTime()}).
     */
    record Resources(
            TaskPlacement placement,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService scheduler,
            ExecutorService exchangeExecutor,
            ScheduledExecutorService monitorExecutor,
            long taskMemoryBytes,
            Duration timeLimit,
            long requestNanos,
            TimestampUnit timestampUnit) {}

    /**
     * Plans the query on the calling thread, registers it, and starts scheduling it on the scheduler;
     * returns at once. A planning failure registers nothing and is thrown here. {@code onEnd} is told
     * when the query reaches a terminal state.
     */
    static QueryExecution start(
            QueryRecord record,
            QueryRegistry registry,
            CompiledQuery query,
            Supplier<StagePlan> planner,
            AdaptiveTaskCounts taskCounts,
            Resources resources,
            Consumer<QueryExecution> onEnd) {
        QueryStateMachine state = new QueryStateMachine(record.queryId());
        state.transitionToPlanning();
        StagePlan stagePlan;
        long planningStart = System.nanoTime();
        try {
            stagePlan = planner.get();
        } catch (RuntimeException e) {
            resources.allocator().close();
            throw e;
        }
        StageScheduler scheduler = new StageScheduler(
                record.queryId(),
                stagePlan,
                taskCounts,
                resources.placement(),
                resources.client(),
                resources.exchangeExecutor(),
                resources.taskMemoryBytes());
        QueryExecution execution = new QueryExecution(
                record,
                state,
                registry,
                query,
                stagePlan,
                scheduler,
                resources.client(),
                resources.allocator(),
                resources.exchangeExecutor(),
                resources.timestampUnit(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - planningStart));
        state.addStateChangeListener(newState -> {
            if (newState.isTerminal()) {
                onEnd.accept(execution);
                if (!execution.closing.get()) {
                    // Failed, killed or timed out while the client may be away: clean up now, off this thread.
                    resources.scheduler().execute(execution::close);
                }
            }
        });
        registry.started(record, execution::progress);
        if (!resources.timeLimit().isZero()) {
            execution.timeLimit = resources
                    .monitorExecutor()
                    .schedule(
                            () -> execution.cancel(new AqueductException(
                                    ErrorCode.QUERY_TIMEOUT,
                                    "Query %s exceeded its time limit of %s s"
                                            .formatted(
                                                    record.queryId(),
                                                    resources.timeLimit().toMillis() / 1000.0))),
                            // The limit counts from the client's request, so compiling and planning count too.
                            resources.timeLimit().toNanos() - (System.nanoTime() - resources.requestNanos()),
                            TimeUnit.NANOSECONDS);
        }
        execution.scheduling = resources.scheduler().submit(() -> execution.run(resources));
        return execution;
    }

    /** The scheduling thread: starts every stage, then the monitor and the result stream. */
    private void run(Resources resources) {
        if (!schedulingTaken.compareAndSet(false, true)) {
            return;
        }
        try {
            if (!state.transitionToRunning()) {
                return;
            }
            // Stops between stages once the query ended: its close releases the tasks created so far.
            scheduler.schedule(state::isDone);
            scheduledNanos = System.nanoTime();
            throwIfEnded();
            monitor = resources
                    .monitorExecutor()
                    .scheduleWithFixedDelay(
                            this::checkTasks, MONITOR_INTERVAL_MILLIS, MONITOR_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
            openResults(resources.exchangeExecutor());
        } catch (RuntimeException e) {
            fail(e);
        } finally {
            schedulingExited.countDown();
        }
    }

    /** Ends the query as canceled with {@code cause} (57014 or HYT00); false if it had already ended. */
    @Override
    public boolean cancel(AqueductException cause) {
        return state.transitionToCanceled(cause);
    }

    /** Stops scheduling once the query ended: its close releases the tasks created so far. */
    private void throwIfEnded() {
        if (state.isDone()) {
            throw state.failureCause()
                    .orElseGet(() -> new AqueductException(ErrorCode.QUERY_CANCELED, "Query " + queryId + " ended"));
        }
    }

    private void openResults(ExecutorService exchangeExecutor) {
        RemoteSource rootOutput = new RemoteSource(scheduler.rootTasks(), List.of(0));
        ExecutionContext context =
                new ExecutionContext(allocator, ExecutionContext.DEFAULT_BATCH_ROWS, state::isDone, queryId);
        ExchangeOperator results = new ExchangeOperator(
                scheduler.stagePlan().root().fragment().outputType(), rootOutput, client, exchangeExecutor, context);
        cursor = new ResultCursor(
                new ResultBatches(
                        results,
                        query.queryResultType().types(),
                        timestampUnit,
                        exchangeExecutor,
                        state::transitionToFinishing),
                state::isDone);
    }

    private void checkTasks() {
        if (state.isDone()) {
            return;
        }
        try {
            List<TaskStatus> statuses = new ArrayList<>();
            for (List<TaskLocation> stageTasks : scheduler.tasksByStage().values()) {
                for (TaskLocation task : stageTasks) {
                    statuses.add(client.taskStatus(task));
                }
            }
            Optional<AqueductException> failure = TaskStatus.failure(statuses);
            if (failure.isPresent()) {
                fail(failure.get());
                return;
            }
            int finished = (int) statuses.stream()
                    .filter(status -> status.state() == TaskState.FINISHED)
                    .count();
            tasksFinished = finished;
            if (finished == statuses.size()) {
                monitor.cancel(false);
            }
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    /**
     * Fails the query unless it already ended: once it ended, its tasks are being released, and what is
     * seen of them then (a task already gone, an exchange closed) is not a failure of the query.
     */
    private void fail(RuntimeException cause) {
        if (closing.get() && state.state() == QueryState.FINISHING) {
            // Its last row was produced and its tasks are being released: a status poll still under way (slow
            // under load) sees them go ("No task ..."), which is not a failure (the SF 1 fault run saw one).
            return;
        }
        state.transitionToFailed(
                cause instanceof AqueductException aqueduct
                        ? aqueduct
                        : new AqueductException(ErrorCode.INTERNAL_ERROR, "Lost track of the query: " + cause, cause));
    }

    /**
     * Up to {@code maxRows} rows for the client, waiting up to {@code wait} for the first; none while the
     * query is still being scheduled or nothing came in time. Never holds a lock that {@link #close()} or a
     * cancel needs. A failure anywhere in the query surfaces here as its first cause.
     */
    @Override
    public List<ByteString> fetch(int maxRows, long maxBytes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        awaitScheduled(deadline);
        throwIfFailed();
        ResultCursor results = cursor;
        if (results == null) {
            return List.of();
        }
        try {
            List<ByteString> rows =
                    results.next(maxRows, maxBytes, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (rows.isEmpty()) {
                throwIfFailed();
            }
            return rows;
        } catch (RuntimeException e) {
            throwIfFailed();
            fail(e);
            throw state.failureCause().orElseThrow();
        }
    }

    /** Waits until the query is scheduled or ended, or the deadline passes, looking at its state every 50 ms. */
    private void awaitScheduled(long deadline) {
        try {
            long remaining;
            while (cursor == null
                    && !state.isDone()
                    && (remaining = deadline - System.nanoTime()) > 0
                    && !schedulingExited.await(
                            Math.min(remaining, STATE_CHECK_INTERVAL.toNanos()), TimeUnit.NANOSECONDS)) {
                // keep waiting
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while waiting for result rows");
        }
    }

    /** Whether the client has every row; throws the query's failure instead if it failed or was canceled. */
    @Override
    public boolean isDone() {
        throwIfFailed();
        ResultCursor results = cursor;
        return results != null && results.isDone() && state.state() == QueryState.FINISHING;
    }

    private void throwIfFailed() {
        Optional<AqueductException> cause = state.failureCause();
        if (cause.isPresent()) {
            throw cause.get();
        }
    }

    String queryId() {
        return queryId;
    }

    /** Why the query failed or was canceled; empty while it runs or after it finished. */
    @Override
    public Optional<AqueductException> failureCause() {
        return state.failureCause();
    }

    @Override
    public QueryState state() {
        return state.state();
    }

    StagePlan stagePlan() {
        return scheduler.stagePlan();
    }

    long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** What the query has done so far, for {@code sys.queries} while it runs; safe from any thread. */
    QueryProgress progress() {
        int tasks = 0;
        for (List<TaskLocation> stageTasks : scheduler.tasksByStage().values()) {
            tasks += stageTasks.size();
        }
        ResultCursor results = cursor;
        return new QueryProgress(
                state.state(), elapsedMillis(), results == null ? 0 : results.rowsReturned(), tasks, tasksFinished);
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

    /**
     * Ends the query: a query whose last row was produced finishes, any other is canceled (its statement
     * closed early). Stops scheduling, the monitor and the result stream, releases every task and records the
     * final plan. Idempotent; a second caller waits for the first to complete.
     */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            awaitClosed();
            return;
        }
        try {
            if (state.state() != QueryState.FINISHING) {
                cancel(new AqueductException(
                        ErrorCode.QUERY_CANCELED, "Query " + queryId + " was canceled: its statement was closed"));
            }
            stopScheduling();
            if (timeLimit != null) {
                timeLimit.cancel(false);
            }
            if (monitor != null) {
                monitor.cancel(false);
            }
            if (cursor != null) {
                cursor.close();
            }
        } finally {
            // Whatever the cursor left behind, the tasks must go and the query's memory be accounted for.
            try {
                releaseTasks();
                state.transitionToFinished();
                logEnd();
                allocator.close();
                registry.ended(record, finalPlan(Map.copyOf(finalTaskInfos)), state.state());
            } finally {
                closed.countDown();
            }
        }
    }

    /** Interrupts the scheduling thread and waits for it to exit, so that no task is created after this. */
    private void stopScheduling() {
        if (schedulingTaken.compareAndSet(false, true)) {
            schedulingExited.countDown();
            return;
        }
        Future<?> thread = scheduling;
        if (thread != null) {
            thread.cancel(true);
        }
        try {
            if (!schedulingExited.await(SCHEDULING_EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("Query {}: scheduling did not stop within {}", queryId, SCHEDULING_EXIT_TIMEOUT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitClosed() {
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The plan that ran, from the decisions taken and the tasks' final metrics. */
    private FinalPlan finalPlan(Map<String, TaskInfo> infos) {
        Optional<AqueductException> failed = state.failureCause();
        ResultCursor results = cursor;
        return FinalPlanBuilder.build(new FinalPlanBuilder.EndedQuery(
                queryId,
                record.sql(),
                record.user(),
                endState(),
                startEpochMillis,
                elapsedMillis(),
                results == null ? 0 : results.rowsReturned(),
                failed.map(Throwable::getMessage).orElse(null),
                initialPlan,
                scheduler.stagePlan(),
                scheduler.schedules(),
                scheduler.tasksByStage(),
                infos));
    }

    /** The query's end state as the final plan records it; called once the state machine ended. */
    private FinalPlan.State endState() {
        return switch (state.state()) {
            case FINISHED -> FinalPlan.State.FINISHED;
            case FAILED -> FinalPlan.State.FAILED;
            case CANCELED -> FinalPlan.State.CANCELED;
            case QUEUED, PLANNING, RUNNING, FINISHING ->
                throw new IllegalStateException("Query " + queryId + " has not ended: " + state.state());
        };
    }

    /** When each stage's tasks had all been created, in ms since the query started, by stage id in start order. */
    private Map<Integer, Long> createdMillisByStage() {
        Map<Integer, Long> millis = new LinkedHashMap<>();
        scheduler
                .createdNanos()
                .forEach((stage, nanos) -> millis.put(stage, TimeUnit.NANOSECONDS.toMillis(nanos - startNanos)));
        return millis;
    }

    private void logEnd() {
        Optional<AqueductException> failed = state.failureCause();
        ResultCursor results = cursor;
        List<Integer> taskCountsPerStage =
                scheduler.schedules().stream().map(StageSchedule::taskCount).toList();
        LOG.info(
                "Query {} {} after {} ms: {} rows, {} stages, tasks per stage {}, peak result memory {} bytes;"
                        + " planned in {} ms before, every stage's tasks created at {} ms (by stage {})",
                queryId,
                failed.map(e -> state.state().name().toLowerCase(java.util.Locale.ROOT) + " (" + e.getMessage() + ")")
                        .orElse("ended"),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                results == null ? 0 : results.rowsReturned(),
                scheduler.stagePlan().stages().size(),
                taskCountsPerStage,
                allocator.getPeakMemoryAllocation(),
                planningMillis,
                scheduledNanos == 0 ? "-" : TimeUnit.NANOSECONDS.toMillis(scheduledNanos - startNanos),
                createdMillisByStage());
    }
}
