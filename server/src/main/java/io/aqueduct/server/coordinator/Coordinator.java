package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
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
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.core.plan.PlanNode;
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
import io.aqueduct.core.type.DataType;
import io.aqueduct.server.finalplan.FinalPlan;
import io.aqueduct.server.finalplan.FinalPlanJson;
import io.aqueduct.server.finalplan.FinalPlanText;
import io.aqueduct.server.finalplan.QueryProgress;
import io.aqueduct.server.finalplan.QueryRecord;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.lifecycle.QueryState;
import io.aqueduct.server.membership.WorkerMembership;
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
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.calcite.avatica.proto.Common;

/**
 * The coordinator's engine: compiles SQL, cuts it into stages, and runs them on the workers. The
 * Avatica layer ({@link AqueductMeta}) is its only caller.
 */
public final class Coordinator implements AutoCloseable {
    private static final DateTimeFormatter QUERY_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");

    private static final int ANALYZE_FETCH_ROWS = 65_536;
    private static final Duration ANALYZE_FETCH_WAIT = Duration.ofSeconds(1);
    /** How often the coordinator probes each worker, and how long a probe may take before the worker is out. */
    private static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);
    /** The memory the final plans of ended queries may take, whatever the retention. */
    private static final long MAX_RETAINED_PLAN_BYTES = 256L << 20;

    private final ConnectorRegistry connectors;
    private final QueryCompiler compiler;
    private final CatalogUpdates updates;
    private final SystemTables<SystemContext> systemTables;
    /** The workers and whether each answers: every query attempt is planned on the active ones. */
    private final WorkerMembership membership;

    private final int coresPerWorker;
    private final ClusterSecret secret;
    private final AdmissionQueue admission;
    private final WorkerClient client;
    private final BufferAllocator allocator;
    private final long taskMemoryBytes;
    private final SettingValues defaultSettings;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final AtomicInteger querySequence = new AtomicInteger();
    private final QueryRegistry queries;
    /** Where SQL is compiled: a deep stack for deeply nested statements. */
    private final PlannerThreads planner = new PlannerThreads();

    private final ExecutorService exchangeExecutor = Executors.newCachedThreadPool(daemon("result-reader"));
    /** Schedules queries and cleans up after them, so that no client request thread waits for either. */
    private final ExecutorService schedulerExecutor = Executors.newCachedThreadPool(daemon("query-scheduler"));
    /** Queries that have not reached a terminal state, by id: what KILL QUERY can reach. */
    private final Map<String, RetryingQuery> running = new ConcurrentHashMap<>();

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
        this.coresPerWorker = coresPerWorker;
        this.secret = secret;
        this.client = new WorkerClient(secret);
        this.membership = new WorkerMembership(workerUrls, client::info, PROBE_TIMEOUT);
        this.membership.start(PROBE_INTERVAL);
        this.admission = new AdmissionQueue(defaultSettings.number(Setting.QUERY_MAX_CONCURRENT));
        this.queries = new QueryRegistry(queryRetention, MAX_RETAINED_PLAN_BYTES);
        this.systemTables = SystemSchema.tables(connectors, membership::members, client, queries);
        this.compiler = new QueryCompiler(connectors.all(), systemTables);
        this.updates = new CatalogUpdates(connectors, compiler, membership::knownUrls, client);
        this.allocator = new RootAllocator(memoryBytes);
        this.taskMemoryBytes = taskMemoryBytes;
        this.defaultSettings = defaultSettings;
    }

    /** The workers the coordinator knows, for registrations and restarts of local workers. */
    public WorkerMembership membership() {
        return membership;
    }

    /** What workers present to the coordinator, and it to them. */
    ClusterSecret secret() {
        return secret;
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
     * registered query like any other, its time limit counting from {@code requestNanos}, with {@code
     * parameterValues} for its {@code ?}.
     */
    long executeUpdate(
            UpdateStatement statement,
            String sql,
            List<?> parameterValues,
            Session session,
            String connectionId,
            int statementId,
            long requestNanos) {
        return updates.execute(statement, sql, session.catalog(), session.schema(), insert -> {
            RetryingQuery execution =
                    execute(insert, parameterValues, session, connectionId, statementId, requestNanos);
            try (execution) {
                List<ByteString> rows = new ArrayList<>();
                do {
                    rows.addAll(execution.fetch(1, Long.MAX_VALUE, ANALYZE_FETCH_WAIT));
                } while (!execution.isDone());
                Common.Row counts = parseRow(rows.get(0));
                return new CatalogUpdates.Written(
                        execution.queryId(),
                        counts.getValue(0).getScalarValue().getNumberValue(),
                        counts.getValue(1).getScalarValue().getNumberValue());
            } catch (AqueductException e) {
                throw new CatalogUpdates.WriteFailed(execution.queryId(), e);
            }
        });
    }

    private static Common.Row parseRow(ByteString encoded) {
        try {
            return Common.Row.parseFrom(encoded);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("An encoded row does not parse", e);
        }
    }

    /** The types of the {@code ?} parameters of a statement that writes. */
    List<DataType> updateParameterTypes(UpdateStatement statement, String sql, Session session) {
        return updates.parameterTypes(statement, sql, session.catalog(), session.schema());
    }

    CompiledQuery compile(String sql, Session session) {
        return compile(sql, session, 0);
    }

    /** Compiles {@code sql} as a query fetching at most {@code maxRows} rows when that is positive. */
    CompiledQuery compile(String sql, Session session, long maxRows) {
        return planner.call(() -> compiler.compile(sql, session.catalog(), session.schema(), maxRows));
    }

    /**
     * Admits the query (it waits, QUEUED, while {@code query.max_concurrent} queries run), plans and
     * registers it and starts it on the active workers, returning at once; it runs again on the workers
     * left if it loses one before any row reached the client. {@code connectionId} and {@code statementId}
     * name the Avatica statement that runs it, and its time limit counts from {@code requestNanos}, when
     * the client's request arrived.
     */
    RetryingQuery execute(
            CompiledQuery query,
            List<?> parameterValues,
            Session session,
            String connectionId,
            int statementId,
            long requestNanos) {
        String queryId = nextQueryId();
        long startEpochMillis = System.currentTimeMillis();
        IntFunction<QueryRecord> record = attempt -> new QueryRecord(
                queryId, connectionId, statementId, session.user(), query.sql(), startEpochMillis, attempt, null, null);
        queries.started(
                record.apply(1),
                () -> new QueryProgress(QueryState.QUEUED, System.currentTimeMillis() - startEpochMillis, 0, 0, 0));
        try {
            admission.admit(queryId, Duration.ofMillis(session.settings().number(Setting.QUERY_QUEUE_TIMEOUT)));
        } catch (RuntimeException e) {
            queries.forget(queryId);
            throw e;
        }
        AtomicReference<RetryingQuery> retrying = new AtomicReference<>();
        retrying.set(new RetryingQuery(
                queryId,
                (int) Math.min(session.settings().number(Setting.QUERY_MAX_ATTEMPTS), Integer.MAX_VALUE),
                attempt -> startAttempt(
                        query, parameterValues, session, record.apply(attempt), requestNanos, ended -> retrying.get()
                                .attemptEnded(ended)),
                () -> {
                    membership.probeAll();
                    return membership.activeUrls();
                },
                () -> {
                    running.remove(queryId, retrying.get());
                    admission.release();
                }));
        running.put(queryId, retrying.get());
        try {
            retrying.get().start();
        } catch (RuntimeException e) {
            queries.forget(queryId);
            throw e;
        }
        return retrying.get();
    }

    /** One attempt of a query, planned and placed on the workers active now. */
    private RetryingQuery.Attempt startAttempt(
            CompiledQuery query,
            List<?> parameterValues,
            Session session,
            QueryRecord record,
            long requestNanos,
            Consumer<QueryExecution> onEnd) {
        List<String> workers = activeWorkers();
        ClusterShape shape = clusterShape(session.settings(), workers.size());
        AdaptiveTaskCounts taskCounts = new AdaptiveTaskCounts(
                session.settings(),
                shape.maxTasksPerStage(),
                new ProducerSamples(OutputBinding.SAMPLE_BUDGET_BYTES, this::statistics, client));
        BufferAllocator queryAllocator = allocator.newChildAllocator(
                "query-" + record.queryId() + "-" + record.attempt(), 0, allocator.getLimit());
        QueryExecution.Resources resources = new QueryExecution.Resources(
                new TaskPlacement(workers, nextWorker),
                client,
                queryAllocator,
                schedulerExecutor,
                exchangeExecutor,
                monitorExecutor,
                taskMemoryBytes,
                timeLimit(session.settings(), defaultSettings),
                requestNanos,
                session.timestampUnit());
        QueryExecution execution = QueryExecution.start(
                record,
                queries,
                query,
                () -> distribute(query, parameterValues, session, shape),
                taskCounts,
                resources,
                onEnd);
        return new RetryingQuery.Attempt(execution, workers);
    }

    /** The workers that answered their last probe; 08006 when none did. */
    private List<String> activeWorkers() {
        List<String> workers = membership.activeUrls();
        if (workers.isEmpty()) {
            throw new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE,
                    "No worker is reachable: "
                            + membership.members().stream()
                                    .map(WorkerMembership.Member::url)
                                    .toList());
        }
        return workers;
    }

    /**
     * {@code KILL QUERY}: cancels a running query with SQLState 57014, wherever its client is; its tasks
     * are released right after. A query that is not running (unknown, or already ended) is an error.
     */
    void kill(String queryId) {
        RetryingQuery execution = running.get(queryId);
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
    Optional<List<ByteString>> answerOnCoordinator(
            CompiledQuery query, List<?> parameterValues, Session session, long maxRows) {
        if (!query.readsSystemTables()) {
            return Optional.empty();
        }
        PlanNode plan = query.plan(
                parameterValues,
                systemTables.snapshotSource(session.systemContext()),
                StatementTime.now(session.timeZone()),
                session.values());
        if (readsConnectorTable(plan)) {
            return Optional.empty();
        }
        int limit = maxRows > 0 ? (int) Math.min(maxRows, Integer.MAX_VALUE) : Integer.MAX_VALUE;
        try (BufferAllocator queryAllocator = allocator.newChildAllocator("system-query", 0, allocator.getLimit());
                ResultCursor cursor = new ResultCursor(
                        new ResultBatches(
                                new LocalExecutionPlanner()
                                        .plan(plan, TaskInputs.NONE, ExecutionContext.of(queryAllocator)),
                                query.queryResultType().types(),
                                session.timestampUnit(),
                                exchangeExecutor,
                                () -> {}),
                        () -> false)) {
            List<ByteString> rows = new ArrayList<>();
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

    /** The plan before execution: Calcite's logical plan and the stages with their static task counts. */
    List<String> explain(CompiledQuery query, List<?> parameterValues, Session session) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "Adaptive decisions are made at runtime; this is the plan before execution, with static task counts.");
        lines.add("Logical plan:");
        query.logicalPlan().lines().map(line -> "  " + line).forEach(lines::add);
        lines.add("Distributed plan:");
        StagePlanPrinter.lines(distribute(
                        query,
                        parameterValues,
                        session,
                        clusterShape(session.settings(), activeWorkers().size())))
                .stream()
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
        try (RetryingQuery execution =
                execute(query, parameterValues, session, connectionId, statementId, System.nanoTime())) {
            queryId = execution.queryId();
            do {
                execution.fetch(ANALYZE_FETCH_ROWS, Long.MAX_VALUE, ANALYZE_FETCH_WAIT);
            } while (!execution.isDone());
        }
        QueryRecord record = queries.query(queryId).orElseThrow();
        FinalPlan plan = record.finalPlan();
        List<String> lines =
                switch (query.explainMode()) {
                    case ANALYZE_JSON -> List.of(FinalPlanJson.toJson(plan));
                    case ANALYZE_VERBOSE -> FinalPlanText.lines(plan, true);
                    default -> FinalPlanText.lines(plan, false);
                };
        if (record.attempt() > 1 && query.explainMode() != CompiledQuery.ExplainMode.ANALYZE_JSON) {
            List<String> withAttempt = new ArrayList<>(lines);
            withAttempt.add(
                    1, "Attempt " + record.attempt() + ": the query ran again after an earlier attempt lost a worker.");
            return withAttempt;
        }
        return lines;
    }

    /** Running queries and the final plans of the last ones that ended. */
    public QueryRegistry queries() {
        return queries;
    }

    private StagePlan distribute(CompiledQuery query, List<?> parameterValues, Session session, ClusterShape shape) {
        return new DistributedPlanner(shape, this::statistics, this::taskEstimator)
                .plan(query.plan(
                        parameterValues,
                        systemTables.snapshotSource(session.systemContext()),
                        StatementTime.now(session.timeZone()),
                        session.values()));
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
    private ClusterShape clusterShape(SettingValues settings, int workerCount) {
        ClusterShape clusterShape = ClusterShape.of(workerCount, coresPerWorker);
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
        planner.close();
        membership.close();
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
