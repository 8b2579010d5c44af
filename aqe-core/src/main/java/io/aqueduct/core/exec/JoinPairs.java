package io.aqueduct.core.exec;

/** A growing list of (probe row, build row) pairs awaiting output, taken from the front. */
final class JoinPairs {
    private final HeapMemoryTracker memory;
    private int[] probeRows = new int[0];
    private int[] buildRows = new int[0];
    private int size;

    JoinPairs(HeapMemoryTracker memory) {
        this.memory = memory;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int[] probeRows() {
        return probeRows;
    }

    int[] buildRows() {
        return buildRows;
    }

    void add(int probeRow, int buildRow) {
        ensureCapacity(size + 1);
        probeRows[size] = probeRow;
        buildRows[size] = buildRow;
        size++;
    }

    void addAll(int[] newProbeRows, int[] newBuildRows, int count) {
        ensureCapacity(size + count);
        System.arraycopy(newProbeRows, 0, probeRows, size, count);
        System.arraycopy(newBuildRows, 0, buildRows, size, count);
        size += count;
    }

    void removeFirst(int count) {
        System.arraycopy(probeRows, count, probeRows, 0, size - count);
        System.arraycopy(buildRows, count, buildRows, 0, size - count);
        size -= count;
    }

    private void ensureCapacity(int capacity) {
        probeRows = memory.grow(probeRows, capacity);
        buildRows = memory.grow(buildRows, capacity);
    }
}
