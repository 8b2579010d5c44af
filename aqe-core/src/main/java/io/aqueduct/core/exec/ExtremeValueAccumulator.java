package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** MIN or MAX of non-NULL values; NULL for a group without any. */
final class ExtremeValueAccumulator implements Accumulator {
    private final int field;
    private final GroupColumn values;
    private final boolean max;

    ExtremeValueAccumulator(int field, GroupColumn values, boolean max) {
        this.field = field;
        this.values = values;
        this.max = max;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        values.ensureCapacity(groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        FieldVector vector = batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            if (vector.isNull(row)) {
                continue;
            }
            int group = groupIds[row];
            if (values.isNull(group) || isBetter(max, values.compare(group, vector, row))) {
                values.set(group, vector, row);
            }
        }
    }

    /** Whether the row's value replaces the group's, given how the group's compares with it: the larger for MAX. */
    static boolean isBetter(boolean max, int currentComparedToRow) {
        return max ? currentComparedToRow < 0 : currentComparedToRow > 0;
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        values.write(output, fromGroup, count);
    }
}
