package io.aqueduct.server.coordinator;

import io.aqueduct.core.aqe.AdaptiveTaskCounts;
import io.aqueduct.core.aqe.ProducerSamples;
import io.aqueduct.core.aqe.TaskPlacement;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.sql.StatementTime;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.stage.StagePlanPrinter;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.FinalPlanJson;
import io.aqueduct.server.finalplan.FinalPlanText;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.system.SystemContext;
import io.aqueduct.server.system.SystemSchema;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.WorkerClient;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The coordinator's engine: compiles SQL, cuts it into stages, and runs them on the workers. The
 * Avatica layer ({@link AqueductMeta}) is its only caller.
 */
public final class Coordinator implements AutoCloseable {
    private static final DateTimeFormatter QUERY_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");

    private static final int ANALYZE_FETCH_ROWS = 65_536;
    /** The memory the final plans of ended queries may take, whatever the retention. */
    private static final long MAX_RETAINED_PLAN_BYTES = 256L << 20;

    private final ConnectorRegistry connectors;
    private final QueryCompiler compiler;
    private final SystemTables<SystemContext> systemTables;
    private final List<String> workerUrls;
    private final ClusterShape clusterShape;
    private final WorkerClient client;
    private final BufferAllocator allocator;
    private final long taskMemoryBytes;
    private final SettingValues defaultSettings;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final AtomicInteger querySequence = new AtomicInteger();
    private final QueryRegistry queries;
    private final ExecutorService exchangeExecutor = Executors.newCachedThreadPool(daemon("result-reader"));
    private final ScheduledExecutorService monitorExecutor =
            Executors.newScheduledThreadPool(2, daemon("query-monitor"));

    public Coordinator(
            ConnectorRegistry connectors,
            List<String> workerUrls,
            int coresPerWorker,
            ClusterSecret secret,
            long memoryBytes,
            long taskMemoryBytes,
            SettingValues defaultSettings,
            int queryRetention) {
        if (workerUrls.isEmpty()) {
            throw new IllegalArgumentException("a coordinator needs at least one worker");
        }
        this.connectors = connectors;
        this.workerUrls = List.copyOf(workerUrls);
        this.clusterShape = ClusterShape.of(workerUrls.size(), coresPerWorker);
        this.client = new WorkerClient(secret);
        this.queries = new QueryRegistry(queryRetention, MAX_RETAINED_PLAN_BYTES);
        this.systemTables = SystemSchema.tables(connectors, this.workerUrls, client, queries);
        this.compiler = new QueryCompiler(connectors.all(), systemTables);
        this.allocator = new RootAllocator(memoryBytes);
        this.taskMemoryBytes = taskMemoryBytes;
        this.defaultSettings = defaultSettings;
    }

    /** The server's settings, which every new session starts from. */
    SettingValues defaultSettings() {
        return defaultSettings;
    }

    ConnectorRegistry connectors() {
        return connectors;
    }

    /** The tables of the {@code sys} schema. */
    SystemTables<SystemContext> systemTables() {
        return systemTables;
    }

    CompiledQuery compile(String sql, Session session) {
        return compiler.compile(sql, session.catalog(), session.schema());
    }

    /**
     * Starts the query on the workers and registers it; {@code connectionId} and {@code statementId}
     * name the Avatica statement that runs it.
     */
    QueryExecution execute(
            CompiledQuery query, List<?> parameterValues, Session session, String connectionId, int statementId) {
        String queryId = nextQueryId();
        StagePlan stages = distribute(query, parameterValues, session);
        AdaptiveTaskCounts taskCounts = new AdaptiveTaskCounts(
                session.settings(),
                clusterShape(session.settings()).maxTasksPerStage(),
                new ProducerSamples(OutputBinding.SAMPLE_BUDGET_BYTES, this::statistics, client),
                client);
        BufferAllocator queryAllocator = allocator.newChildAllocator("query-" + queryId, 0, allocator.getLimit());
        QueryRecord record = new QueryRecord(
                queryId,
                connectionId,
                statementId,
                session.user(),
                query.sql(),
                System.currentTimeMillis(),
                null,
                null);
        return QueryExecution.start(
                record,
                queries,
                query,
                stages,
                taskCounts,
                new TaskPlacement(workerUrls, nextWorker),
                client,
                queryAllocator,
                exchangeExecutor,
                monitorExecutor,
                taskMemoryBytes);
    }

    /**
     * The rows of a query that reads system tables and no connector's table, computed here on the
     * coordinator (where those rows live) rather than on a worker; at most {@code maxRows} of them
     * when positive. Such a query is not registered: it has no stages and leaves no final plan, and
     * the driver's own lookups in {@code sys.queries} do not appear there as queries of their own.
     * Empty when the query reads a connector's table, which then runs on the cluster.
     */
    Optional<List<Object>> answerOnCoordinator(
            CompiledQuery query, List<?> parameterValues, Session session, long maxRows) {
        if (!query.readsSystemTables()) {
            return Optional.empty();
        }
        PlanNode plan = query.plan(parameterValues, systemTables.snapshotSource(new SystemContext(session.settings())));
        if (readsConnectorTable(plan)) {
            return Optional.empty();
        }
        try (BufferAllocator queryAllocator = allocator.newChildAllocator("system-query", 0, allocator.getLimit());
                ResultCursor cursor = new ResultCursor(
                        new LocalExecutionPlanner().plan(plan, NO_TASK_INPUTS, ExecutionContext.of(queryAllocator)),
                        query.queryResultType())) {
            return Optional.of(cursor.next(
                    maxRows > 0 ? (int) Math.min(maxRows, Integer.MAX_VALUE) : Integer.MAX_VALUE, Long.MAX_VALUE));
        }
    }

    private static boolean readsConnectorTable(PlanNode plan) {
        return plan instanceof TableScanNode || plan.sources().stream().anyMatch(Coordinator::readsConnectorTable);
    }

    /** A plan over system tables alone has values for leaves: it reads no split and no other task. */
    private static final TaskInputs NO_TASK_INPUTS = new TaskInputs() {
        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            throw new IllegalStateException("A query over system tables scans no connector table");
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            throw new IllegalStateException("A query over system tables reads no other task");
        }
    };

    /** The plan before execution: Calcite's logical plan and the stages with their static task counts. */
    List<String> explain(CompiledQuery query, List<?> parameterValues, Session session) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "Adaptive decisions are made at runtime; this is the plan before execution, with static task counts.");
        lines.add("Logical plan:");
        query.logicalPlan().lines().map(line -> "  " + line).forEach(lines::add);
        lines.add("Distributed plan:");
        StagePlanPrinter.lines(distribute(query, parameterValues, session)).stream()
                .map(line -> "  " + line)
                .forEach(lines::add);
        return lines;
    }

    /**
     * Runs the query to its end, discarding its rows, and renders the plan that ran as text lines, or
     * as one JSON document for {@code FORMAT JSON}.
     */
    List<String> explainAnalyze(
            CompiledQuery query, List<?> parameterValues, Session session, String connectionId, int statementId) {
        String queryId;
        try (QueryExecution execution = execute(query, parameterValues, session, connectionId, statementId)) {
            queryId = execution.queryId();
            do {
                execution.fetch(ANALYZE_FETCH_ROWS, Long.MAX_VALUE);
            } while (!execution.isDone());
        }
        FinalPlan plan = queries.query(queryId).map(QueryRecord::finalPlan).orElseThrow();
        return switch (query.explainMode()) {
            case ANALYZE_JSON -> List.of(FinalPlanJson.toJson(plan));
            case ANALYZE_VERBOSE -> FinalPlanText.lines(plan, true);
            default -> FinalPlanText.lines(plan, false);
        };
    }

    /** Running queries and the final plans of the last ones that ended. */
    public QueryRegistry queries() {
        return queries;
    }

    private StagePlan distribute(CompiledQuery query, List<?> parameterValues, Session session) {
        return new DistributedPlanner(clusterShape(session.settings()), this::statistics, this::taskEstimator)
                .plan(query.plan(
                        parameterValues,
                        systemTables.snapshotSource(new SystemContext(session.settings())),
                        StatementTime.now(session.timeZone())));
    }

    private Optional<TaskEstimator> taskEstimator(TableScanNode scan) {
        return connectors.connector(scan.catalog()).taskEstimator();
    }

    private TableStatistics statistics(TableScanNode scan) {
        return connectors.connector(scan.catalog()).statistics(scan.schema(), scan.table());
    }

    /**
     * The cluster as the session's settings see it: task bounds, the broadcast threshold, and the fixed
     * task count, which applies only with {@code distributed.dynamic_task_count} off.
     */
    private ClusterShape clusterShape(SettingValues settings) {
        long maxTasks = settings.number(Setting.MAX_TASKS_PER_STAGE);
        long fixedTasks = settings.bool(Setting.DYNAMIC_TASK_COUNT) ? 0 : settings.number(Setting.FIXED_TASK_COUNT);
        return new ClusterShape(
                clusterShape.workerCount(),
                maxTasks > 0 ? (int) Math.min(maxTasks, Integer.MAX_VALUE) : clusterShape.maxTasksPerStage(),
                clusterShape.bytesPerTask(),
                settings.number(Setting.BROADCAST_MAX_BYTES),
                (int) Math.min(fixedTasks, Integer.MAX_VALUE));
    }

    private String nextQueryId() {
        return LocalDateTime.now().format(QUERY_ID_TIME) + "_" + String.format("%05d", querySequence.incrementAndGet());
    }

    @Override
    public void close() {
        monitorExecutor.shutdownNow();
        exchangeExecutor.shutdownNow();
        client.close();
        allocator.close();
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "aqueduct-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
