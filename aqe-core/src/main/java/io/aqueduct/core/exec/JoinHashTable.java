package io.aqueduct.core.exec;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The build side of a hash join: the build batches, moved into the join's allocator, and for each
 * distinct key (a group of {@link GroupByHash}) the build rows holding it, stored contiguously. Build
 * rows are numbered from 0 in input order across batches. A row with a NULL in a key that is not
 * NULL-safe belongs to no group, since no probe row can match it. Without keys every row is in group 0.
 *
 * <p>Filled by {@link #add}, sealed by {@link #finish}, then probed.
 */
final class JoinHashTable implements AutoCloseable {
    private final JoinKeyVectors keys;
    private final GroupByHash groups;
    private final BufferAllocator allocator;
    private final HeapMemoryTracker memory;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();

    private int rowCount;
    // The build row numbered r is row (int) rowAddresses[r] of batch rowAddresses[r] >>> 32.
    private long[] rowAddresses = new long[0];
    private int[] rowGroups = new int[0];
    private int[] batchGroups = new int[0];
    // After finish: the rows of group g are groupRows[groupStarts[g] .. groupStarts[g + 1]), unless every row
    // is alone in its group: groups are numbered in order of first appearance, so then group g is row g alone.
    private int[] groupStarts;
    private int[] groupRows;
    private boolean oneRowPerGroup;
    /** Per column, whether it holds a NULL ({@link #hasNulls}), once asked. */
    private Boolean[] columnsWithNulls;

    /**
     * @param keys the build input's key columns; without keys, every probe row is paired with every build row
     */
    JoinHashTable(
            JoinKeyVectors keys, List<DataType> comparisonTypes, BufferAllocator allocator, HeapMemoryTracker memory) {
        this.keys = keys;
        this.groups = comparisonTypes.isEmpty() ? null : new GroupByHash(comparisonTypes, memory);
        this.allocator = allocator;
        this.memory = memory;
    }

    /** Adds the rows of {@code batch}, taking ownership of it. */
    void add(VectorSchemaRoot batch) {
        int batchRowCount = batch.getRowCount();
        if (batchRowCount == 0) {
            batch.close();
            return;
        }
        VectorSchemaRoot owned = Batches.transfer(batch, allocator);
        batches.add(owned);
        Batches.checkWithinLimit(allocator, "join build side");
        rowAddresses = memory.grow(rowAddresses, rowCount + batchRowCount);
        long batchBits = (long) (batches.size() - 1) << 32;
        for (int row = 0; row < batchRowCount; row++) {
            rowAddresses[rowCount + row] = batchBits | row;
        }
        rowGroups = memory.grow(rowGroups, rowCount + batchRowCount);
        if (groups == null) {
            Arrays.fill(rowGroups, rowCount, rowCount + batchRowCount, 0);
        } else {
            batchGroups = memory.grow(batchGroups, batchRowCount);
            groups.assignGroups(keys.of(owned), batchRowCount, batchGroups);
            keys.excludeUnmatchable(batchRowCount, batchGroups);
            System.arraycopy(batchGroups, 0, rowGroups, rowCount, batchRowCount);
        }
        rowCount += batchRowCount;
    }

    /** Lays out the rows of each group contiguously (a counting sort by group), keeping input order. */
    void finish() {
        int groupCount = groups == null ? 1 : groups.groupCount();
        if (groups != null && groupCount == rowCount && noRowExcluded()) {
            oneRowPerGroup = true;
            releaseRowGroups();
            return;
        }
        memory.add((long) (groupCount + 1) * Integer.BYTES);
        groupStarts = new int[groupCount + 1];
        for (int row = 0; row < rowCount; row++) {
            if (rowGroups[row] >= 0) {
                groupStarts[rowGroups[row] + 1]++;
            }
        }
        for (int group = 0; group < groupCount; group++) {
            groupStarts[group + 1] += groupStarts[group];
        }
        memory.add((long) groupStarts[groupCount] * Integer.BYTES);
        groupRows = new int[groupStarts[groupCount]];
        // Placing a row advances its group's start to the next group's, so shift the starts back afterwards.
        for (int row = 0; row < rowCount; row++) {
            if (rowGroups[row] >= 0) {
                groupRows[groupStarts[rowGroups[row]]++] = row;
            }
        }
        System.arraycopy(groupStarts, 0, groupStarts, 1, groupCount);
        groupStarts[0] = 0;
        releaseRowGroups();
    }

    private boolean noRowExcluded() {
        for (int row = 0; row < rowCount; row++) {
            if (rowGroups[row] < 0) {
                return false;
            }
        }
        return true;
    }

    private void releaseRowGroups() {
        memory.release((long) (rowGroups.length + batchGroups.length) * Integer.BYTES);
        rowGroups = new int[0];
        batchGroups = new int[0];
    }

    int rowCount() {
        return rowCount;
    }

    /** Fills {@code groupIds} with the group of each row of {@code probeBatch}, or -1 where it matches no build row. */
    void findGroups(JoinKeyVectors probeKeys, VectorSchemaRoot probeBatch, int[] groupIds) {
        int probeRowCount = probeBatch.getRowCount();
        if (groups == null) {
            Arrays.fill(groupIds, 0, probeRowCount, 0);
            return;
        }
        groups.findGroups(probeKeys.of(probeBatch), probeRowCount, groupIds);
        probeKeys.excludeUnmatchable(probeRowCount, groupIds);
    }

    /** Whether each group holds a single build row, numbered as the group: then positions need not be read. */
    boolean oneRowPerGroup() {
        return oneRowPerGroup;
    }

    /** The first position of {@code group}'s rows, for {@link #rowAt}. */
    int groupStart(int group) {
        return oneRowPerGroup ? group : groupStarts[group];
    }

    /** The position after {@code group}'s last row. */
    int groupEnd(int group) {
        return oneRowPerGroup ? group + 1 : groupStarts[group + 1];
    }

    int rowAt(int position) {
        return oneRowPerGroup ? position : groupRows[position];
    }

    int batchCount() {
        return batches.size();
    }

    FieldVector vector(int batch, int column) {
        return batches.get(batch).getVector(column);
    }

    /** Whether column {@code column} holds a NULL in any build batch; counted once per column, after the build. */
    boolean hasNulls(int column) {
        if (columnsWithNulls == null) {
            int columns =
                    batches.isEmpty() ? 0 : batches.get(0).getFieldVectors().size();
            columnsWithNulls = new Boolean[columns];
        }
        if (columnsWithNulls[column] == null) {
            columnsWithNulls[column] =
                    batches.stream().anyMatch(batch -> batch.getVector(column).getNullCount() > 0);
        }
        return columnsWithNulls[column];
    }

    /**
     * For each of {@code rows[0..count)}, the batch holding the row and its index there; batch 0 and row -1 where
     * the row number is negative.
     */
    void locate(int[] rows, int count, int[] batchIndexes, int[] rowsInBatch) {
        for (int i = 0; i < count; i++) {
            int row = rows[i];
            if (row < 0) {
                batchIndexes[i] = 0;
                rowsInBatch[i] = -1;
            } else {
                long address = rowAddresses[row];
                batchIndexes[i] = (int) (address >>> 32);
                rowsInBatch[i] = (int) address;
            }
        }
    }

    @Override
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
    }
}
