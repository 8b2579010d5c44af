package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
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
        List<FieldVector> branchValues = new ArrayList<>();
        try {
            // The branch whose values each row takes, -1 for none (NULL).
            int[] branchOf = new int[rowCount];
            Arrays.fill(branchOf, -1);
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
                evaluateBranch(results.get(branch), batch, chosen, chosenCount, branchOf, branchValues, allocator);
            }
            evaluateBranch(otherwise, batch, pending, pendingCount, branchOf, branchValues, allocator);
            return ConditionalEvaluation.choose(type, rowCount, branchOf, branchValues, allocator);
        } finally {
            branchValues.forEach(FieldVector::close);
        }
    }

    /** Evaluates {@code source} for {@code rows} and marks them as taking its values. */
    private static void evaluateBranch(
            VectorExpression source,
            VectorSchemaRoot batch,
            int[] rows,
            int count,
            int[] branchOf,
            List<FieldVector> branchValues,
            BufferAllocator allocator) {
        if (count == 0) {
            return;
        }
        branchValues.add(ConditionalEvaluation.evaluateForRows(source, batch, rows, count, allocator));
        for (int j = 0; j < count; j++) {
            branchOf[rows[j]] = branchValues.size() - 1;
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
