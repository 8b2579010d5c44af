package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.finalplan.AqeDecision;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.QueryProgress;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.transport.ExchangeOperator;
import io.aqueduct.server.transport.RemoteSource;
import io.aqueduct.server.transport.TaskInfo;
import io.aqueduct.server.transport.TaskLocation;
import io.aqueduct.server.transport.TaskSpec;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
    /** The plan as it runs: a join switched to partitioned re-cuts it. Changed only by the scheduling thread. */
    private volatile StagePlan stagePlan;

    private final WorkerClient client;
    private final BufferAllocator allocator;
    /** Runs the round trips to workers that go out all at once: task creations and releases. */
    private final ExecutorService workerCalls;

    private final Map<Integer, List<TaskLocation>> tasksByStage = new LinkedHashMap<>();
    private final AtomicReference<AqueductException> failure = new AtomicReference<>();
    private final List<StageSchedule> schedules = new ArrayList<>();
    /** Decisions about a stage taken before the stage itself was decided (its broadcast joins' checks). */
    private final Map<Integer, List<AqeDecision>> earlierDecisions = new LinkedHashMap<>();

    private final QueryRecord record;
    private final QueryRegistry registry;
    private volatile int tasksFinished;
    /** The metrics each released task's worker sent back, by task id. */
    private final Map<String, TaskInfo> finalTaskInfos = new ConcurrentHashMap<>();

    private final AdaptiveTaskCounts taskCounts;
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
            AdaptiveTaskCounts taskCounts,
            WorkerClient client,
            BufferAllocator allocator,
            ExecutorService workerCalls) {
        this.queryId = record.queryId();
        this.workerCalls = workerCalls;
        this.record = record;
        this.registry = registry;
        this.taskCounts = taskCounts;
        this.query = query;
        this.initialPlan = stagePlan;
        this.stagePlan = stagePlan;
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
        QueryExecution execution =
                new QueryExecution(record, registry, query, stagePlan, taskCounts, client, allocator, exchangeExecutor);
        registry.started(record, execution::progress);
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
     * head; when a stage is about to start, its schedule is decided (possibly from its producers'
     * samples) and its producers are told how to route into its tasks. A broadcast join that is to run
     * partitioned re-cuts the plan first: its probe side becomes a new stage, started before the join's.
     */
    private void schedule(TaskPlacement placement, long taskMemoryBytes) {
        List<Stage> pending = new ArrayList<>(stagePlan.stages());
        while (!pending.isEmpty()) {
            Stage stage = nextToStart(pending);
            pending.remove(stage);
            AdaptiveTaskCounts.BroadcastJoinCheck check =
                    taskCounts.checkBroadcastJoins(stagePlan, stage, tasksByStage);
            earlierDecisions
                    .computeIfAbsent(stage.id(), id -> new ArrayList<>())
                    .addAll(check.decisions());
            if (check.replanned().isPresent()) {
                StagePlan replanned = check.replanned().get();
                replanned.stages().stream()
                        .filter(s -> !stagePlan.stages().contains(s) && !tasksByStage.containsKey(s.id()))
                        .forEach(pending::add);
                stagePlan = replanned;
                continue;
            }
            start(stage, placement, taskMemoryBytes);
        }
    }

    /**
     * A stage whose producers have all started: first one that need not wait for samples (a scan, a
     * gather), so that no scan waits for another stage's samples to start; then the others in order.
     */
    private Stage nextToStart(List<Stage> pending) {
        List<Stage> ready = pending.stream()
                .filter(stage -> tasksByStage.keySet().containsAll(stage.sourceStageIds()))
                .toList();
        return ready.stream()
                .filter(stage -> !taskCounts.needsSamples(stagePlan, stage))
                .findFirst()
                .orElse(ready.get(0));
    }

    /** Decides how the stage runs, binds its producers' outputs to it, and creates its tasks. */
    private void start(Stage stage, TaskPlacement placement, long taskMemoryBytes) {
        StageSchedule schedule = taskCounts
                .decide(stagePlan, stage, tasksByStage)
                .after(earlierDecisions.getOrDefault(stage.id(), List.of()));
        synchronized (this) {
            schedules.add(schedule);
        }
        schedule.bindings().forEach((source, binding) -> {
            for (TaskLocation task : tasksByStage.get(source)) {
                client.bindOutput(task, binding);
            }
        });
        int taskCount = schedule.taskCount();
        int outputPartitions = stage.id() == stagePlan.root().id() ? 1 : 0;
        // Registered before the first task exists, so that close() cancels every task created.
        List<TaskLocation> locations = new ArrayList<>();
        tasksByStage.put(stage.id(), locations);
        List<CompletableFuture<Void>> creations = new ArrayList<>();
        for (int task = 0; task < taskCount; task++) {
            String workerUrl = placement.forTask(stage, task, taskCount);
            TaskSpec spec = new TaskSpec(
                    queryId + "." + stage.id() + "." + task,
                    queryId,
                    stage.id(),
                    task,
                    taskCount,
                    stage.fragment(),
                    remoteSources(schedule.tasks().get(task)),
                    stage.outputPartitioning(),
                    outputPartitions,
                    taskMemoryBytes);
            locations.add(new TaskLocation(workerUrl, spec.taskId()));
            // A stage's tasks are created all at once: each creation is a round trip to a worker.
            creations.add(CompletableFuture.runAsync(() -> client.createTask(workerUrl, spec), workerCalls));
        }
        awaitAll(creations);
    }

    /** Waits for every future, rethrowing the first failure as it was thrown. */
    private static void awaitAll(List<CompletableFuture<Void>> futures) {
        try {
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** The producers and partitions a task reads, per source stage, as its schedule says. */
    private Map<Integer, RemoteSource> remoteSources(StageSchedule.TaskReads reads) {
        Map<Integer, RemoteSource> sources = new LinkedHashMap<>();
        reads.sources().forEach((sourceStageId, read) -> {
            List<TaskLocation> producers = tasksByStage.get(sourceStageId);
            List<TaskLocation> readFrom = read.onlyProducer().isPresent()
                    ? List.of(producers.get(read.onlyProducer().getAsInt()))
                    : producers;
            sources.put(sourceStageId, new RemoteSource(readFrom, read.partitions()));
        });
        return sources;
    }

    private void openResults(ExecutorService exchangeExecutor) {
        RemoteSource rootOutput =
                new RemoteSource(tasksByStage.get(stagePlan.root().id()), List.of(0));
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
            int finished = 0;
            int tasks = 0;
            for (List<TaskLocation> stageTasks : tasksByStage.values()) {
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
        return stagePlan;
    }

    long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** What the query has done so far, for {@code sys.queries} while it runs. */
    QueryProgress progress() {
        int tasks = tasksByStage.values().stream().mapToInt(List::size).sum();
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
        for (List<TaskLocation> tasks : tasksByStage.values()) {
            for (TaskLocation task : tasks) {
                if (!finalTaskInfos.containsKey(task.taskId())) {
                    // Each release waits for its task to stop: release them all at once.
                    releases.add(CompletableFuture.runAsync(
                            () -> client.cancelTask(task).ifPresent(info -> finalTaskInfos.put(task.taskId(), info)),
                            workerCalls));
                }
            }
        }
        awaitAll(releases);
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
        String state = failed != null ? "FAILED" : done ? "FINISHED" : "CANCELED";
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
                stagePlan,
                List.copyOf(schedules),
                Map.copyOf(tasksByStage),
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
                stagePlan.stages().size(),
                schedules.stream().map(StageSchedule::taskCount).toList(),
                allocator.getPeakMemoryAllocation());
    }
}
