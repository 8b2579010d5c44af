package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * ARG_MAX(value, key) or ARG_MIN(value, key) (also spelled MAX_BY and MIN_BY): the value on the row of the group's
 * largest or smallest key. Rows where the value or the key is NULL are skipped, as in DuckDB; of rows with equal keys
 * the first seen wins. NULL for a group without a row left.
 */
final class ArgExtremeAccumulator implements Accumulator {
    private final int valueField;
    private final int keyField;
    private final GroupColumn values;
    private final GroupColumn keys;
    private final boolean max;

    ArgExtremeAccumulator(int valueField, int keyField, GroupColumn values, GroupColumn keys, boolean max) {
        this.valueField = valueField;
        this.keyField = keyField;
        this.values = values;
        this.keys = keys;
        this.max = max;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        values.ensureCapacity(groupCount);
        keys.ensureCapacity(groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        FieldVector valueVector = batch.getVector(valueField);
        FieldVector keyVector = batch.getVector(keyField);
        for (int row = 0; row < rowCount; row++) {
            if (valueVector.isNull(row) || keyVector.isNull(row)) {
                continue;
            }
            int group = groupIds[row];
            if (keys.isNull(group) || ExtremeValueAccumulator.isBetter(max, keys.compare(group, keyVector, row))) {
                keys.set(group, keyVector, row);
                values.set(group, valueVector, row);
            }
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        values.write(output, fromGroup, count);
    }
}
