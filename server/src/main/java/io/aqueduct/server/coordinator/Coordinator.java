package io.aqueduct.server.coordinator;

import io.aqueduct.core.aqe.AdaptiveTaskCounts;
import io.aqueduct.core.aqe.ProducerSamples;
import io.aqueduct.core.aqe.TaskPlacement;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
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
import io.aqueduct.core.sql.UpdateStatement;
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
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The coordinator's engine: compiles SQL, cuts it into stages, and runs them on the workers. The
 * Avatica layer ({@link AqueductMeta}) is its only caller.
 */
public final class Coordinator implements AutoCloseable {
    private static final DateTimeFormatter QUERY_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");

    private static final int ANALYZE_FETCH_ROWS = 65_536;
    private static final Duration ANALYZE_FETCH_WAIT = Duration.ofSeconds(1);
    /** The memory the final plans of ended queries may take, whatever the retention. */
    private static final long MAX_RETAINED_PLAN_BYTES = 256L << 20;

    private final ConnectorRegistry connectors;
    private final QueryCompiler compiler;
    private final CatalogUpdates updates;
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
    /** Schedules queries and cleans up after them, so that no client request thread waits for either. */
    private final ExecutorService schedulerExecutor = Executors.newCachedThreadPool(daemon("query-scheduler"));
    /** Queries that have not reached a terminal state, by id: what KILL QUERY can reach. */
    private final Map<String, QueryExecution> running = new ConcurrentHashMap<>();

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
        this.updates = new CatalogUpdates(connectors, compiler, this.workerUrls, client);
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

    /**
     * Runs a statement that writes (DDL, INSERT, CREATE TABLE AS) and returns its update count; an INSERT runs as a
     * registered query like any other, its time limit counting from {@code requestNanos}.
     */
    long executeUpdate(
            UpdateStatement statement,
            String sql,
            Session session,
            String connectionId,
            int statementId,
            long requestNanos) {
        return updates.execute(statement, sql, session.catalog(), session.schema(), insert -> {
            QueryExecution execution = execute(insert, List.of(), session, connectionId, statementId, requestNanos);
            try (execution) {
                List<Object> rows = new ArrayList<>();
                do {
                    rows.addAll(execution.fetch(1, Long.MAX_VALUE, ANALYZE_FETCH_WAIT));
                } while (!execution.isDone());
                List<?> counts = (List<?>) rows.get(0);
                return new CatalogUpdates.Written(
                        execution.queryId(),
                        ((Number) counts.get(0)).longValue(),
                        ((Number) counts.get(1)).longValue());
            } catch (AqueductException e) {
                throw new CatalogUpdates.WriteFailed(execution.queryId(), e);
            }
        });
    }

    CompiledQuery compile(String sql, Session session) {
        return compiler.compile(sql, session.catalog(), session.schema());
    }

    /**
     * Plans the query, registers it and starts it on the workers, returning at once; {@code connectionId}
     * and {@code statementId} name the Avatica statement that runs it, and its time limit counts from
     * {@code requestNanos}, when the client's request arrived.
     */
    QueryExecution execute(
            CompiledQuery query,
            List<?> parameterValues,
            Session session,
            String connectionId,
            int statementId,
            long requestNanos) {
        String queryId = nextQueryId();
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
        QueryExecution.Resources resources = new QueryExecution.Resources(
                new TaskPlacement(workerUrls, nextWorker),
                client,
                queryAllocator,
                schedulerExecutor,
                exchangeExecutor,
                monitorExecutor,
                taskMemoryBytes,
                timeLimit(session.settings(), defaultSettings),
                requestNanos);
        QueryExecution execution = QueryExecution.start(
                record,
                queries,
                query,
                () -> distribute(query, parameterValues, session),
                taskCounts,
                resources,
                ended -> running.remove(ended.queryId(), ended));
        running.put(queryId, execution);
        if (execution.state().isTerminal()) {
            running.remove(queryId, execution);
        }
        return execution;
    }

    /**
     * {@code KILL QUERY}: cancels a running query with SQLState 57014, wherever its client is; its tasks
     * are released right after. A query that is not running (unknown, or already ended) is an error.
     */
    void kill(String queryId) {
        QueryExecution execution = running.get(queryId);
        boolean canceled = execution != null
                && execution.cancel(new AqueductException(
                        ErrorCode.QUERY_CANCELED, "Query " + queryId + " was killed (KILL QUERY)"));
        if (!canceled) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "Query '" + queryId + "' is not running");
        }
    }

    /**
     * The shortest of the session's {@code query.timeout} and {@code query.max_run_time} and the server's
     * {@code query.max_run_time}, zero when none is set: a session can lower the server's bound, not raise it.
     */
    static Duration timeLimit(SettingValues session, SettingValues server) {
        OptionalLong shortest = LongStream.of(
                        session.number(Setting.QUERY_TIMEOUT),
                        session.number(Setting.QUERY_MAX_RUN_TIME),
                        server.number(Setting.QUERY_MAX_RUN_TIME))
                .filter(millis -> millis > 0)
                .min();
        return shortest.isPresent() ? Duration.ofMillis(shortest.getAsLong()) : Duration.ZERO;
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
        int limit = maxRows > 0 ? (int) Math.min(maxRows, Integer.MAX_VALUE) : Integer.MAX_VALUE;
        try (BufferAllocator queryAllocator = allocator.newChildAllocator("system-query", 0, allocator.getLimit());
                ResultCursor cursor = new ResultCursor(
                        new ResultBatches(
                                new LocalExecutionPlanner()
                                        .plan(plan, NO_TASK_INPUTS, ExecutionContext.of(queryAllocator)),
                                exchangeExecutor,
                                () -> {}),
                        () -> false,
                        query.queryResultType())) {
            List<Object> rows = new ArrayList<>();
            while (rows.size() < limit && !cursor.isDone()) {
                rows.addAll(cursor.next(limit - rows.size(), Long.MAX_VALUE, SYSTEM_ROWS_WAIT));
            }
            return Optional.of(rows);
        }
    }

    /** How long one read of a system query's rows waits: they are computed here, from memory. */
    private static final Duration SYSTEM_ROWS_WAIT = Duration.ofSeconds(1);

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
        try (QueryExecution execution =
                execute(query, parameterValues, session, connectionId, statementId, System.nanoTime())) {
            queryId = execution.queryId();
            do {
                execution.fetch(ANALYZE_FETCH_ROWS, Long.MAX_VALUE, ANALYZE_FETCH_WAIT);
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
        schedulerExecutor.shutdownNow();
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
