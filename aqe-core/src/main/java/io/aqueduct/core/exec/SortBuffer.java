package io.aqueduct.core.exec;

import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The rows Sort and TopN hold: whole batches, moved into the operator's allocator, addressed as
 * {@code batchIndex << 32 | row}. Sorting permutes addresses, and the output copies rows by address.
 */
final class SortBuffer implements AutoCloseable {
    private final RowType rowType;
    private final BufferAllocator allocator;
    private final String owner;
    private final HeapMemoryTracker memory;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private long rowCount;
    // The addresses last returned by sortedAddresses stay accounted until the next call or clear().
    private long addressBytes;

    /** @param owner the operator holding the rows, named in memory limit errors */
    SortBuffer(RowType rowType, BufferAllocator allocator, String owner) {
        this.rowType = rowType;
        this.allocator = allocator;
        this.owner = owner;
        this.memory = new HeapMemoryTracker(allocator, owner);
    }

    long rowCount() {
        return rowCount;
    }

    int batchCount() {
        return batches.size();
    }

    /** The batch at {@code index}, owned by this buffer; addresses {@code index << 32 | row} point into it. */
    VectorSchemaRoot batch(int index) {
        return batches.get(index);
    }

    /** Adds every batch {@code input} produces, until its end; stops with the query when it is canceled. */
    void addAll(Operator input, ExecutionContext context) {
        for (VectorSchemaRoot batch = input.next(); batch != null; batch = input.next()) {
            add(batch);
            context.checkCanceled();
        }
    }

    /** Takes ownership of {@code batch}. */
    void add(VectorSchemaRoot batch) {
        if (batch.getRowCount() == 0) {
            batch.close();
            return;
        }
        rowCount += batch.getRowCount();
        batches.add(Batches.transfer(batch, allocator));
        Batches.checkWithinLimit(allocator, owner);
    }

    /** The addresses of all rows in {@code comparator}'s order; rows that compare equal keep the order they came in. */
    long[] sortedAddresses(RowComparator comparator) {
        int count = Math.toIntExact(rowCount);
        releaseAddresses();
        long bytes = (long) count * Long.BYTES;
        // The addresses and the sort's scratch array of the same length.
        memory.add(2 * bytes);
        try {
            long[] addresses = new long[count];
            int next = 0;
            for (int batch = 0; batch < batches.size(); batch++) {
                for (int row = 0; row < batches.get(batch).getRowCount(); row++) {
                    addresses[next++] = (long) batch << 32 | row;
                }
            }
            StableLongSort.sort(
                    addresses,
                    new long[count],
                    (left, right) -> comparator.compare(
                            batches.get(batchOf(left)), rowOf(left), batches.get(batchOf(right)), rowOf(right)));
            addressBytes = bytes;
            return addresses;
        } finally {
            memory.release(2 * bytes - addressBytes);
        }
    }

    private void releaseAddresses() {
        memory.release(addressBytes);
        addressBytes = 0;
    }

    /** A new batch, owned by the caller, of the rows at {@code addresses[from, from + count)}. */
    VectorSchemaRoot copyRows(long[] addresses, int from, int count, BufferAllocator target) {
        VectorSchemaRoot output = Batches.allocateForGather(rowType, count, target);
        // The addresses split into batch indexes and rows, as the gather kernel reads them.
        long indexBytes = 2L * count * Integer.BYTES;
        memory.add(indexBytes);
        try {
            int[] batchIndexes = new int[count];
            int[] rows = new int[count];
            for (int i = 0; i < count; i++) {
                batchIndexes[i] = batchOf(addresses[from + i]);
                rows[i] = rowOf(addresses[from + i]);
            }
            FieldVector[] sources = new FieldVector[batches.size()];
            for (int column = 0; count > 0 && column < rowType.size(); column++) {
                for (int batch = 0; batch < sources.length; batch++) {
                    sources[batch] = batches.get(batch).getVector(column);
                }
                ColumnGather.of(sources[0]).gather(sources, batchIndexes, rows, count, output.getVector(column), 0);
            }
            output.setRowCount(count);
            return output;
        } catch (RuntimeException e) {
            output.close();
            throw e;
        } finally {
            memory.release(indexBytes);
        }
    }

    /** Drops all rows. */
    void clear() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
        rowCount = 0;
        releaseAddresses();
    }

    @Override
    public void close() {
        clear();
        memory.close();
    }

    static int batchOf(long address) {
        return (int) (address >>> 32);
    }

    static int rowOf(long address) {
        return (int) address;
    }
}
