package io.aqueduct.core.aqe;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The adaptive scheduling loop of one query: starts its stages producers first, deciding each one as it is
 * about to start ({@link AdaptiveTaskCounts}), binding its producers' late-bound outputs to it and creating its
 * tasks through the {@link WorkerTransport}. A broadcast join that is to run partitioned re-cuts the plan
 * first: its probe side becomes a new stage, started before the join's.
 *
 * <p>Scheduling runs on one thread ({@link #schedule()}); the accessors may be called from any thread and
 * return snapshots.
 */
public final class StageScheduler {
    /** How often the scheduling thread, waiting for samples, looks whether the query ended. */
    private static final long LOOK_MILLIS = 50;

    private final String queryId;
    private final WorkerTransport transport;
    private final AdaptiveTaskCounts taskCounts;
    private final TaskPlacement placement;
    private final long taskMemoryBytes;
    /** Runs the round trips to workers that go out all at once: a stage's bindings and task creations. */
    private final Executor workerCalls;

    /** The plan as it runs: a join switched to partitioned re-cuts it. Changed only by the scheduling thread. */
    private volatile StagePlan stagePlan;

    private final Map<Integer, List<TaskLocation>> tasksByStage = new LinkedHashMap<>();
    /** When each started stage's tasks had all been created ({@link System#nanoTime()}), in start order. */
    private final Map<Integer, Long> createdNanos = new LinkedHashMap<>();

    private final List<StageSchedule> schedules = new ArrayList<>();
    /** Decisions about a stage taken before the stage itself was decided (its broadcast joins' checks). */
    private final Map<Integer, List<AqeDecision>> earlierDecisions = new LinkedHashMap<>();
    /**
     * Each started stage's task creations and its producers' bindings, done once all its tasks exist and its producers
     * are bound. Used by the scheduling thread only.
     */
    private final Map<Integer, CompletableFuture<Void>> creations = new HashMap<>();
    /**
     * The waits for producer stages' samples, by stage id, each on its own thread: the producers of every stage
     * ready to be decided are waited for together. Used by the scheduling thread only.
     */
    private final Map<Integer, CompletableFuture<Void>> sampling = new HashMap<>();
    /** Set once scheduling returned: the waits for samples still going on give up. */
    private volatile boolean stopped;

    public StageScheduler(
            String queryId,
            StagePlan stagePlan,
            AdaptiveTaskCounts taskCounts,
            TaskPlacement placement,
            WorkerTransport transport,
            Executor workerCalls,
            long taskMemoryBytes) {
        this.queryId = queryId;
        this.stagePlan = stagePlan;
        this.taskCounts = taskCounts;
        this.placement = placement;
        this.transport = transport;
        this.workerCalls = workerCalls;
        this.taskMemoryBytes = taskMemoryBytes;
    }

    /**
     * Starts the stages producers first. Every task but the root's starts with a late-bound output head; when a
     * stage is about to start, its schedule is decided (possibly from its producers' samples) and its producers
     * are told how to route into its tasks.
     */
    public void schedule() {
        schedule(() -> false);
    }

    /**
     * As {@link #schedule()}, stopping before the next stage once {@code ended} says the query ended. Returns once
     * every task of the stages it started has been created.
     */
    public void schedule(BooleanSupplier ended) {
        BooleanSupplier abandoned = () -> stopped || ended.getAsBoolean();
        try {
            List<Stage> pending = new ArrayList<>(stagePlan.stages());
            while (!pending.isEmpty() && !ended.getAsBoolean()) {
                Optional<Stage> next = nextToStart(pending, abandoned);
                if (next.isEmpty()) {
                    break;
                }
                Stage stage = next.get();
                pending.remove(stage);
                AdaptiveTaskCounts.JoinCheck check =
                        taskCounts.checkJoins(stagePlan, stage, tasksByStage(), workerCalls);
                earlierDecisions
                        .computeIfAbsent(stage.id(), id -> new ArrayList<>())
                        .addAll(check.decisions());
                if (check.replanned().isPresent()) {
                    StagePlan replanned = check.replanned().get();
                    Map<Integer, List<TaskLocation>> started = tasksByStage();
                    replanned.stages().stream()
                            .filter(s -> !stagePlan.stages().contains(s) && !started.containsKey(s.id()))
                            .forEach(pending::add);
                    stagePlan = replanned;
                    continue;
                }
                start(stage);
            }
            awaitAll(new ArrayList<>(creations.values()));
        } finally {
            stopped = true;
            // Every creation sent is waited for, failed or not, so that releasing the query's tasks covers them.
            CompletableFuture.allOf(creations.values().toArray(CompletableFuture[]::new))
                    .exceptionally(failure -> null)
                    .join();
        }
    }

    /**
     * The next stage to start, among those whose producers have all started: first one that need not wait for
     * samples (a scan, a gather), so that no scan waits for another stage's samples to start; then, waiting for
     * the producers of all the others at once, the first whose producers are sampled, so that a stage whose
     * inputs are ready is not held back by one listed before it. Empty once the query is abandoned.
     */
    private Optional<Stage> nextToStart(List<Stage> pending, BooleanSupplier abandoned) {
        Map<Integer, List<TaskLocation>> started = tasksByStage();
        List<Stage> ready = pending.stream()
                .filter(stage -> started.keySet().containsAll(stage.sourceStageIds()))
                .toList();
        Optional<Stage> unsampled = ready.stream()
                .filter(stage -> !taskCounts.needsSamples(stagePlan, stage))
                .findFirst();
        if (unsampled.isPresent()) {
            return unsampled;
        }
        while (!abandoned.getAsBoolean()) {
            List<CompletableFuture<Void>> waits = new ArrayList<>();
            for (Stage stage : ready) {
                List<CompletableFuture<Void>> producers = taskCounts.sampledProducers(stagePlan, stage).stream()
                        .map(producer -> sampled(producer, started, abandoned))
                        .toList();
                // A failed producer fails the query here, as deciding from its samples would.
                producers.stream()
                        .filter(CompletableFuture::isCompletedExceptionally)
                        .forEach(StageScheduler::join);
                if (producers.stream().allMatch(CompletableFuture::isDone)) {
                    return Optional.of(stage);
                }
                producers.stream().filter(wait -> !wait.isDone()).forEach(waits::add);
            }
            awaitAny(waits);
        }
        return Optional.empty();
    }

    /** The wait for producer stage {@code producerId}'s samples, started on the first call. */
    private CompletableFuture<Void> sampled(
            int producerId, Map<Integer, List<TaskLocation>> started, BooleanSupplier abandoned) {
        StagePlan plan = stagePlan;
        return sampling.computeIfAbsent(producerId, id -> creations
                .get(id)
                .thenRunAsync(() -> taskCounts.awaitSampled(plan, id, started, abandoned, workerCalls), workerCalls));
    }

    /** Waits until one of the futures is done (or failed), at most {@link #LOOK_MILLIS}; interruptible. */
    private static void awaitAny(List<CompletableFuture<Void>> futures) {
        try {
            CompletableFuture.anyOf(futures.toArray(CompletableFuture[]::new)).get(LOOK_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while sampling");
        } catch (ExecutionException | TimeoutException e) {
            // A failure is rethrown where the failed wait is looked at; a timeout looks at the query again.
        }
    }

    /**
     * Decides how the stage runs, then binds its producers' outputs to it and creates its tasks, all at once: the
     * calls go on while the next stage is decided, and a consumer waits for its producers' creations.
     */
    private void start(Stage stage) {
        awaitAll(stage.sourceStageIds().stream().map(creations::get).toList());
        Map<Integer, List<TaskLocation>> started = tasksByStage();
        StageSchedule schedule = taskCounts
                .decide(stagePlan, stage, started, workerCalls)
                .after(earlierDecisions.getOrDefault(stage.id(), List.of()));
        synchronized (this) {
            schedules.add(schedule);
        }
        int taskCount = schedule.taskCount();
        int outputPartitions = stage.id() == stagePlan.root().id() ? 1 : 0;
        // Registered before the first task exists, so that a release covers every task created.
        List<TaskLocation> locations = new ArrayList<>();
        List<TaskSpec> specs = new ArrayList<>();
        List<String> workerUrls = placement.forTasks(
                stage,
                schedule.tasks().stream()
                        .map(reads -> forwardedProducer(reads, started).map(TaskLocation::workerUrl))
                        .toList(),
                schedule.tasks().stream()
                        .mapToLong(StageSchedule.TaskReads::estimatedCost)
                        .toArray());
        for (int task = 0; task < taskCount; task++) {
            String workerUrl = workerUrls.get(task);
            TaskSpec spec = new TaskSpec(
                    queryId + "." + stage.id() + "." + task,
                    queryId,
                    stage.id(),
                    task,
                    taskCount,
                    stage.fragment(),
                    remoteSources(schedule.tasks().get(task), started),
                    stage.outputPartitioning(),
                    outputPartitions,
                    taskMemoryBytes);
            locations.add(new TaskLocation(workerUrl, spec.taskId()));
            specs.add(spec);
        }
        synchronized (this) {
            tasksByStage.put(stage.id(), List.copyOf(locations));
        }
        // Each binding and each creation is a round trip to a worker; they all go out at once. A consumer created
        // before its producers are bound waits on their worker for the binding when it reads them.
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        schedule.bindings().forEach((source, binding) -> {
            for (TaskLocation producer : started.get(source)) {
                calls.add(CompletableFuture.runAsync(() -> transport.bindOutput(producer, binding), workerCalls));
            }
        });
        for (int task = 0; task < taskCount; task++) {
            TaskLocation location = locations.get(task);
            TaskSpec spec = specs.get(task);
            calls.add(CompletableFuture.runAsync(() -> transport.createTask(location.workerUrl(), spec), workerCalls));
        }
        creations.put(
                stage.id(),
                CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).thenRun(() -> {
                    synchronized (this) {
                        createdNanos.put(stage.id(), System.nanoTime());
                    }
                }));
    }

    /** Waits for every future, rethrowing the first failure as it was thrown. */
    public static void awaitAll(List<? extends CompletableFuture<?>> futures) {
        join(CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)));
    }

    /** Waits for the future, rethrowing its failure as it was thrown. */
    private static void join(CompletableFuture<?> future) {
        try {
            future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * The producer whose whole output a task reads (the probe side of a join switched to broadcast), if any: the task
     * runs on that producer's worker, so that those rows move between buffers instead of crossing a socket.
     */
    private static Optional<TaskLocation> forwardedProducer(
            StageSchedule.TaskReads reads, Map<Integer, List<TaskLocation>> started) {
        return reads.sources().entrySet().stream()
                .filter(source -> source.getValue().onlyProducer().isPresent())
                .map(source -> started.get(source.getKey())
                        .get(source.getValue().onlyProducer().getAsInt()))
                .findFirst();
    }

    /** The producers and partitions a task reads, per source stage, as its schedule says. */
    private static Map<Integer, RemoteSource> remoteSources(
            StageSchedule.TaskReads reads, Map<Integer, List<TaskLocation>> started) {
        Map<Integer, RemoteSource> sources = new LinkedHashMap<>();
        reads.sources().forEach((sourceStageId, read) -> {
            List<TaskLocation> producers = started.get(sourceStageId);
            List<TaskLocation> readFrom = read.onlyProducer().isPresent()
                    ? List.of(producers.get(read.onlyProducer().getAsInt()))
                    : producers;
            sources.put(sourceStageId, new RemoteSource(readFrom, read.partitions()));
        });
        return sources;
    }

    /** The plan as it runs (re-cut after a switch to a partitioned join). */
    public StagePlan stagePlan() {
        return stagePlan;
    }

    /** The tasks of every stage started so far, in the order the stages started. */
    public synchronized Map<Integer, List<TaskLocation>> tasksByStage() {
        return new LinkedHashMap<>(tasksByStage);
    }

    /** The root stage's tasks, once it started. */
    public List<TaskLocation> rootTasks() {
        return tasksByStage().get(stagePlan.root().id());
    }

    /** When each started stage's tasks had all been created ({@link System#nanoTime()}), in the order they started. */
    public synchronized Map<Integer, Long> createdNanos() {
        return new LinkedHashMap<>(createdNanos);
    }

    /** The schedules of the stages started so far, with their decisions, in the order they started. */
    public synchronized List<StageSchedule> schedules() {
        return List.copyOf(schedules);
    }
}
