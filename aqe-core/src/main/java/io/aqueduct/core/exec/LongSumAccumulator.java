package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** SUM or SUM0 of INTEGER, BIGINT or DECIMAL values, failing on overflow rather than wrapping. */
final class LongSumAccumulator implements Accumulator {
    private final int field;
    private final LongVectorAccess input;
    private final LongVectorAccess output;
    private final boolean nullWhenEmpty;
    private final HeapMemoryTracker memory;
    private long[] sums = new long[0];
    private boolean[] nonEmpty = new boolean[0];

    LongSumAccumulator(
            int field,
            LongVectorAccess input,
            LongVectorAccess output,
            boolean nullWhenEmpty,
            HeapMemoryTracker memory) {
        this.field = field;
        this.input = input;
        this.output = output;
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
        FieldVector vector = batch.getVector(field);
        try {
            if (vector instanceof BigIntVector) {
                // BIGINT and DECIMAL, the common case: the values straight from the data buffer.
                ArrowBuf validity = vector.getValidityBuffer();
                ArrowBuf data = vector.getDataBuffer();
                for (int row = 0; row < rowCount; row++) {
                    if (BitVectorHelper.get(validity, row) != 0) {
                        int group = groupIds[row];
                        sums[group] = Math.addExact(sums[group], data.getLong((long) row * Long.BYTES));
                        nonEmpty[group] = true;
                    }
                }
                return;
            }
            for (int row = 0; row < rowCount; row++) {
                if (!vector.isNull(row)) {
                    int group = groupIds[row];
                    sums[group] = Math.addExact(sums[group], input.get(vector, row));
                    nonEmpty[group] = true;
                }
            }
        } catch (ArithmeticException e) {
            throw new AqueductException(ErrorCode.NUMERIC_OUT_OF_RANGE, "SUM overflowed its result type", e);
        }
    }

    @Override
    public void write(FieldVector vector, int fromGroup, int count) {
        for (int i = 0; i < count; i++) {
            int group = fromGroup + i;
            if (nullWhenEmpty && !nonEmpty[group]) {
                vector.setNull(i);
            } else {
                output.set(vector, i, sums[group]);
            }
        }
    }
}
