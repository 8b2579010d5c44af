package io.aqueduct.core.exec;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/** Group values of the integral types (INTEGER, BIGINT, DECIMAL, DATE, BOOLEAN) as longs. */
final class LongGroupColumn extends GroupColumn {
    private final LongVectorAccess access;
    private long[] values = new long[0];

    LongGroupColumn(LongVectorAccess access, HeapMemoryTracker memory) {
        super(memory);
        this.access = access;
    }

    @Override
    void hash(FieldVector vector, int rowCount, long[] hashes) {
        // The value read straight from the data buffer by width (resolved once per column), as access.get reads it.
        int width = width(vector);
        ArrowBuf validity = vector.getValidityBuffer();
        ArrowBuf data = vector.getDataBuffer();
        if (width == Long.BYTES) {
            for (int row = 0; row < rowCount; row++) {
                long valueHash = BitVectorHelper.get(validity, row) == 0 ? NULL_HASH : data.getLong((long) row * width);
                hashes[row] = combineHash(hashes[row], valueHash);
            }
        } else if (width == Integer.BYTES) {
            for (int row = 0; row < rowCount; row++) {
                long valueHash = BitVectorHelper.get(validity, row) == 0 ? NULL_HASH : data.getInt((long) row * width);
                hashes[row] = combineHash(hashes[row], valueHash);
            }
        } else {
            for (int row = 0; row < rowCount; row++) {
                long valueHash = vector.isNull(row) ? NULL_HASH : access.get(vector, row);
                hashes[row] = combineHash(hashes[row], valueHash);
            }
        }
    }

    @Override
    void retainMatches(FieldVector vector, int[] rows, int[] groups, int count, boolean[] matches) {
        int width = width(vector);
        if (!noNulls(vector) || (width != Long.BYTES && width != Integer.BYTES)) {
            super.retainMatches(vector, rows, groups, count, matches);
            return;
        }
        ArrowBuf data = vector.getDataBuffer();
        if (width == Long.BYTES) {
            for (int i = 0; i < count; i++) {
                matches[i] &= values[groups[i]] == data.getLong((long) rows[i] * Long.BYTES);
            }
        } else {
            for (int i = 0; i < count; i++) {
                matches[i] &= values[groups[i]] == data.getInt((long) rows[i] * Integer.BYTES);
            }
        }
    }

    /** The byte width of the vector's values, 0 for BOOLEAN's bits. */
    /** The value of a group whose value is not NULL. */
    long value(int group) {
        return values[group];
    }

    private static int width(FieldVector vector) {
        return vector instanceof BitVector ? 0 : ((BaseFixedWidthVector) vector).getTypeWidth();
    }

    @Override
    void ensureCapacity(int groupCount) {
        super.ensureCapacity(groupCount);
        values = memory.grow(values, groupCount);
    }

    @Override
    int compare(int group, FieldVector vector, int row) {
        return Long.compare(values[group], access.get(vector, row));
    }

    @Override
    protected void setValue(int group, FieldVector vector, int row) {
        values[group] = access.get(vector, row);
    }

    @Override
    protected boolean valueMatches(int group, FieldVector vector, int row) {
        return values[group] == access.get(vector, row);
    }

    @Override
    protected void writeValue(FieldVector output, int outputRow, int group) {
        access.set(output, outputRow, values[group]);
    }
}
