package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** SINGLE_VALUE: the value of the group's only row; a second row is an error (scalar subqueries). */
final class SingleValueAccumulator implements Accumulator {
    private final int field;
    private final GroupColumn values;
    private final HeapMemoryTracker memory;
    private boolean[] seen = new boolean[0];

    SingleValueAccumulator(int field, GroupColumn values, HeapMemoryTracker memory) {
        this.field = field;
        this.values = values;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        values.ensureCapacity(groupCount);
        seen = memory.grow(seen, groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        FieldVector vector = batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            int group = groupIds[row];
            if (seen[group]) {
                throw new AqueductException(ErrorCode.INVALID_QUERY, "Scalar subquery produced more than one row");
            }
            seen[group] = true;
            values.set(group, vector, row);
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        values.write(output, fromGroup, count);
    }
}
