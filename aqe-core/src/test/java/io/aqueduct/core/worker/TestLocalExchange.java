package io.aqueduct.core.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An exchange reading a producer task of its own worker takes the batches from the producer's output buffer: in
 * order, without copying their buffers, which end owned by the exchange; a failed producer reports its own error; and
 * closing the exchange stops its readers promptly without interrupting them, whether they wait for the producer,
 * wait for room in the exchange's queue or have not started. Every test ends with every allocator closed, which fails
 * it on a leak.
 */
class TestLocalExchange extends ArrowAllocatorTest {
    private static final String WORKER_URL = "in-process://worker-0";
    private static final RowType ROW = new RowType(List.of("k"), List.of(DataType.BIGINT));
    private static final int BATCH_ROWS = 1000;
    /** Well under the 10 s close() waits for a reader at most: a local reader polls every 100 ms. */
    private static final Duration PROMPTLY = Duration.ofSeconds(2);

    private final ExecutorService readers = Executors.newCachedThreadPool();
    private BufferAllocator worker;
    private BufferAllocator consumer;

    @BeforeEach
    void openTaskAllocators() {
        worker = allocator.newChildAllocator("worker", 0, Long.MAX_VALUE);
        consumer = allocator.newChildAllocator("consumer", 0, Long.MAX_VALUE);
    }

    @AfterEach
    void closeTaskAllocators() {
        readers.shutdownNow();
        consumer.close();
        worker.close();
    }

    @Test
    void readsEachProducersBatchesInOrderUntilBothEnd() throws Exception {
        TaskExecution first = producer("q.1.0");
        TaskExecution second = producer("q.1.1");
        addBatches(first, 0, 3);
        addBatches(second, 10_000, 3);
        first.output().finish();
        second.output().finish();
        long beforeReading = System.currentTimeMillis();

        List<Long> keys = new ArrayList<>();
        ExchangeMetrics metrics;
        try (ExchangeOperator exchange = exchange(List.of(reader(first), reader(second)), readers)) {
            BatchRows.drain(exchange).forEach(row -> keys.add((Long) row.get(0)));
            assertThat(exchange.next()).as("the end stays the end").isNull();
            metrics = exchange.metrics(1);
        }

        assertThat(keys.stream().filter(key -> key < 10_000)).containsExactlyElementsOf(keys(0, 3));
        assertThat(keys.stream().filter(key -> key >= 10_000)).containsExactlyElementsOf(keys(10_000, 3));
        assertThat(metrics.rowsReceived()).isEqualTo(6L * BATCH_ROWS);
        assertThat(metrics.bytesReceived()).isPositive();
        assertThat(metrics.localBytesReceived()).isEqualTo(metrics.bytesReceived());
        assertThat(metrics.networkBytesReceived()).isZero();
        assertThat(metrics.networkNanos()).as("no network was waited on").isZero();
        assertThat(metrics.streams()).isEqualTo(2);
        // The reader's polls keep the producers from being reaped as idle.
        assertThat(first.lastAccessMillis()).isGreaterThanOrEqualTo(beforeReading);
        first.discard();
        second.discard();
    }

    @Test
    void movesTheProducersBuffersIntoTheExchangeWithoutCopying() throws Exception {
        TaskExecution producer = producer("q.1.0");
        VectorSchemaRoot produced = BatchBuilder.of(ROW).rows(rows(keys(0, 1))).build(producer.allocator());
        long producedAddress = produced.getVector(0).getDataBuffer().memoryAddress();
        producer.output().add(produced);
        producer.output().finish();

        try (ExchangeOperator exchange = exchange(List.of(reader(producer)), readers)) {
            try (VectorSchemaRoot received = exchange.next()) {
                assertThat(exchange.next()).as("the producer's output ended").isNull();
                assertThat(received.getVector(0).getDataBuffer().memoryAddress())
                        .as("the same memory, not a copy")
                        .isEqualTo(producedAddress);
                assertThat(producer.allocator().getAllocatedMemory()).isZero();
                assertThat(consumer.getAllocatedMemory()).isGreaterThanOrEqualTo(Batches.sizeInBytes(received));

                // The producer's allocator closes (its leak check passes) while the exchange's batch lives on.
                producer.discard();

                assertThat(BatchRows.read(received)).isEqualTo(rows(keys(0, 1)));
            }
        }
    }

    @Test
    void aFailedProducerReportsItsOwnError() throws Exception {
        try (TaskManager tasks = taskManager()) {
            tasks.create(spec("q.1.0", 1, dividedByZero(), Map.of()));
            TaskExecution producer = tasks.task("q.1.0");

            try (ExchangeOperator exchange = exchange(List.of(reader(producer)), readers)) {
                assertThatThrownBy(() -> BatchRows.drain(exchange))
                        .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                                .isEqualTo(ErrorCode.DIVISION_BY_ZERO));
            }
            assertThat(tasks.remove("q.1.0").state()).isEqualTo(TaskState.FAILED);
        }
    }

    /**
     * A reader of any worker (an HTTP one too) that finds a producer's output closed before it was bound gets the
     * producer's own error, or a cancellation, never an internal "never bound": the coordinator may see the reader's
     * failure first and report it as the query's.
     */
    @Test
    void aProducerThatEndsBeforeItsOutputIsBoundGivesReadersItsOwnError() throws Exception {
        try (TaskManager tasks = taskManager()) {
            tasks.create(unboundSpec("q.1.0", dividedByZero()));
            TaskExecution failed = tasks.task("q.1.0");
            awaitTrue(() -> failed.status().state() == TaskState.FAILED);
            assertThatThrownBy(() -> TaskResults.await(failed, new int[] {0}))
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.DIVISION_BY_ZERO));
            tasks.remove("q.1.0");

            tasks.create(unboundSpec("q.1.1", new ValuesNode(ROW, List.of())));
            TaskExecution canceled = tasks.task("q.1.1");
            tasks.remove("q.1.1");
            assertThatThrownBy(() -> TaskResults.await(canceled, new int[] {0}))
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    @Test
    void closingWhileTheReaderWaitsForTheProducerStopsItPromptly() throws Exception {
        TaskExecution producer = producer("q.1.0");
        ObservedReader reader = new ObservedReader(reader(producer));
        ExchangeOperator exchange = exchange(List.of(reader), readers);
        assertThat(reader.started.await(10, TimeUnit.SECONDS)).isTrue();

        assertClosesPromptly(exchange);

        assertThat(reader.returned.await(0, TimeUnit.SECONDS)).isTrue();
        assertThat(reader.interrupted).isFalse();
        producer.discard();
    }

    @Test
    void closingWhileTheReaderWaitsForRoomInTheQueueReleasesEveryBatch() throws Exception {
        TaskExecution producer = producer("q.1.0");
        addBatches(producer, 0, 10);
        producer.output().finish();
        long producedBytes = producer.allocator().getAllocatedMemory();
        ObservedReader reader = new ObservedReader(reader(producer));
        ExchangeOperator exchange = exchange(List.of(reader), readers);
        // Nobody calls next(): the reader queues three of the ten batches (two per producer, plus one) and holds a
        // fourth, waiting for room.
        awaitTrue(() -> consumer.getAllocatedMemory() == producedBytes / 10 * 4);

        assertClosesPromptly(exchange);

        assertThat(reader.interrupted).isFalse();
        assertThat(consumer.getAllocatedMemory()).isZero();
        producer.discard(); // releases the six batches nobody took
    }

    /** A reader that dies of an Error (out of heap, a class that failed to load) fails the task instead of hanging it. */
    @Test
    @Timeout(30)
    void aReaderKilledByAnErrorFailsTheExchange() throws Exception {
        ProducerReader dying = new ProducerReader() {
            @Override
            public void read(Exchange exchange) {
                throw new NoClassDefFoundError("io/aqueduct/Missing");
            }

            @Override
            public void abort() {}

            @Override
            public AqueductException failure(Exception cause) {
                throw new AssertionError("an Error is not a read failure", cause);
            }
        };
        ExchangeOperator exchange = exchange(List.of(dying), readers);

        assertThatThrownBy(exchange::next)
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("NoClassDefFoundError: io/aqueduct/Missing");
        assertClosesPromptly(exchange);
    }

    /**
     * An exchange closed before its reader got a thread (a join whose build side is empty closes its probe side at
     * once) does not wait for it: the reader never starts.
     */
    @Test
    void closingBeforeTheReaderStartsDoesNotWaitForIt() throws Exception {
        TaskExecution producer = producer("q.1.0");
        ObservedReader reader = new ObservedReader(reader(producer));
        try (BusyExecutor busy = new BusyExecutor()) {
            ExchangeOperator exchange = exchange(List.of(reader), busy.executor());

            assertClosesPromptly(exchange);

            assertThat(busy.releaseAndAwaitIdle()).isTrue();
            assertThat(reader.started.getCount()).as("the reader never started").isOne();
        }
        producer.discard();
    }

    /** A consumer task the task manager creates reads a producer of the same worker from memory, not the network. */
    @Test
    void aTaskReadsAProducerOfItsOwnWorkerFromMemory() throws Exception {
        RowType dim = new RowType(List.of("d_key"), List.of(DataType.BIGINT));
        try (TaskManager tasks = taskManager()) {
            tasks.create(spec("q.1.0", 1, new TableScanNode("skew", "tiny", "dim", dim), Map.of()));
            RemoteSource producers = new RemoteSource(List.of(new TaskLocation(WORKER_URL, "q.1.0")), List.of(0));
            tasks.create(spec("q.0.0", 0, new RemoteSourceNode(1, dim), Map.of(1, producers)));

            TaskExecution consumerTask = tasks.task("q.0.0");
            awaitTrue(() -> consumerTask.status().state() != TaskState.RUNNING);

            assertThat(consumerTask.status().state()).isEqualTo(TaskState.FINISHED);
            assertThat(consumerTask.info().exchanges()).singleElement().satisfies(exchange -> {
                assertThat(exchange.rowsReceived()).isEqualTo(10_000);
                assertThat(exchange.localBytesReceived()).isEqualTo(exchange.bytesReceived());
                assertThat(exchange.networkNanos()).isZero();
            });
            tasks.remove("q.0.0");
            tasks.remove("q.1.0");
        }
    }

    @Test
    void onlyATaskOfThisWorkerThatItStillHoldsIsLocal() {
        try (TaskManager tasks = taskManager()) {
            tasks.create(spec("q.1.0", 1, new ValuesNode(ROW, List.of()), Map.of()));

            assertThat(tasks.localTask(new TaskLocation(WORKER_URL, "q.1.0"))).isPresent();
            assertThat(tasks.localTask(new TaskLocation("in-process://worker-1", "q.1.0")))
                    .isEmpty();
            assertThat(tasks.localTask(new TaskLocation(WORKER_URL, "q.1.1"))).isEmpty();
            tasks.remove("q.1.0");
        }
    }

    /** A fragment that divides each key by zero: it fails its task on the first batch. */
    private static PlanNode dividedByZero() {
        return new ProjectNode(
                new TableScanNode("skew", "tiny", "dim", new RowType(List.of("d_key"), List.of(DataType.BIGINT))),
                List.of(new Call(
                        Function.DIVIDE,
                        List.of(new InputReference(0, DataType.BIGINT), new Literal(0L, DataType.BIGINT)),
                        DataType.BIGINT)),
                ROW);
    }

    /** A task manager whose tasks have no transport: a task that took the remote path would fail. */
    private TaskManager taskManager() {
        return new TaskManager(ConnectorRegistry.builtIn(), null, worker, WORKER_URL, 60_000, 1);
    }

    /** A producer task that is never run: the test adds its output. */
    private TaskExecution producer(String taskId) {
        return new TaskExecution(spec(taskId, 1, new ValuesNode(ROW, List.of()), Map.of()), WORKER_URL, worker);
    }

    private static TaskSpec spec(
            String taskId, int stageId, PlanNode fragment, Map<Integer, RemoteSource> remoteSources) {
        return new TaskSpec(
                taskId, "q", stageId, 0, 1, fragment, remoteSources, OutputPartitioning.SINGLE, 1, 64L << 20);
    }

    /** A task whose output the coordinator has not bound yet (its consumers' partition count is not known). */
    private static TaskSpec unboundSpec(String taskId, PlanNode fragment) {
        return new TaskSpec(taskId, "q", 1, 0, 1, fragment, Map.of(), OutputPartitioning.SINGLE, 0, 64L << 20);
    }

    private static LocalProducerReader reader(TaskExecution producer) {
        return new LocalProducerReader(producer, List.of(0));
    }

    private ExchangeOperator exchange(List<ProducerReader> producers, ExecutorService executor) {
        return new ExchangeOperator(ROW, producers, executor, ExecutionContext.of(consumer));
    }

    /** Adds {@code batches} batches of {@link #BATCH_ROWS} consecutive keys from {@code firstKey}. */
    private static void addBatches(TaskExecution producer, long firstKey, int batches) throws InterruptedException {
        for (int batch = 0; batch < batches; batch++) {
            long from = firstKey + (long) batch * BATCH_ROWS;
            producer.output().add(BatchBuilder.of(ROW).rows(rows(keys(from, 1))).build(producer.allocator()));
        }
    }

    private static List<Long> keys(long firstKey, int batches) {
        return LongStream.range(firstKey, firstKey + (long) batches * BATCH_ROWS)
                .boxed()
                .toList();
    }

    private static List<List<Object>> rows(List<Long> keys) {
        return keys.stream().<List<Object>>map(List::of).toList();
    }

    private static void assertClosesPromptly(ExchangeOperator exchange) throws Exception {
        CompletableFuture.runAsync(exchange::close).get(PROMPTLY.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition met in time").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /** A reader that says when it started, when it returned, and whether its thread was interrupted by then. */
    private static final class ObservedReader implements ProducerReader {
        private final ProducerReader reader;
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch returned = new CountDownLatch(1);
        volatile boolean interrupted;

        ObservedReader(ProducerReader reader) {
            this.reader = reader;
        }

        @Override
        public void read(Exchange exchange) throws IOException, InterruptedException {
            started.countDown();
            try {
                reader.read(exchange);
            } finally {
                interrupted = Thread.currentThread().isInterrupted();
                returned.countDown();
            }
        }

        @Override
        public void abort() {
            reader.abort();
        }

        @Override
        public AqueductException failure(Exception cause) {
            return reader.failure(cause);
        }
    }
}
