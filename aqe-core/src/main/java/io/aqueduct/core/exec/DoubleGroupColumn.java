package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;

/** Group values of type DOUBLE. As keys, 0.0 equals -0.0 and NaN equals NaN. */
final class DoubleGroupColumn extends GroupColumn {
    private double[] values = new double[0];

    DoubleGroupColumn(HeapMemoryTracker memory) {
        super(memory);
    }

    @Override
    void hash(FieldVector vector, int rowCount, long[] hashes) {
        Float8Vector doubles = (Float8Vector) vector;
        for (int row = 0; row < rowCount; row++) {
            long valueHash = doubles.isNull(row) ? NULL_HASH : keyBits(doubles.get(row));
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
        return Double.compare(values[group], ((Float8Vector) vector).get(row));
    }

    @Override
    protected void setValue(int group, FieldVector vector, int row) {
        values[group] = ((Float8Vector) vector).get(row);
    }

    @Override
    protected boolean valueMatches(int group, FieldVector vector, int row) {
        return keyBits(values[group]) == keyBits(((Float8Vector) vector).get(row));
    }

    @Override
    protected void writeValue(FieldVector output, int outputRow, int group) {
        ((Float8Vector) output).setSafe(outputRow, values[group]);
    }

    // doubleToLongBits already folds all NaNs into one; fold -0.0 into 0.0 too.
    private static long keyBits(double value) {
        return value == 0.0 ? 0L : Double.doubleToLongBits(value);
    }
}
