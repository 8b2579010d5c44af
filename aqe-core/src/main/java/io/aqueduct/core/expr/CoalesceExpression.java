package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
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
        List<FieldVector> operandValues = new ArrayList<>();
        try {
            // The operand whose value each row takes, -1 for none (NULL).
            int[] operandOf = new int[rowCount];
            Arrays.fill(operandOf, -1);
            int[] pending = CaseExpression.identity(rowCount);
            int pendingCount = rowCount;
            for (int k = 0; k < operands.size() && pendingCount > 0; k++) {
                FieldVector values =
                        ConditionalEvaluation.evaluateForRows(operands.get(k), batch, pending, pendingCount, allocator);
                operandValues.add(values);
                int remaining = 0;
                for (int j = 0; j < pendingCount; j++) {
                    int row = pending[j];
                    if (values.isNull(row)) {
                        pending[remaining++] = row;
                    } else {
                        operandOf[row] = operandValues.size() - 1;
                    }
                }
                pendingCount = remaining;
            }
            return ConditionalEvaluation.choose(type, rowCount, operandOf, operandValues, allocator);
        } finally {
            operandValues.forEach(FieldVector::close);
        }
    }
}
