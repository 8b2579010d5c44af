package io.aqueduct.core.exec;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.memory.util.hash.SimpleHasher;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * Group values of type VARCHAR (as UTF-8) or VARBINARY, their bytes in one byte pool. A value that replaces a shorter one is
 * appended, leaving the old bytes unused; the pool is compacted when the unused part dominates.
 */
final class BytesGroupColumn extends GroupColumn {
    private static final int MIN_COMPACTION_BYTES = 1 << 20;

    private byte[] pool = new byte[0];
    private int poolSize;
    private int unusedBytes;
    private int[] starts = new int[0];
    private int[] lengths = new int[0];

    BytesGroupColumn(HeapMemoryTracker memory) {
        super(memory);
    }

    @Override
    void hash(FieldVector vector, int rowCount, long[] hashes) {
        ArrowBuf validity = vector.getValidityBuffer();
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        for (int row = 0; row < rowCount; row++) {
            long valueHash = NULL_HASH;
            if (BitVectorHelper.get(validity, row) != 0) {
                int start = offset(offsets, row);
                valueHash = SimpleHasher.INSTANCE.hashCode(data, start, offset(offsets, row + 1) - start);
            }
            hashes[row] = combineHash(hashes[row], valueHash);
        }
    }

    @Override
    void retainMatches(FieldVector vector, int[] rows, int[] groups, int count, boolean[] matches) {
        if (!noNulls(vector)) {
            super.retainMatches(vector, rows, groups, count, matches);
            return;
        }
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int group = groups[i];
            int start = offset(offsets, rows[i]);
            int end = offset(offsets, rows[i] + 1);
            int groupStart = starts[group];
            matches[i] &= end - start == lengths[group]
                    && ByteFunctionHelpers.compare(data, start, end, pool, groupStart, groupStart + lengths[group])
                            == 0;
        }
    }

    private static int offset(ArrowBuf offsets, int index) {
        return offsets.getInt((long) index * BaseVariableWidthVector.OFFSET_WIDTH);
    }

    @Override
    void ensureCapacity(int groupCount) {
        super.ensureCapacity(groupCount);
        starts = memory.grow(starts, groupCount);
        lengths = memory.grow(lengths, groupCount);
    }

    @Override
    int compare(int group, FieldVector vector, int row) {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) vector;
        int start = strings.getStartOffset(row);
        int end = strings.getEndOffset(row);
        int groupStart = starts[group];
        return -ByteFunctionHelpers.compare(
                strings.getDataBuffer(), start, end, pool, groupStart, groupStart + lengths[group]);
    }

    @Override
    protected void setValue(int group, FieldVector vector, int row) {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) vector;
        int start = strings.getStartOffset(row);
        int length = strings.getEndOffset(row) - start;
        if (length > lengths[group]) {
            unusedBytes += lengths[group];
            starts[group] = reserve(length);
        } else {
            unusedBytes += lengths[group] - length;
        }
        lengths[group] = length;
        strings.getDataBuffer().getBytes(start, pool, starts[group], length);
    }

    @Override
    protected boolean valueMatches(int group, FieldVector vector, int row) {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) vector;
        int start = strings.getStartOffset(row);
        int end = strings.getEndOffset(row);
        return end - start == lengths[group]
                && ByteFunctionHelpers.compare(
                                strings.getDataBuffer(),
                                start,
                                end,
                                pool,
                                starts[group],
                                starts[group] + lengths[group])
                        == 0;
    }

    @Override
    protected void writeValue(FieldVector output, int outputRow, int group) {
        ((BaseVariableWidthVector) output).setSafe(outputRow, pool, starts[group], lengths[group]);
    }

    /** Returns the pool offset of {@code length} new bytes. */
    private int reserve(int length) {
        if (unusedBytes > MIN_COMPACTION_BYTES && unusedBytes > poolSize / 2) {
            compact();
        }
        pool = memory.grow(pool, Math.addExact(poolSize, length));
        int offset = poolSize;
        poolSize += length;
        return offset;
    }

    private void compact() {
        byte[] compacted = new byte[poolSize - unusedBytes];
        memory.add(compacted.length);
        int size = 0;
        for (int group = 0; group < starts.length; group++) {
            System.arraycopy(pool, starts[group], compacted, size, lengths[group]);
            starts[group] = size;
            size += lengths[group];
        }
        memory.release(pool.length);
        pool = compacted;
        poolSize = size;
        unusedBytes = 0;
    }
}
