package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The producer side of a hash shuffle: cuts each batch into one piece per bucket and collects each bucket's pieces
 * into a batch of up to {@code capacityRows} rows, so that a shuffle into many buckets still sends full-sized
 * batches (every batch costs the same overhead on the wire and in the operators, whatever its size). A bucket's
 * batch is handed on when it is full, or when the next piece would not fit in it; {@link #send} and {@link #sendAll}
 * hand on what a bucket holds at any time.
 *
 * <pre>{@code
 * try (BucketBatches pending = new BucketBatches(schema, allocator, 8, 8192)) {
 *     for (VectorSchemaRoot batch : input) {
 *         partitioner.partition(batch, bucketOfRow);
 *         pending.add(batch, bucketOfRow, (bucket, rows) -> send(bucket, rows));
 *     }
 *     pending.sendAll((bucket, rows) -> send(bucket, rows));
 * }
 * }</pre>
 *
 * <p>Each input column is copied in one pass ({@link ColumnScatter}). A bucket's vectors are sized for
 * {@code capacityRows} when its first rows after a hand-on come: grown as rows come instead, they would be copied at
 * every doubling.
 */
public final class BucketBatches implements AutoCloseable {
    /** Takes a bucket's collected rows; the batch is closed after it returns. */
    public interface Receiver {
        void accept(int bucket, VectorSchemaRoot rows) throws InterruptedException;
    }

    private final Schema schema;
    private final BufferAllocator allocator;
    private final int capacityRows;
    private final ColumnScatter[] scatters;
    /** Each bucket's batch being collected; null while the bucket holds no rows. */
    private final VectorSchemaRoot[] pending;

    private final int[] rowCounts;

    public BucketBatches(Schema schema, BufferAllocator allocator, int bucketCount, int capacityRows) {
        this.schema = schema;
        this.allocator = allocator;
        this.capacityRows = capacityRows;
        this.scatters = new ColumnScatter[schema.getFields().size()];
        this.pending = new VectorSchemaRoot[bucketCount];
        this.rowCounts = new int[bucketCount];
    }

    /**
     * Appends each row of {@code batch}, which has this schema, to bucket {@code bucketOfRow[row]}, handing on first
     * each bucket its rows would overflow, and after each bucket they fill.
     */
    public void add(VectorSchemaRoot batch, int[] bucketOfRow, Receiver receiver) throws InterruptedException {
        int rows = batch.getRowCount();
        int[] counts = new int[pending.length];
        for (int row = 0; row < rows; row++) {
            counts[bucketOfRow[row]]++;
        }
        for (int bucket = 0; bucket < pending.length; bucket++) {
            if (counts[bucket] == 0) {
                continue;
            }
            if (rowCounts[bucket] > 0 && rowCounts[bucket] + counts[bucket] > capacityRows) {
                send(bucket, receiver);
            }
            if (pending[bucket] == null) {
                pending[bucket] = Batches.allocateForGather(schema, Math.max(counts[bucket], capacityRows), allocator);
            }
        }
        List<FieldVector> columns = batch.getFieldVectors();
        FieldVector[] targets = new FieldVector[pending.length];
        for (int column = 0; column < scatters.length; column++) {
            FieldVector source = columns.get(column);
            if (scatters[column] == null) {
                scatters[column] = ColumnScatter.of(source);
            }
            for (int bucket = 0; bucket < pending.length; bucket++) {
                targets[bucket] = counts[bucket] == 0 ? null : pending[bucket].getVector(column);
            }
            scatters[column].scatter(source, rows, bucketOfRow, targets, rowCounts, counts);
        }
        for (int bucket = 0; bucket < pending.length; bucket++) {
            rowCounts[bucket] += counts[bucket];
            if (rowCounts[bucket] >= capacityRows) {
                send(bucket, receiver);
            }
        }
    }

    /** Rows {@code bucket} holds and has not handed on. */
    public int rowCount(int bucket) {
        return rowCounts[bucket];
    }

    /** Hands on the rows {@code bucket} holds, if any; it starts over empty. */
    public void send(int bucket, Receiver receiver) throws InterruptedException {
        if (rowCounts[bucket] == 0) {
            return;
        }
        try (VectorSchemaRoot rows = pending[bucket]) {
            rows.setRowCount(rowCounts[bucket]);
            pending[bucket] = null;
            rowCounts[bucket] = 0;
            receiver.accept(bucket, rows);
        }
    }

    /** Hands on every bucket's rows: the input ended. */
    public void sendAll(Receiver receiver) throws InterruptedException {
        for (int bucket = 0; bucket < pending.length; bucket++) {
            send(bucket, receiver);
        }
    }

    /** Releases the rows not handed on. */
    @Override
    public void close() {
        for (int bucket = 0; bucket < pending.length; bucket++) {
            if (pending[bucket] != null) {
                pending[bucket].close();
                pending[bucket] = null;
                rowCounts[bucket] = 0;
            }
        }
    }
}
