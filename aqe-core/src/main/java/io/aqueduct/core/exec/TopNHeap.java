package io.aqueduct.core.exec;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The best {@code limit} rows seen so far, as a binary max-heap of row addresses into a {@link SortBuffer}:
 * the worst kept row is on top, and a new row replaces it only when it sorts strictly before it. Each row
 * carries its arrival number, which breaks ties, so the result is that of a stable sort followed by a limit.
 */
final class TopNHeap {
    private final int limit;
    private final RowComparator comparator;
    private final SortBuffer rows;
    private final HeapMemoryTracker memory;
    private long[] addresses = new long[0];
    private long[] arrivals = new long[0];
    private int size;
    private long nextArrival;

    TopNHeap(int limit, RowComparator comparator, SortBuffer rows, HeapMemoryTracker memory) {
        this.limit = limit;
        this.comparator = comparator;
        this.rows = rows;
        this.memory = memory;
    }

    int size() {
        return size;
    }

    /** Offers every row of the buffer's batch {@code batchIndex}, in order. */
    void offerBatch(int batchIndex) {
        VectorSchemaRoot batch = rows.batch(batchIndex);
        for (int row = 0; row < batch.getRowCount(); row++) {
            long address = (long) batchIndex << 32 | row;
            long arrival = nextArrival++;
            if (size < limit) {
                addresses = memory.grow(addresses, size + 1);
                arrivals = memory.grow(arrivals, size + 1);
                addresses[size] = address;
                arrivals[size] = arrival;
                siftUp(size++);
            } else if (compareRows(address, addresses[0]) < 0) {
                addresses[0] = address;
                arrivals[0] = arrival;
                siftDown(0);
            }
        }
    }

    /** The kept rows' addresses, heap order; valid until the next change. */
    long[] addresses() {
        return addresses;
    }

    /** Points the kept rows at the buffer's batch 0, after the buffer was left with them alone in heap order. */
    void renumberIntoFirstBatch() {
        for (int i = 0; i < size; i++) {
            addresses[i] = i;
        }
    }

    /** The kept rows' addresses from first to last in sort order. */
    long[] sortedAddresses() {
        // Sorts heap positions, so that ties can be broken by arrival.
        long[] positions = new long[size];
        for (int i = 0; i < size; i++) {
            positions[i] = i;
        }
        StableLongSort.sort(positions, new long[size], (left, right) -> compareEntries((int) left, (int) right));
        long[] sorted = new long[size];
        for (int i = 0; i < size; i++) {
            sorted[i] = addresses[(int) positions[i]];
        }
        return sorted;
    }

    private void siftUp(int position) {
        while (position > 0) {
            int parent = (position - 1) >>> 1;
            if (compareEntries(position, parent) <= 0) {
                return;
            }
            swap(position, parent);
            position = parent;
        }
    }

    private void siftDown(int position) {
        while (true) {
            int worst = position;
            int left = 2 * position + 1;
            int right = left + 1;
            if (left < size && compareEntries(left, worst) > 0) {
                worst = left;
            }
            if (right < size && compareEntries(right, worst) > 0) {
                worst = right;
            }
            if (worst == position) {
                return;
            }
            swap(position, worst);
            position = worst;
        }
    }

    /** Sort order of two kept rows, the earlier arrival first among equal keys; never 0 for distinct entries. */
    private int compareEntries(int left, int right) {
        int comparison = compareRows(addresses[left], addresses[right]);
        return comparison != 0 ? comparison : Long.compare(arrivals[left], arrivals[right]);
    }

    private int compareRows(long left, long right) {
        return comparator.compare(
                rows.batch(SortBuffer.batchOf(left)),
                SortBuffer.rowOf(left),
                rows.batch(SortBuffer.batchOf(right)),
                SortBuffer.rowOf(right));
    }

    private void swap(int i, int j) {
        long address = addresses[i];
        addresses[i] = addresses[j];
        addresses[j] = address;
        long arrival = arrivals[i];
        arrivals[i] = arrivals[j];
        arrivals[j] = arrival;
    }
}
