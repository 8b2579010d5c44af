package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Collects chosen rows of many batches into one batch, so that a partitioner that cuts each batch
 * into many small pieces still sends full-sized batches: every batch costs the same overhead on the
 * wire and in the operators, whatever its size.
 *
 * <pre>{@code
 * try (BatchAccumulator pending = new BatchAccumulator(schema, allocator, 8192)) {
 *     pending.append(batch, rows, count);
 *     if (pending.rowCount() >= 8192) {
 *         send(pending.take());
 *     }
 * }
 * }</pre>
 *
 * <p>Its vectors are sized for {@code capacityRows} on the first append after each {@link #take}: grown as rows
 * come instead, they would be copied at every doubling (a fifth of a hash shuffle's time, strings most of it).
 */
public final class BatchAccumulator implements AutoCloseable {
    private final Schema schema;
    private final BufferAllocator allocator;
    private final int capacityRows;
    /** The rows appended since the last take; null until the first append after it. */
    private VectorSchemaRoot batch;

    private int rowCount;

    /** @param capacityRows the rows a batch is expected to collect before it is taken */
    public BatchAccumulator(Schema schema, BufferAllocator allocator, int capacityRows) {
        this.schema = schema;
        this.allocator = allocator;
        this.capacityRows = capacityRows;
    }

    /** Appends rows {@code rows[0..count)} of {@code source}, which has this accumulator's schema. */
    public void append(VectorSchemaRoot source, int[] rows, int count) {
        if (batch == null) {
            batch = Batches.allocateForGather(schema, Math.max(count, capacityRows), allocator);
        }
        List<FieldVector> from = source.getFieldVectors();
        for (int column = 0; column < from.size(); column++) {
            ColumnGather.gather(from.get(column), rows, count, batch.getVector(column), rowCount);
        }
        rowCount += count;
    }

    /** The rows the vectors are sized for without growing. */
    public int capacityRows() {
        return capacityRows;
    }

    public int rowCount() {
        return rowCount;
    }

    /** The rows appended so far as one batch, which the caller owns; the accumulator starts over empty. */
    public VectorSchemaRoot take() {
        if (batch == null) {
            return VectorSchemaRoot.create(schema, allocator);
        }
        VectorSchemaRoot taken = batch;
        taken.setRowCount(rowCount);
        batch = null;
        rowCount = 0;
        return taken;
    }

    /** Releases rows appended and not taken. */
    @Override
    public void close() {
        if (batch != null) {
            batch.close();
            batch = null;
            rowCount = 0;
        }
    }
}
