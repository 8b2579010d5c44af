package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Fetches that wait a bounded time, see the end of the result, cut frames by bytes, and never leak a batch
 * when closed early.
 */
class TestResultCursor {
    private static final RowType TYPE = new RowType(List.of("x"), List.of(DataType.INTEGER));

    private BufferAllocator allocator;
    private ExecutorService executor;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
        executor = Executors.newCachedThreadPool();
    }

    @AfterEach
    void close() throws InterruptedException {
        executor.shutdownNow();
        assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        allocator.close();
    }

    @Test
    void aFetchWithNothingReadyAnswersNoRowsAfterItsWait() {
        SlowSource source = new SlowSource();
        try (ResultCursor cursor = cursor(source, () -> false)) {
            long start = System.nanoTime();
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofMillis(100))).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
            assertThat(cursor.isDone()).isFalse();

            source.batches.add(batch(1, 2, 3));
            source.batches.add(END);
            assertThat(cursor.next(2, Long.MAX_VALUE, Duration.ofSeconds(10))).hasSize(2);
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(10)))
                    .extracting(row -> Common.Row.parseFrom(row)
                            .getValue(0)
                            .getScalarValue()
                            .getNumberValue())
                    .containsExactly(3L);
            // The end is seen with the last rows when it is already queued, else by the next fetch.
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(10))).isEmpty();
            assertThat(cursor.isDone()).isTrue();
            assertThat(cursor.rowsReturned()).isEqualTo(3);
        }
        assertThat(source.closed).isTrue();
    }

    @Test
    void aFetchStopsWaitingOnceTheQueryEnded() {
        AtomicBoolean ended = new AtomicBoolean();
        SlowSource source = new SlowSource();
        source.canceled = ended::get;
        try (ResultCursor cursor = cursor(source, ended::get)) {
            ended.set(true);
            long start = System.nanoTime();
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(30))).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void aSourceFailureSurfacesInTheFetch() {
        SlowSource source = new SlowSource();
        source.failure = new AqueductException(ErrorCode.DIVISION_BY_ZERO, "Division by zero");
        source.batches.add(FAIL);
        try (ResultCursor cursor = cursor(source, () -> false)) {
            assertThatThrownBy(() -> cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(10)))
                    .isSameAs(source.failure);
        }
    }

    @Test
    void closingEarlyReleasesEveryQueuedBatchAndTheSource() {
        SlowSource source = new SlowSource();
        for (int i = 0; i < 10; i++) {
            source.batches.add(batch(i));
        }
        ResultCursor cursor = cursor(source, () -> false);
        assertThat(cursor.next(1, Long.MAX_VALUE, Duration.ofSeconds(10))).hasSize(1);
        cursor.close();
        assertThat(source.closed).isTrue();
        assertThat(cursor.isDone()).isTrue();
        source.batches.forEach(VectorSchemaRoot::close);
        // The allocator's close in afterEach fails on any batch left open.
    }

    @Test
    void aFrameStopsAtItsByteLimitButHoldsAtLeastOneRow() {
        SlowSource source = new SlowSource();
        source.batches.add(batch(1, 2, 3, 4, 5, 6));
        source.batches.add(END);
        try (ResultCursor cursor = cursor(source, () -> false)) {
            assertThat(cursor.next(10, 1, Duration.ofSeconds(10))).hasSize(1);
            List<ByteString> next = cursor.next(10, 1, Duration.ofSeconds(10));
            // A row's tag and one byte of length in the frame.
            long oneRow = next.get(0).size() + 2;
            assertThat(cursor.next(10, 3 * oneRow, Duration.ofSeconds(10))).hasSize(3);
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(10))).hasSize(1);
            assertThat(cursor.next(10, Long.MAX_VALUE, Duration.ofSeconds(10))).isEmpty();
            assertThat(cursor.isDone()).isTrue();
        }
    }

    private ResultCursor cursor(Operator source, java.util.function.BooleanSupplier abandoned) {
        return new ResultCursor(
                new ResultBatches(source, TYPE.types(), TimestampUnit.MILLIS, executor, () -> {}), abandoned);
    }

    private VectorSchemaRoot batch(int... values) {
        IntVector vector = new IntVector("x", allocator);
        vector.allocateNew(values.length);
        for (int i = 0; i < values.length; i++) {
            vector.set(i, values[i]);
        }
        vector.setValueCount(values.length);
        return VectorSchemaRoot.of(vector);
    }

    private static final VectorSchemaRoot END = new VectorSchemaRoot(List.of());
    private static final VectorSchemaRoot FAIL = new VectorSchemaRoot(List.of());

    /** Hands out the batches a test puts in, as they come; END ends it, FAIL throws its failure. */
    private static final class SlowSource implements Operator {
        final LinkedBlockingQueue<VectorSchemaRoot> batches = new LinkedBlockingQueue<>();
        volatile boolean closed;
        volatile AqueductException failure;
        /** Like an exchange's context: the source stops once the query ended. */
        volatile java.util.function.BooleanSupplier canceled = () -> false;

        @Override
        public RowType outputType() {
            return TYPE;
        }

        @Override
        public VectorSchemaRoot next() {
            while (!closed && !canceled.getAsBoolean()) {
                VectorSchemaRoot next;
                try {
                    next = batches.poll(20, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AqueductException(ErrorCode.QUERY_CANCELED, "interrupted");
                }
                if (next == END) {
                    return null;
                }
                if (next == FAIL) {
                    throw failure;
                }
                if (next != null) {
                    return next;
                }
            }
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "closed");
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
