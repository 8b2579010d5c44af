package io.aqueduct.server.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.OperatorMetrics;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.server.transport.ClusterSecret;
import io.aqueduct.server.transport.WorkerClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The worker's side channel for task metrics: {@code GET /v1/task/{id}/info} and {@code DELETE /v1/task/{id}}. */
class TestTaskInfo {
    private static final long MEMORY_BYTES = 1L << 30;
    private static final long TASK_MEMORY_BYTES = 256L << 20;
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 10;
    // The skew catalog generates rows cheaply: 10,000 keys in skew.tiny.dim, 1,000,000 rows in skew.small.fact.
    private static final RowType DIM = rowType("d_key", DataType.BIGINT, "d_group", DataType.INTEGER);
    private static final TableScanNode DIM_SCAN = new TableScanNode("skew", "tiny", "dim", DIM);
    private static final RowType FACT = rowType("f_id", DataType.BIGINT, "f_note", DataType.VARCHAR);
    private static final TableScanNode FACT_SCAN = new TableScanNode("skew", "small", "fact", FACT);
    private static final long FACT_ROWS = 1_000_000;

    private final ClusterSecret secret = ClusterSecret.generate();
    private WorkerServer worker;
    private WorkerClient client;
    private BufferAllocator allocator;

    @BeforeEach
    void startWorker() throws Exception {
        worker = WorkerServer.start("127.0.0.1", 0, secret, MEMORY_BYTES);
        client = new WorkerClient(secret);
        allocator = new RootAllocator();
    }

    @AfterEach
    void stopWorker() throws Exception {
        client.close();
        // Closing the worker closes its root allocator, which fails if a task kept memory.
        worker.close();
        allocator.close();
    }

    @Test
    void deleteAnswersTheFinalMetricsOfAFinishedTask() throws Exception {
        // Stage 1 reads the 10,000 keys of dim; stage 0 keeps keys 1 to 5.
        PlanNode producerFragment = new ProjectNode(
                DIM_SCAN,
                List.of(new InputReference(1, DataType.INTEGER), new InputReference(0, DataType.BIGINT)),
                rowType("d_group", DataType.INTEGER, "d_key", DataType.BIGINT));
        TaskLocation producer = create(spec("q1.1.0", 1, producerFragment, Map.of(), 1));
        PlanNode consumerFragment = new FilterNode(
                new RemoteSourceNode(1, producerFragment.outputType()),
                atMost(new InputReference(1, DataType.BIGINT), 5));
        TaskLocation consumer = create(
                spec("q1.0.0", 0, consumerFragment, Map.of(1, new RemoteSource(List.of(producer), List.of(0))), 1));

        assertThat(readRows(consumer)).isEqualTo(5);
        awaitStatus(consumer, status -> status.state() == TaskState.FINISHED);
        awaitStatus(producer, status -> status.state() == TaskState.FINISHED);
        TaskInfo producerInfo = client.cancelTask(producer).orElseThrow();
        TaskInfo consumerInfo = client.cancelTask(consumer).orElseThrow();

        assertThat(producerInfo.taskId()).isEqualTo("q1.1.0");
        assertThat(producerInfo.stageId()).isEqualTo(1);
        assertThat(producerInfo.workerUrl()).isEqualTo(worker.url());
        assertThat(producerInfo.state()).isEqualTo(TaskState.FINISHED);
        assertThat(producerInfo.error()).isNull();
        assertThat(producerInfo.operators())
                .extracting(OperatorMetrics::operator)
                .containsExactly("Project", "TableScan");
        assertThat(producerInfo.operators())
                .extracting(OperatorMetrics::outputRows)
                .containsExactly(10_000L, 10_000L);
        assertThat(producerInfo.operators())
                .extracting(OperatorMetrics::batches)
                .containsExactly(2L, 2L);
        assertThat(producerInfo.outputRows()).isEqualTo(10_000);
        assertThat(producerInfo.exchanges()).isEmpty();
        assertThat(producerInfo.peakMemoryBytes()).isPositive();
        assertThat(producerInfo.startEpochMillis()).isPositive();
        assertThat(producerInfo.endEpochMillis()).isGreaterThanOrEqualTo(producerInfo.startEpochMillis());

        assertThat(consumerInfo.state()).isEqualTo(TaskState.FINISHED);
        assertThat(consumerInfo.operators())
                .extracting(OperatorMetrics::operator)
                .containsExactly("Filter", "RemoteSource");
        assertThat(consumerInfo.operators())
                .extracting(OperatorMetrics::outputRows)
                .containsExactly(5L, 10_000L);
        assertThat(consumerInfo.outputRows()).isEqualTo(5);
        OperatorMetrics remoteSource = consumerInfo.operators().get(1);
        assertThat(consumerInfo.exchanges()).singleElement().satisfies(exchange -> {
            assertThat(exchange.sourceStageId()).isEqualTo(1);
            assertThat(exchange.streams()).isEqualTo(1);
            assertThat(exchange.rowsReceived()).isEqualTo(10_000);
            assertThat(exchange.bytesReceived())
                    .isEqualTo(remoteSource.outputBytes())
                    .isEqualTo(producerInfo.outputBytes());
            // Producer and consumer share the worker: the exchange took the batches from memory, not the network.
            assertThat(exchange.localBytesReceived()).isEqualTo(exchange.bytesReceived());
            assertThat(exchange.networkNanos()).isZero();
        });
        assertThat(remoteSource.peakMemoryBytes()).isPositive();
    }

    @Test
    void deleteAnswersTheMetricsSoFarOfATaskCanceledWhileBlockedInItsOutput() {
        // Unbound, the task holds 4 MB of fact rows as its sample, then waits for a binding that never comes.
        TaskLocation task = create(spec("q2.1.0", 1, FACT_SCAN, Map.of(), 0));
        awaitStatus(task, status -> status.sampled(OutputBinding.SAMPLE_BUDGET_BYTES));

        TaskInfo live = client.taskInfo(task);
        assertThat(live.state()).isEqualTo(TaskState.RUNNING);
        assertThat(live.endEpochMillis()).isZero();
        assertThat(live.operators()).singleElement().satisfies(scan -> assertThat(scan.outputRows())
                .isPositive());

        TaskInfo canceled = client.cancelTask(task).orElseThrow();

        assertThat(canceled.state()).isEqualTo(TaskState.CANCELED);
        assertThat(canceled.error()).isNull();
        assertThat(canceled.endEpochMillis())
                .as("the task stopped within the wait")
                .isPositive();
        assertThat(canceled.outputBytes()).isGreaterThanOrEqualTo(OutputBinding.SAMPLE_BUDGET_BYTES);
        assertThat(canceled.operators()).singleElement().satisfies(scan -> {
            assertThat(scan.operator()).isEqualTo("TableScan");
            assertThat(scan.outputRows())
                    .isGreaterThanOrEqualTo(live.operators().get(0).outputRows())
                    .isLessThan(FACT_ROWS)
                    .isEqualTo(canceled.outputRows());
        });
        // Released: the worker knows the task no more.
        assertThatThrownBy(() -> client.taskInfo(task))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
        assertThat(client.cancelTask(task)).isEmpty();
    }

    @Test
    void deleteStopsATaskWaitingInItsExchange() {
        // The producer is never bound, so its consumer waits for data.
        TaskLocation producer = create(spec("q3.1.0", 1, FACT_SCAN, Map.of(), 0));
        TaskLocation consumer = create(spec(
                "q3.0.0",
                0,
                new RemoteSourceNode(1, FACT),
                Map.of(1, new RemoteSource(List.of(producer), List.of(0))),
                1));
        await(
                () -> client.taskInfo(consumer),
                info -> !info.exchanges().isEmpty() && info.exchanges().get(0).waitNanos() > 0);

        TaskInfo canceled = client.cancelTask(consumer).orElseThrow();

        assertThat(canceled.state()).isEqualTo(TaskState.CANCELED);
        assertThat(canceled.endEpochMillis())
                .as("the task stopped within the wait")
                .isPositive();
        assertThat(canceled.operators()).extracting(OperatorMetrics::outputRows).containsExactly(0L);
        assertThat(canceled.exchanges())
                .extracting(ExchangeMetrics::rowsReceived)
                .containsExactly(0L);
        assertThat(client.cancelTask(producer))
                .hasValueSatisfying(info -> assertThat(info.state()).isEqualTo(TaskState.CANCELED));
    }

    /** The coordinator's long poll of a late-bound producer answers once it is sampled, long before its maximum wait. */
    @Test
    void aStatusLongPollAnswersOnceTheTaskIsSampled() {
        TaskLocation producer = create(spec("q5.1.0", 1, DIM_SCAN, Map.of(), 0));
        long start = System.nanoTime();

        TaskStatus status = client.awaitSampled(
                producer, new SampleWait(OutputBinding.SAMPLE_BUDGET_BYTES, Long.MAX_VALUE, 60_000));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(DEADLINE);
        // The 10,000 keys of dim are well within the sample budget: the head saw the whole input.
        assertThat(status.inputFinished()).isTrue();
        assertThat(status.sampledRows()).isEqualTo(10_000);
        assertThat(status.outputBound()).isFalse();
        assertThat(client.cancelTask(producer)).isPresent();
    }

    @Test
    void cancelingOnAWorkerThatIsGoneYieldsNoInfo() throws Exception {
        String goneUrl;
        try (WorkerServer gone = WorkerServer.start("127.0.0.1", 0, secret, MEMORY_BYTES)) {
            goneUrl = gone.url();
        }

        assertThat(client.cancelTask(new TaskLocation(goneUrl, "q4.0.0"))).isEmpty();
        assertThat(client.cancelTask(new TaskLocation(worker.url(), "q4.0.0")))
                .as("a task the worker does not know")
                .isEmpty();
    }

    private TaskSpec spec(
            String taskId,
            int stageId,
            PlanNode fragment,
            Map<Integer, RemoteSource> remoteSources,
            int outputPartitionCount) {
        return new TaskSpec(
                taskId,
                taskId.substring(0, taskId.indexOf('.')),
                stageId,
                0,
                1,
                fragment,
                remoteSources,
                OutputPartitioning.SINGLE,
                outputPartitionCount,
                TASK_MEMORY_BYTES);
    }

    private TaskLocation create(TaskSpec spec) {
        client.createTask(worker.url(), spec);
        return new TaskLocation(worker.url(), spec.taskId());
    }

    private long readRows(TaskLocation task) throws Exception {
        long rows = 0;
        try (WorkerTransport.ResultStream stream =
                        client.results(task, List.of(0)).open();
                ArrowStreamReader reader = new ArrowStreamReader(stream.body(), allocator)) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        return rows;
    }

    private void awaitStatus(TaskLocation task, Predicate<TaskStatus> condition) {
        await(() -> client.taskStatus(task), condition);
    }

    private static <T> T await(Supplier<T> poll, Predicate<T> condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            T value = poll.get();
            if (condition.test(value)) {
                return value;
            }
            assertThat(System.nanoTime())
                    .as("condition met before the deadline; last: %s", value)
                    .isLessThan(deadline);
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static RowType rowType(String name0, DataType type0, String name1, DataType type1) {
        return new RowType(List.of(name0, name1), List.of(type0, type1));
    }

    private static Call atMost(InputReference column, long value) {
        return new Call(
                Function.LESS_THAN_OR_EQUAL, List.of(column, new Literal(value, DataType.BIGINT)), DataType.BOOLEAN);
    }
}
