package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** BIT_AND, BIT_OR or BIT_XOR of a group's non-NULL integer values; NULL for a group without one. */
final class BitwiseAccumulator implements Accumulator {
    /** How two values combine; each is associative and commutative, so partial results combine the same way. */
    enum Operation {
        AND(-1L) {
            @Override
            long apply(long left, long right) {
                return left & right;
            }
        },
        OR(0L) {
            @Override
            long apply(long left, long right) {
                return left | right;
            }
        },
        XOR(0L) {
            @Override
            long apply(long left, long right) {
                return left ^ right;
            }
        };

        /** The value that leaves any other unchanged: a group's start. */
        private final long identity;

        Operation(long identity) {
            this.identity = identity;
        }

        abstract long apply(long left, long right);
    }

    private final int field;
    private final Operation operation;
    private final LongVectorAccess values;
    private final HeapMemoryTracker memory;
    private long[] results = new long[0];
    private boolean[] nonEmpty = new boolean[0];

    BitwiseAccumulator(int field, Operation operation, LongVectorAccess values, HeapMemoryTracker memory) {
        this.field = field;
        this.operation = operation;
        this.values = values;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        int before = results.length;
        results = memory.grow(results, groupCount);
        nonEmpty = memory.grow(nonEmpty, groupCount);
        for (int group = before; group < results.length; group++) {
            results[group] = operation.identity;
        }
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        FieldVector vector = batch.getVector(field);
        for (int row = 0; row < rowCount; row++) {
            if (!vector.isNull(row)) {
                int group = groupIds[row];
                results[group] = operation.apply(results[group], values.get(vector, row));
                nonEmpty[group] = true;
            }
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        for (int i = 0; i < count; i++) {
            int group = fromGroup + i;
            if (nonEmpty[group]) {
                values.set(output, i, results[group]);
            } else {
                output.setNull(i);
            }
        }
    }
}
