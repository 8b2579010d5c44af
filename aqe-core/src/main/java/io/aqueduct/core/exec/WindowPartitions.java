package io.aqueduct.core.exec;

import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Where each row's partition and peer group begin and end in a batch sorted on the partition keys, then the
 * ORDER BY keys. Ends are exclusive. Peers are the rows of a partition equal on every ORDER BY key (without
 * ORDER BY, the whole partition).
 */
final class WindowPartitions {
    private final int[] partitionStart;
    private final int[] partitionEnd;
    private final int[] peerStart;
    private final int[] peerEnd;

    private WindowPartitions(int[] partitionStart, int[] partitionEnd, int[] peerStart, int[] peerEnd) {
        this.partitionStart = partitionStart;
        this.partitionEnd = partitionEnd;
        this.peerStart = peerStart;
        this.peerEnd = peerEnd;
    }

    /** Bytes of heap the boundaries of {@code rowCount} rows take. */
    static long bytesFor(int rowCount) {
        return 4L * Integer.BYTES * rowCount;
    }

    static WindowPartitions of(
            VectorSchemaRoot sorted, List<Integer> partitionKeys, List<SortKey> orderKeys, RowType rowType) {
        RowComparator partition = new RowComparator(
                partitionKeys.stream()
                        .map(key -> new SortKey(key, false, false))
                        .toList(),
                rowType);
        RowComparator peers = new RowComparator(orderKeys, rowType);
        int rowCount = sorted.getRowCount();
        int[] partitionStart = new int[rowCount];
        int[] partitionEnd = new int[rowCount];
        int[] peerStart = new int[rowCount];
        int[] peerEnd = new int[rowCount];
        int currentPartition = 0;
        int currentPeers = 0;
        for (int row = 0; row < rowCount; row++) {
            boolean newPartition = row == 0 || partition.compare(sorted, row - 1, sorted, row) != 0;
            if (newPartition) {
                fill(partitionEnd, currentPartition, row);
                currentPartition = row;
            }
            if (newPartition || peers.compare(sorted, row - 1, sorted, row) != 0) {
                fill(peerEnd, currentPeers, row);
                currentPeers = row;
            }
            partitionStart[row] = currentPartition;
            peerStart[row] = currentPeers;
        }
        fill(partitionEnd, currentPartition, rowCount);
        fill(peerEnd, currentPeers, rowCount);
        return new WindowPartitions(partitionStart, partitionEnd, peerStart, peerEnd);
    }

    private static void fill(int[] ends, int from, int end) {
        for (int row = from; row < end; row++) {
            ends[row] = end;
        }
    }

    int rowCount() {
        return partitionStart.length;
    }

    int partitionStart(int row) {
        return partitionStart[row];
    }

    int partitionEnd(int row) {
        return partitionEnd[row];
    }

    int peerStart(int row) {
        return peerStart[row];
    }

    int peerEnd(int row) {
        return peerEnd[row];
    }
}
