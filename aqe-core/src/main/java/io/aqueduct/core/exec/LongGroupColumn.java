package io.aqueduct.core.exec;

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
        for (int row = 0; row < rowCount; row++) {
            long valueHash = vector.isNull(row) ? NULL_HASH : access.get(vector, row);
            hashes[row] = combineHash(hashes[row], valueHash);
        }
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
