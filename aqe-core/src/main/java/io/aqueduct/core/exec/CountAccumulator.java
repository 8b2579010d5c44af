package io.aqueduct.core.exec;

import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** COUNT(*) (field {@link #ALL_ROWS}) or COUNT(field), which skips NULLs. Never NULL itself. */
final class CountAccumulator implements Accumulator {
    static final int ALL_ROWS = -1;

    private final int field;
    private final HeapMemoryTracker memory;
    private long[] counts = new long[0];

    CountAccumulator(int field, HeapMemoryTracker memory) {
        this.field = field;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        counts = memory.grow(counts, groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (field == ALL_ROWS) {
            for (int row = 0; row < rowCount; row++) {
                counts[groupIds[row]]++;
            }
            return;
        }
        FieldVector vector = batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            if (!vector.isNull(row)) {
                counts[groupIds[row]]++;
            }
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        BigIntVector longs = (BigIntVector) output;
        for (int i = 0; i < count; i++) {
            longs.setSafe(i, counts[fromGroup + i]);
        }
    }
}
