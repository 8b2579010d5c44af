package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * AND or OR over two or more BOOLEAN operands with three-valued logic. A row is decided once it holds
 * the dominant value (FALSE for AND, TRUE for OR); later operands are only needed for undecided rows.
 */
final class LogicalExpression implements VectorExpression {
    private final List<VectorExpression> operands;
    private final int dominant;

    LogicalExpression(Function function, List<VectorExpression> operands) {
        this.operands = List.copyOf(operands);
        this.dominant = switch (function) {
            case AND -> 0;
            case OR -> 1;
            default -> throw new IllegalArgumentException("Not a logical connective: " + function);
        };
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        BitVector result = Vectors.allocate(DataType.BOOLEAN, rowCount, allocator);
        try {
            try (BitVector first = (BitVector) operands.get(0).evaluate(batch, allocator)) {
                for (int i = 0; i < rowCount; i++) {
                    if (!first.isNull(i)) {
                        result.set(i, first.get(i));
                    }
                }
            }
            result.setValueCount(rowCount);
            int[] undecided = new int[rowCount];
            for (VectorExpression operand : operands.subList(1, operands.size())) {
                int count = undecidedRows(result, undecided, rowCount);
                if (count == 0) {
                    break;
                }
                try (BitVector next = (BitVector)
                        ConditionalEvaluation.evaluateForRows(operand, batch, undecided, count, allocator)) {
                    combine(result, next, undecided, count);
                }
            }
            return result;
        } catch (RuntimeException e) {
            result.close();
            throw e;
        }
    }

    private int undecidedRows(BitVector result, int[] rows, int rowCount) {
        int count = 0;
        for (int i = 0; i < rowCount; i++) {
            if (result.isNull(i) || result.get(i) != dominant) {
                rows[count++] = i;
            }
        }
        return count;
    }

    private void combine(BitVector result, BitVector next, int[] rows, int count) {
        for (int j = 0; j < count; j++) {
            int row = rows[j];
            if (next.isNull(row)) {
                result.setNull(row);
            } else if (next.get(row) == dominant) {
                result.set(row, dominant);
            }
        }
    }
}
