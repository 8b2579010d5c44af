package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.RowCopier;
import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Evaluates an operand that SQL only evaluates for some rows (CASE branches, the right side of AND and
 * OR, later COALESCE values). The whole batch is tried first, which is cheapest; only if that fails
 * is the operand evaluated again on just the rows that need it, so that {@code CASE WHEN x <> 0 THEN
 * y / x END} does not fail on rows where {@code x = 0}.
 */
final class ConditionalEvaluation {
    private ConditionalEvaluation() {}

    /**
     * A vector with one value per row of {@code batch}; only the values of {@code rows[0..count)} are
     * meaningful.
     */
    static FieldVector evaluateForRows(
            VectorExpression expression, VectorSchemaRoot batch, int[] rows, int count, BufferAllocator allocator) {
        return evaluateForRows(
                expression,
                batch,
                selected -> {
                    System.arraycopy(rows, 0, selected, 0, count);
                    return count;
                },
                allocator);
    }

    /**
     * The result of a choice per row among several vectors: row {@code i} takes row {@code i} of {@code
     * sources.get(sourceOf[i])}, NULL where {@code sourceOf[i]} is -1. Written in row order, as variable-width vectors
     * must be (a row written after a later one loses that one's value).
     */
    static FieldVector choose(
            DataType type, int rowCount, int[] sourceOf, List<FieldVector> sources, BufferAllocator allocator) {
        return Vectors.build(type, rowCount, allocator, result -> {
            for (int row = 0; row < rowCount; row++) {
                if (sourceOf[row] >= 0) {
                    result.copyFromSafe(row, row, sources.get(sourceOf[row]));
                }
            }
        });
    }

    /** Writes the rows an operand is needed for to {@code rows}, returning how many. */
    interface RowSelection {
        int select(int[] rows);
    }

    /** As {@link #evaluateForRows(VectorExpression, VectorSchemaRoot, int[], int, BufferAllocator)}, the rows selected only if needed. */
    static FieldVector evaluateForRows(
            VectorExpression expression, VectorSchemaRoot batch, RowSelection rows, BufferAllocator allocator) {
        try {
            return expression.evaluate(batch, allocator);
        } catch (AqueductException e) {
            int[] selected = new int[batch.getRowCount()];
            int count = rows.select(selected);
            if (count == batch.getRowCount()) {
                throw e;
            }
            return evaluateSelected(expression, batch, selected, count, allocator);
        }
    }

    private static FieldVector evaluateSelected(
            VectorExpression expression, VectorSchemaRoot batch, int[] rows, int count, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        try (VectorSchemaRoot selected = RowCopier.copyRows(batch, rows, count, allocator);
                FieldVector partial = expression.evaluate(selected, allocator)) {
            FieldVector result = partial.getField().createVector(allocator);
            try {
                result.setInitialCapacity(rowCount);
                result.allocateNew();
                for (int i = 0; i < count; i++) {
                    result.copyFromSafe(i, rows[i], partial);
                }
                result.setValueCount(rowCount);
            } catch (RuntimeException e) {
                result.close();
                throw e;
            }
            return result;
        }
    }
}
