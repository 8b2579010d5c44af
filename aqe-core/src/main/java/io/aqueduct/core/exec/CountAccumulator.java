package io.aqueduct.core.exec;

import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * COUNT(*) (no fields), COUNT(field), which skips NULLs, or COUNT of several fields (REGR_COUNT(y, x)), which counts
 * the rows where none is NULL. Never NULL itself.
 */
final class CountAccumulator implements Accumulator {
    private final int[] fields;
    private final HeapMemoryTracker memory;
    private long[] counts = new long[0];

    CountAccumulator(int[] fields, HeapMemoryTracker memory) {
        this.fields = fields.clone();
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        counts = memory.grow(counts, groupCount);
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (fields.length == 0) {
            for (int row = 0; row < rowCount; row++) {
                counts[groupIds[row]]++;
            }
            return;
        }
        if (fields.length == 1) {
            FieldVector vector = batch.getVector(fields[0]);
            for (int row = 0; row < rowCount; row++) {
                if (!vector.isNull(row)) {
                    counts[groupIds[row]]++;
                }
            }
            return;
        }
        FieldVector[] vectors = new FieldVector[fields.length];
        for (int i = 0; i < fields.length; i++) {
            vectors[i] = batch.getVector(fields[i]);
        }
        for (int row = 0; row < rowCount; row++) {
            if (noneNull(vectors, row)) {
                counts[groupIds[row]]++;
            }
        }
    }

    private static boolean noneNull(FieldVector[] vectors, int row) {
        for (FieldVector vector : vectors) {
            if (vector.isNull(row)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        BigIntVector longs = (BigIntVector) output;
        for (int i = 0; i < count; i++) {
            longs.setSafe(i, counts[fromGroup + i]);
        }
    }
}
