package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Concatenation of two or more VARCHAR operands; NULL when any operand is NULL. */
final class ConcatExpression implements VectorExpression {
    private final List<VectorExpression> operands;

    ConcatExpression(List<VectorExpression> operands) {
        this.operands = List.copyOf(operands);
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        List<VarCharVector> parts = new ArrayList<>(operands.size());
        try {
            for (VectorExpression operand : operands) {
                parts.add((VarCharVector) operand.evaluate(batch, allocator));
            }
            return Vectors.<VarCharVector>build(
                    DataType.VARCHAR, rowCount, allocator, result -> concat(parts, result, rowCount));
        } finally {
            parts.forEach(FieldVector::close);
        }
    }

    private static void concat(List<VarCharVector> parts, VarCharVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            int length = 0;
            boolean isNull = false;
            for (VarCharVector part : parts) {
                if (part.isNull(i)) {
                    isNull = true;
                    break;
                }
                length += part.getEndOffset(i) - part.getStartOffset(i);
            }
            if (isNull) {
                continue;
            }
            byte[] bytes = new byte[length];
            int position = 0;
            for (VarCharVector part : parts) {
                int start = part.getStartOffset(i);
                int partLength = part.getEndOffset(i) - start;
                part.getDataBuffer().getBytes(start, bytes, position, partLength);
                position += partLength;
            }
            result.setSafe(i, bytes);
        }
    }
}
