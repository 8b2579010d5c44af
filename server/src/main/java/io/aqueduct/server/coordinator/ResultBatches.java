package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The result's batches, read from the root stage on a thread of their own, encoded there as the bytes of
 * Avatica rows ({@link EncodedBatch}) and released, and queued, a few ahead of the client: a client's fetch waits for
 * rows at most as long as it is willing to and then answers with what it has (possibly nothing), and
 * finds the next rows encoded while it read the previous ones.
 */
final class ResultBatches implements AutoCloseable {
    private static final int BUFFERED_BATCHES = 4;
    /** How often a waiting fetch or a blocked reader looks whether the results were closed. */
    private static final long CLOSE_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private static final Duration READER_EXIT_TIMEOUT = Duration.ofSeconds(30);

    /** What the reader hands over: a batch, the end of the result, or the failure that ended it. */
    sealed interface Next {}

    record Batch(EncodedBatch rows) implements Next {}

    record End() implements Next {}

    record Failed(RuntimeException cause) implements Next {}

    /** Nothing came within the wait. */
    record NotYet() implements Next {}

    private static final End END = new End();
    private static final NotYet NOT_YET = new NotYet();

    private final BlockingQueue<Next> queue = new ArrayBlockingQueue<>(BUFFERED_BATCHES);
    private final CountDownLatch readerExited = new CountDownLatch(1);
    /** Taken by whichever comes first, the reader starting or close(); the taker closes the source. */
    private final AtomicBoolean sourceTaken = new AtomicBoolean();

    private final Operator source;
    private final List<DataType> types;
    private final TimestampUnit timestampUnit;
    private final Future<?> reader;
    private volatile boolean closed;

    /**
     * Starts reading {@code source}, whose columns have the {@code types} of the result, TIMESTAMP values sent in
     * {@code timestampUnit}; {@code onEnd} runs on the reader once the last batch is queued.
     */
    ResultBatches(
            Operator source,
            List<DataType> types,
            TimestampUnit timestampUnit,
            ExecutorService executor,
            Runnable onEnd) {
        this.source = source;
        this.types = List.copyOf(types);
        this.timestampUnit = timestampUnit;
        this.reader = executor.submit(() -> read(onEnd));
    }

    private void read(Runnable onEnd) {
        if (!sourceTaken.compareAndSet(false, true)) {
            return;
        }
        try {
            while (!closed) {
                VectorSchemaRoot batch = source.next();
                if (batch == null) {
                    onEnd.run();
                    hand(END);
                    return;
                }
                EncodedBatch rows;
                try (batch) {
                    rows = EncodedBatch.encode(batch, types, timestampUnit);
                }
                hand(new Batch(rows));
            }
        } catch (RuntimeException e) {
            handFailure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            readerExited.countDown();
        }
    }

    private void handFailure(RuntimeException cause) {
        try {
            hand(new Failed(cause));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Queues {@code next}, waiting for room; the closed results drop it. */
    private void hand(Next next) throws InterruptedException {
        while (!closed) {
            if (queue.offer(next, CLOSE_CHECK_NANOS, TimeUnit.NANOSECONDS)) {
                return;
            }
        }
    }

    /**
     * The next thing the reader handed over, waiting up to {@code wait}; {@link NotYet} when nothing
     * came in time or {@code stop} turned true (checked every 50 ms), {@link End} once the results are closed.
     */
    Next poll(Duration wait, BooleanSupplier stop) {
        long deadline = System.nanoTime() + wait.toNanos();
        try {
            while (!closed) {
                if (stop.getAsBoolean()) {
                    return NOT_YET;
                }
                long remaining = deadline - System.nanoTime();
                Next next = queue.poll(Math.max(0, Math.min(remaining, CLOSE_CHECK_NANOS)), TimeUnit.NANOSECONDS);
                if (next != null) {
                    return next;
                }
                if (remaining <= 0) {
                    return NOT_YET;
                }
            }
            return END;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while waiting for result rows");
        }
    }

    /**
     * Stops the reader, waits for it to exit, drops every batch still queued and closes the source; a
     * waiting poll then answers {@link End}. The reader is not interrupted: the source stops on its own once
     * the query ended (its context says canceled), and an interrupted source could not wait for its own
     * readers before freeing their memory.
     */
    @Override
    public void close() {
        closed = true;
        reader.cancel(false);
        if (sourceTaken.compareAndSet(false, true)) {
            // The reader never started.
            readerExited.countDown();
        }
        queue.clear();
        try {
            if (!readerExited.await(READER_EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                // The source's memory stays with a reader that may still use it.
                throw new AqueductException(
                        ErrorCode.INTERNAL_ERROR, "The result reader did not stop within " + READER_EXIT_TIMEOUT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // A batch queued while the reader stopped.
        queue.clear();
        source.close();
    }
}
