package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Cuts the result's encoded batches ({@link EncodedBatch}) into the rows of Avatica frames (each the
 * bytes of a {@code Row} message), by row count and by bytes on the wire. Thread-safe: a fetch and a close may come from different request
 * threads.
 */
final class ResultCursor implements AutoCloseable {
    private final ResultBatches batches;
    /** Turns true when the query ended early: a waiting fetch then stops waiting. */
    private final BooleanSupplier abandoned;

    private EncodedBatch batch;
    private int position;
    private boolean exhausted;
    private boolean closed;
    private volatile long rowsReturned;

    ResultCursor(ResultBatches batches, BooleanSupplier abandoned) {
        this.batches = batches;
        this.abandoned = abandoned;
    }

    /**
     * Up to {@code maxRows} rows, stopping before the row that would take the frame past {@code maxBytes}
     * (but never with no row when one is there). Waits up to {@code wait} for the first row, not at all for
     * more: a slow query answers with fewer rows or none rather than keep the client waiting.
     */
    synchronized List<ByteString> next(int maxRows, long maxBytes, Duration wait) {
        List<ByteString> rows = new ArrayList<>(Math.min(maxRows, 1024));
        long deadline = System.nanoTime() + wait.toNanos();
        long bytes = 0;
        while (rows.size() < maxRows) {
            if (!hasRow()) {
                long remaining = rows.isEmpty() ? Math.max(0, deadline - System.nanoTime()) : 0;
                if (!advance(Duration.ofNanos(remaining))) {
                    break;
                }
                continue;
            }
            int size = batch.wireSize(position);
            if (!rows.isEmpty() && bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            rows.add(batch.row(position));
            position++;
        }
        rowsReturned += rows.size();
        if (!hasRow()) {
            // The end may already be queued: then this frame is the last one.
            advance(Duration.ZERO);
        }
        return rows;
    }

    /** Whether every row has been returned; never waits. */
    synchronized boolean isDone() {
        return closed || (exhausted && !hasRow());
    }

    long rowsReturned() {
        return rowsReturned;
    }

    private boolean hasRow() {
        return batch != null && position < batch.rowCount();
    }

    /** Takes the next batch, waiting up to {@code wait}; false at the end or when none came in time. */
    private boolean advance(Duration wait) {
        if (exhausted || closed) {
            return false;
        }
        ResultBatches.Next next = batches.poll(wait, abandoned);
        if (next instanceof ResultBatches.Batch taken) {
            batch = taken.rows();
            position = 0;
            return true;
        }
        if (next instanceof ResultBatches.Failed failed) {
            throw failed.cause();
        }
        exhausted = next instanceof ResultBatches.End;
        return false;
    }

    /** Stops the batches' reader, which a fetch waiting for rows notices: it returns and frees this cursor's lock. */
    @Override
    public void close() {
        batches.close();
        synchronized (this) {
            closed = true;
            batch = null;
        }
    }
}
