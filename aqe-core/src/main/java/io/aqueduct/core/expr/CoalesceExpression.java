package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The first non-NULL operand of each row; later operands are evaluated only while some rows are NULL. */
final class CoalesceExpression implements VectorExpression {
    private final List<VectorExpression> operands;
    private final DataType type;

    CoalesceExpression(List<VectorExpression> operands, DataType type) {
        this.operands = List.copyOf(operands);
        this.type = type;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        FieldVector result = Vectors.allocate(type, rowCount, allocator);
        try {
            int[] pending = CaseExpression.identity(rowCount);
            int pendingCount = rowCount;
            for (int k = 0; k < operands.size() && pendingCount > 0; k++) {
                int remaining = 0;
                try (FieldVector values = ConditionalEvaluation.evaluateForRows(
                        operands.get(k), batch, pending, pendingCount, allocator)) {
                    for (int j = 0; j < pendingCount; j++) {
                        int row = pending[j];
                        if (values.isNull(row)) {
                            pending[remaining++] = row;
                        } else {
                            result.copyFromSafe(row, row, values);
                        }
                    }
                }
                pendingCount = remaining;
            }
            result.setValueCount(rowCount);
            return result;
        } catch (RuntimeException e) {
            result.close();
            throw e;
        }
    }
}
