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
    private final HeapMemoryTracker memory;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private long rowCount;

    SortBuffer(RowType rowType, BufferAllocator allocator) {
        this.rowType = rowType;
        this.allocator = allocator;
        this.memory = new HeapMemoryTracker(allocator, "sort");
    }

    long rowCount() {
        return rowCount;
    }

    /** Takes ownership of {@code batch}. */
    void add(VectorSchemaRoot batch) {
        if (batch.getRowCount() == 0) {
            batch.close();
            return;
        }
        rowCount += batch.getRowCount();
        batches.add(Batches.transfer(batch, allocator));
    }

    /** The addresses of all rows in {@code comparator}'s order; rows that compare equal keep the order they came in. */
    long[] sortedAddresses(RowComparator comparator) {
        int count = Math.toIntExact(rowCount);
        memory.add(2L * count * Long.BYTES);
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
            return addresses;
        } finally {
            memory.release(2L * count * Long.BYTES);
        }
    }

    /** A new batch, owned by the caller, of the rows at {@code addresses[from, from + count)}. */
    VectorSchemaRoot copyRows(long[] addresses, int from, int count, BufferAllocator target) {
        VectorSchemaRoot output = Batches.allocate(rowType, count, target);
        try {
            for (int column = 0; column < rowType.size(); column++) {
                FieldVector outputVector = output.getVector(column);
                for (int i = 0; i < count; i++) {
                    long address = addresses[from + i];
                    outputVector.copyFromSafe(
                            rowOf(address), i, batches.get(batchOf(address)).getVector(column));
                }
            }
            output.setRowCount(count);
            return output;
        } catch (RuntimeException e) {
            output.close();
            throw e;
        }
    }

    /** Drops all rows. */
    void clear() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
        rowCount = 0;
    }

    @Override
    public void close() {
        clear();
        memory.close();
    }

    private static int batchOf(long address) {
        return (int) (address >>> 32);
    }

    private static int rowOf(long address) {
        return (int) address;
    }
}
