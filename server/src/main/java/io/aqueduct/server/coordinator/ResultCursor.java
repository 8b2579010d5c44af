package io.aqueduct.server.coordinator;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Turns the result's Arrow batches into the rows of Avatica frames. This is the JDBC boundary, the
 * one place where the engine works a row at a time; it holds at most one batch. Values take Avatica's
 * representations: DATE as epoch days, TIMESTAMP as the milliseconds of its wall-clock value read as
 * UTC and TIME as milliseconds of the day (Avatica carries milliseconds: the engine's microseconds are
 * truncated here), VARBINARY as a byte[]. Thread-safe: a fetch and a close may come from different
 * request threads.
 */
final class ResultCursor implements AutoCloseable {
    private final ResultBatches batches;
    /** Turns true when the query ended early: a waiting fetch then stops waiting. */
    private final BooleanSupplier abandoned;

    private final List<DataType> types;
    private VectorSchemaRoot batch;
    private int position;
    private boolean exhausted;
    private boolean closed;
    private volatile long rowsReturned;

    ResultCursor(ResultBatches batches, BooleanSupplier abandoned, RowType resultType) {
        this.batches = batches;
        this.abandoned = abandoned;
        this.types = resultType.types();
    }

    /**
     * Up to {@code maxRows} rows, stopping early once {@code maxBytes} of values are collected. Waits up
     * to {@code wait} for the first row, not at all for more: a slow query answers with fewer rows or
     * none rather than keep the client waiting.
     */
    synchronized List<Object> next(int maxRows, long maxBytes, Duration wait) {
        List<Object> rows = new ArrayList<>(Math.min(maxRows, 1024));
        long deadline = System.nanoTime() + wait.toNanos();
        long bytes = 0;
        while (rows.size() < maxRows && bytes < maxBytes) {
            if (!hasRow()) {
                long remaining = rows.isEmpty() ? Math.max(0, deadline - System.nanoTime()) : 0;
                if (!advance(Duration.ofNanos(remaining))) {
                    break;
                }
                continue;
            }
            Object[] row = new Object[types.size()];
            for (int column = 0; column < row.length; column++) {
                row[column] = value(batch.getVector(column), types.get(column), position);
                bytes += estimatedSize(row[column]);
            }
            rows.add(Arrays.asList(row));
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
        return batch != null && position < batch.getRowCount();
    }

    /** Takes the next batch, waiting up to {@code wait}; false at the end or when none came in time. */
    private boolean advance(Duration wait) {
        if (exhausted || closed) {
            return false;
        }
        ResultBatches.Next next = batches.poll(wait, abandoned);
        if (next instanceof ResultBatches.Batch taken) {
            if (batch != null) {
                batch.close();
            }
            batch = taken.root();
            position = 0;
            return true;
        }
        if (next instanceof ResultBatches.Failed failed) {
            throw failed.cause();
        }
        exhausted = next instanceof ResultBatches.End;
        return false;
    }

    private static Object value(FieldVector vector, DataType type, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        return switch (type.kind()) {
            case BOOLEAN -> ((BitVector) vector).get(row) == 1;
            case INTEGER -> ((IntVector) vector).get(row);
            case BIGINT -> ((BigIntVector) vector).get(row);
            case DOUBLE -> ((Float8Vector) vector).get(row);
            case DECIMAL -> BigDecimal.valueOf(((BigIntVector) vector).get(row), type.scale());
            case DATE -> ((DateDayVector) vector).get(row);
            case TIMESTAMP -> Math.floorDiv(((TimeStampMicroVector) vector).get(row), DateTimes.MICROS_PER_MILLI);
            case TIME -> (int) (((TimeMicroVector) vector).get(row) / DateTimes.MICROS_PER_MILLI);
            case VARCHAR -> new String(((VarCharVector) vector).get(row), java.nio.charset.StandardCharsets.UTF_8);
            case VARBINARY -> ((VarBinaryVector) vector).get(row);
            case NULL -> null;
        };
    }

    private static long estimatedSize(Object value) {
        if (value instanceof byte[] bytes) {
            return 16 + bytes.length;
        }
        return value instanceof String s ? 16 + s.length() : 16;
    }

    /**
     * Stops the batches' reader first, so that a fetch waiting for rows returns and frees this cursor's lock;
     * closes the source last, once the batch held here, which lives in its memory, is released.
     */
    @Override
    public void close() {
        batches.stop();
        synchronized (this) {
            closed = true;
            if (batch != null) {
                batch.close();
                batch = null;
            }
        }
        batches.closeSource();
    }
}
