package io.aqueduct.core.aqe;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.skew.SkewConnector;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.core.worker.ExchangeOperator;
import io.aqueduct.core.worker.InProcessWorkers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Runs queries through the adaptive loop ({@link StageScheduler}) on {@link InProcessWorkers}: the coordinator's
 * part of a query without its JDBC front end and without sockets. Plans as the coordinator does, for a cluster of
 * {@link #WORKERS} workers of {@link #CORES} cores.
 */
final class InProcessQueries implements AutoCloseable {
    static final int WORKERS = 2;
    static final int CORES = 2;
    private static final long TASK_MEMORY_BYTES = 512L << 20;

    private final ConnectorRegistry connectors =
            new ConnectorRegistry(List.of(new TpchConnector(), new SkewConnector()));
    private final QueryCompiler compiler = new QueryCompiler(connectors.all());
    private final BufferAllocator allocator;
    private final InProcessWorkers workers;
    private final ExecutorService calls = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "aqueduct-test-calls");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final AtomicInteger nextQuery = new AtomicInteger();

    InProcessQueries(BufferAllocator allocator) {
        this.allocator = allocator;
        this.workers = new InProcessWorkers(connectors, allocator, WORKERS);
    }

    InProcessWorkers workers() {
        return workers;
    }

    /**
     * What a query did: its rows, sorted, the plan it started from, the schedules its stages ran with and where their
     * tasks ran.
     */
    record Run(
            List<List<Object>> rows,
            StagePlan plannedPlan,
            StagePlan finalPlan,
            List<StageSchedule> schedules,
            Map<Integer, List<TaskLocation>> tasksByStage) {
        List<AqeDecision> decisions(String rule) {
            return schedules.stream()
                    .flatMap(schedule -> schedule.decisions().stream())
                    .filter(decision -> decision.rule().equals(rule))
                    .toList();
        }

        List<AqeDecision> adopted(String rule) {
            return decisions(rule).stream().filter(AqeDecision::adopted).toList();
        }

        StageSchedule schedule(int stageId) {
            return schedules.stream()
                    .filter(schedule -> schedule.stageId() == stageId)
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** Runs {@code sql} (in {@code tpch.<schema>}) to its end and releases its tasks, whether it succeeded or not. */
    Run run(String schema, String sql, SettingValues settings) {
        return run(schema, sql, settings, workers);
    }

    /** As {@link #run(String, String, SettingValues)}, the coordinator's calls to workers going through {@code coordinatorCalls}. */
    Run run(String schema, String sql, SettingValues settings, WorkerTransport coordinatorCalls) {
        StagePlan plan = plan(schema, sql, settings);
        AdaptiveTaskCounts taskCounts = new AdaptiveTaskCounts(
                settings,
                clusterShape(settings).maxTasksPerStage(),
                new ProducerSamples(OutputBinding.SAMPLE_BUDGET_BYTES, this::statistics, coordinatorCalls));
        StageScheduler scheduler = new StageScheduler(
                "q" + nextQuery.incrementAndGet(),
                plan,
                taskCounts,
                new TaskPlacement(workers.urls(), nextWorker),
                coordinatorCalls,
                calls,
                TASK_MEMORY_BYTES);
        try {
            scheduler.schedule();
            List<List<Object>> rows = readResults(scheduler);
            rows.sort(Comparator.comparing(Object::toString));
            return new Run(rows, plan, scheduler.stagePlan(), scheduler.schedules(), scheduler.tasksByStage());
        } finally {
            release(scheduler);
        }
    }

    /** The stage plan of {@code sql} (in {@code tpch.<schema>}) as the coordinator plans it under the settings. */
    StagePlan plan(String schema, String sql, SettingValues settings) {
        CompiledQuery query = compiler.compile(sql, "tpch", schema);
        return new DistributedPlanner(clusterShape(settings), this::statistics, scan -> connector(scan)
                        .taskEstimator())
                .plan(query.plan(List.of()));
    }

    private List<List<Object>> readResults(StageScheduler scheduler) {
        BufferAllocator results = allocator.newChildAllocator("results", 0, allocator.getLimit());
        try (results;
                ExchangeOperator exchange = new ExchangeOperator(
                        scheduler.stagePlan().root().fragment().outputType(),
                        new RemoteSource(scheduler.rootTasks(), List.of(0)),
                        workers,
                        calls,
                        new ExecutionContext(results, ExecutionContext.DEFAULT_BATCH_ROWS, () -> false))) {
            return new ArrayList<>(BatchRows.drain(exchange));
        }
    }

    private void release(StageScheduler scheduler) {
        List<CompletableFuture<Void>> releases = new ArrayList<>();
        for (List<TaskLocation> tasks : scheduler.tasksByStage().values()) {
            for (TaskLocation task : tasks) {
                releases.add(CompletableFuture.runAsync(() -> workers.cancelTask(task), calls));
            }
        }
        StageScheduler.awaitAll(releases);
    }

    /** The cluster as the coordinator sees it under the session's settings. */
    private static ClusterShape clusterShape(SettingValues settings) {
        ClusterShape cluster = ClusterShape.of(WORKERS, CORES);
        long maxTasks = settings.number(Setting.MAX_TASKS_PER_STAGE);
        long fixedTasks = settings.bool(Setting.DYNAMIC_TASK_COUNT) ? 0 : settings.number(Setting.FIXED_TASK_COUNT);
        return new ClusterShape(
                cluster.workerCount(),
                maxTasks > 0 ? (int) maxTasks : cluster.maxTasksPerStage(),
                cluster.bytesPerTask(),
                settings.number(Setting.BROADCAST_MAX_BYTES),
                (int) fixedTasks);
    }

    private Connector connector(TableScanNode scan) {
        return connectors.connector(scan.catalog());
    }

    private TableStatistics statistics(TableScanNode scan) {
        return connector(scan).statistics(scan.schema(), scan.table());
    }

    @Override
    public void close() {
        workers.close();
        calls.shutdownNow();
    }
}
