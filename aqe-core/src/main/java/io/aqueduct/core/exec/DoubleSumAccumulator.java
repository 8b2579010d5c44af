package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** SUM or SUM0 of DOUBLE values. */
final class DoubleSumAccumulator implements Accumulator {
    private final int field;
    private final boolean nullWhenEmpty;
    private final HeapMemoryTracker memory;
    private double[] sums = new double[0];
    private boolean[] nonEmpty = new boolean[0];

    DoubleSumAccumulator(int field, boolean nullWhenEmpty, HeapMemoryTracker memory) {
        this.field = field;
        this.nullWhenEmpty = nullWhenEmpty;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        sums = memory.grow(sums, groupCount);
        nonEmpty = memory.grow(nonEmpty, groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        Float8Vector vector = (Float8Vector) batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            if (!vector.isNull(row)) {
                int group = groupIds[row];
                sums[group] += vector.get(row);
                nonEmpty[group] = true;
            }
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        Float8Vector doubles = (Float8Vector) output;
        for (int i = 0; i < count; i++) {
            int group = fromGroup + i;
            if (nullWhenEmpty && !nonEmpty[group]) {
                doubles.setNull(i);
            } else {
                doubles.setSafe(i, sums[group]);
            }
        }
    }
}
