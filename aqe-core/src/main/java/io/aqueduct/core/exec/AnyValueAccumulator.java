package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** ANY_VALUE: the first non-NULL value of the group. */
final class AnyValueAccumulator implements Accumulator {
    private final int field;
    private final GroupColumn values;

    AnyValueAccumulator(int field, GroupColumn values) {
        this.field = field;
        this.values = values;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        values.ensureCapacity(groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        FieldVector vector = batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            int group = groupIds[row];
            if (values.isNull(group) && !vector.isNull(row)) {
                values.set(group, vector, row);
            }
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        values.write(output, fromGroup, count);
    }
}
