package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A function of VARCHAR operands computed on Java strings (REPLACE, POSITION, TRIM of given characters): NULL
 * when any operand is NULL, else a VARCHAR, BIGINT or BOOLEAN result.
 */
final class StringFunctionExpression implements VectorExpression {
    /** The function of one row's operand values. */
    @FunctionalInterface
    interface RowFunction {
        /** A {@code String} for a VARCHAR result, a {@code Long} for BIGINT, a {@code Boolean} for BOOLEAN; null for NULL. */
        Object apply(String[] operands);
    }

    private final List<VectorExpression> operands;
    private final DataType type;
    private final RowFunction function;

    StringFunctionExpression(List<VectorExpression> operands, DataType type, RowFunction function) {
        this.operands = List.copyOf(operands);
        this.type = type;
        this.function = function;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        List<VarCharVector> values = new ArrayList<>(operands.size());
        try {
            for (VectorExpression operand : operands) {
                values.add((VarCharVector) operand.evaluate(batch, allocator));
            }
            return Vectors.build(type, rowCount, allocator, result -> compute(values, result, rowCount));
        } finally {
            values.forEach(FieldVector::close);
        }
    }

    private void compute(List<VarCharVector> values, FieldVector result, int rowCount) {
        String[] row = new String[values.size()];
        rows:
        for (int i = 0; i < rowCount; i++) {
            for (int operand = 0; operand < row.length; operand++) {
                VarCharVector vector = values.get(operand);
                if (vector.isNull(i)) {
                    continue rows;
                }
                row[operand] = new String(vector.get(i), StandardCharsets.UTF_8);
            }
            Object value = function.apply(row);
            if (value == null) {
                // The function's own NULL (REGEXP_EXTRACT without a match): the row stays NULL.
                continue;
            }
            switch (type.kind()) {
                case VARCHAR -> ((VarCharVector) result).setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
                case BOOLEAN -> ((BitVector) result).set(i, (Boolean) value ? 1 : 0);
                default -> ((BigIntVector) result).set(i, (Long) value);
            }
        }
    }
}
