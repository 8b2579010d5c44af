package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
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
    /** Each bucket's vectors, one per column; null while the bucket holds no rows. */
    private final FieldVector[][] vectors;

    private final int[] rowCounts;

    public BucketBatches(Schema schema, BufferAllocator allocator, int bucketCount, int capacityRows) {
        this.schema = schema;
        this.allocator = allocator;
        this.capacityRows = capacityRows;
        this.scatters = new ColumnScatter[schema.getFields().size()];
        this.vectors = new FieldVector[bucketCount][];
        this.rowCounts = new int[bucketCount];
    }

    /**
     * Appends each row of {@code batch}, which has this schema, to bucket {@code bucketOfRow[row]}, handing on first
     * each bucket its rows would overflow, and after each bucket they fill.
     */
    public void add(VectorSchemaRoot batch, int[] bucketOfRow, Receiver receiver) throws InterruptedException {
        int rows = batch.getRowCount();
        int[] counts = new int[vectors.length];
        for (int row = 0; row < rows; row++) {
            counts[bucketOfRow[row]]++;
        }
        for (int bucket = 0; bucket < vectors.length; bucket++) {
            if (counts[bucket] == 0) {
                continue;
            }
            if (rowCounts[bucket] > 0 && rowCounts[bucket] + counts[bucket] > capacityRows) {
                send(bucket, receiver);
            }
            if (vectors[bucket] == null) {
                vectors[bucket] = allocate(Math.max(counts[bucket], capacityRows));
            }
        }
        List<FieldVector> columns = batch.getFieldVectors();
        FieldVector[] targets = new FieldVector[vectors.length];
        for (int column = 0; column < scatters.length; column++) {
            FieldVector source = columns.get(column);
            if (scatters[column] == null) {
                scatters[column] = ColumnScatter.of(source);
            }
            for (int bucket = 0; bucket < vectors.length; bucket++) {
                targets[bucket] = counts[bucket] == 0 ? null : vectors[bucket][column];
            }
            scatters[column].scatter(source, rows, bucketOfRow, targets, rowCounts, counts);
        }
        for (int bucket = 0; bucket < vectors.length; bucket++) {
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
        FieldVector[] columns = vectors[bucket];
        for (FieldVector vector : columns) {
            vector.setValueCount(rowCounts[bucket]);
        }
        try (VectorSchemaRoot rows = new VectorSchemaRoot(schema, List.of(columns), rowCounts[bucket])) {
            vectors[bucket] = null;
            rowCounts[bucket] = 0;
            receiver.accept(bucket, rows);
        }
    }

    /** Hands on every bucket's rows: the input ended. */
    public void sendAll(Receiver receiver) throws InterruptedException {
        for (int bucket = 0; bucket < vectors.length; bucket++) {
            send(bucket, receiver);
        }
    }

    private FieldVector[] allocate(int rows) {
        List<Field> fields = schema.getFields();
        FieldVector[] columns = new FieldVector[fields.size()];
        try {
            for (int column = 0; column < columns.length; column++) {
                columns[column] = fields.get(column).createVector(allocator);
                ColumnGather.allocate(columns[column], rows);
            }
        } catch (RuntimeException e) {
            for (FieldVector vector : columns) {
                if (vector != null) {
                    vector.close();
                }
            }
            throw e;
        }
        return columns;
    }

    /** Releases the rows not handed on. */
    @Override
    public void close() {
        for (int bucket = 0; bucket < vectors.length; bucket++) {
            if (vectors[bucket] != null) {
                for (FieldVector vector : vectors[bucket]) {
                    vector.close();
                }
                vectors[bucket] = null;
                rowCounts[bucket] = 0;
            }
        }
    }
}
