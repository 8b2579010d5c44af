package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Searched CASE: each row takes the result of the first condition that is TRUE for it, else the ELSE
 * result. Conditions and results are evaluated only for the rows still waiting for a branch (see
 * {@link ConditionalEvaluation}).
 */
final class CaseExpression implements VectorExpression {
    private final List<VectorExpression> conditions;
    private final List<VectorExpression> results;
    private final VectorExpression otherwise;
    private final DataType type;

    CaseExpression(
            List<VectorExpression> conditions,
            List<VectorExpression> results,
            VectorExpression otherwise,
            DataType type) {
        this.conditions = List.copyOf(conditions);
        this.results = List.copyOf(results);
        this.otherwise = otherwise;
        this.type = type;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        FieldVector result = Vectors.allocate(type, rowCount, allocator);
        try {
            int[] pending = identity(rowCount);
            int pendingCount = rowCount;
            int[] chosen = new int[rowCount];
            for (int branch = 0; branch < conditions.size() && pendingCount > 0; branch++) {
                int chosenCount = 0;
                int remaining = 0;
                try (BitVector when = (BitVector) ConditionalEvaluation.evaluateForRows(
                        conditions.get(branch), batch, pending, pendingCount, allocator)) {
                    for (int j = 0; j < pendingCount; j++) {
                        int row = pending[j];
                        if (!when.isNull(row) && when.get(row) == 1) {
                            chosen[chosenCount++] = row;
                        } else {
                            pending[remaining++] = row;
                        }
                    }
                }
                pendingCount = remaining;
                copyRows(results.get(branch), batch, chosen, chosenCount, result, allocator);
            }
            copyRows(otherwise, batch, pending, pendingCount, result, allocator);
            result.setValueCount(rowCount);
            return result;
        } catch (RuntimeException e) {
            result.close();
            throw e;
        }
    }

    private static void copyRows(
            VectorExpression source,
            VectorSchemaRoot batch,
            int[] rows,
            int count,
            FieldVector result,
            BufferAllocator allocator) {
        if (count == 0) {
            return;
        }
        try (FieldVector values = ConditionalEvaluation.evaluateForRows(source, batch, rows, count, allocator)) {
            for (int j = 0; j < count; j++) {
                result.copyFromSafe(rows[j], rows[j], values);
            }
        }
    }

    static int[] identity(int rowCount) {
        int[] rows = new int[rowCount];
        for (int i = 0; i < rowCount; i++) {
            rows[i] = i;
        }
        return rows;
    }
}
