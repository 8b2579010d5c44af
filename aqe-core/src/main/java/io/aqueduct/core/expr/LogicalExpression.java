package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * AND or OR over two or more BOOLEAN operands with three-valued logic. A row is decided once it holds
 * the dominant value (FALSE for AND, TRUE for OR); later operands are only needed for undecided rows.
 *
 * <p>The operands' validity and value bits are combined 64 rows at a time (the whole words of a vector's buffers
 * lie within the bytes its rows need; the last partial word goes bit by bit): a row is the dominant value if any operand
 * holds it, the other value if every operand holds that, else NULL. Nested connectives of the same kind ({@code
 * (a AND b) AND c}, as the planner often leaves them) are flattened into one, so that no intermediate vector is made.
 */
final class LogicalExpression implements VectorExpression {
    private final Function function;
    private final List<VectorExpression> operands;
    private final boolean dominant;

    LogicalExpression(Function function, List<VectorExpression> operands) {
        this.function = function;
        this.dominant = switch (function) {
            case AND -> false;
            case OR -> true;
            default -> throw new IllegalArgumentException("Not a logical connective: " + function);
        };
        List<VectorExpression> flat = new ArrayList<>();
        for (VectorExpression operand : operands) {
            if (operand instanceof LogicalExpression nested && nested.function == function) {
                flat.addAll(nested.operands);
            } else {
                flat.add(operand);
            }
        }
        this.operands = List.copyOf(flat);
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        int words = (rowCount + Long.SIZE - 1) / Long.SIZE;
        // Per row: some operand held the dominant value; every operand so far held the other one.
        long[] anyDominant = new long[words];
        long[] allOther = new long[words];
        Arrays.fill(allOther, -1L);
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0 && allDecided(anyDominant, rowCount)) {
                break;
            }
            try (BitVector values = (BitVector)
                    (i == 0
                            ? operands.get(0).evaluate(batch, allocator)
                            : ConditionalEvaluation.evaluateForRows(
                                    operands.get(i),
                                    batch,
                                    rows -> undecidedRows(anyDominant, rowCount, rows),
                                    allocator))) {
                combine(values, rowCount, anyDominant, allOther);
            }
        }
        BitVector result = Vectors.allocate(DataType.BOOLEAN, rowCount, allocator);
        long[] trueBits = dominant ? anyDominant : allOther;
        ArrowBuf validity = result.getValidityBuffer();
        ArrowBuf data = result.getDataBuffer();
        int wholeWords = rowCount / Long.SIZE;
        for (int word = 0; word < wholeWords; word++) {
            long offset = (long) word * Long.BYTES;
            validity.setLong(offset, anyDominant[word] | allOther[word]);
            data.setLong(offset, trueBits[word]);
        }
        for (int row = wholeWords * Long.SIZE; row < rowCount; row++) {
            long bit = 1L << row;
            if (((anyDominant[wholeWords] | allOther[wholeWords]) & bit) != 0) {
                BitVectorHelper.setBit(validity, row);
                if ((trueBits[wholeWords] & bit) != 0) {
                    BitVectorHelper.setBit(data, row);
                }
            }
        }
        result.setValueCount(rowCount);
        return result;
    }

    /** Folds one operand's bits into the running ones, a word at a time, its last partial word bit by bit. */
    private void combine(BitVector values, int rowCount, long[] anyDominant, long[] allOther) {
        ArrowBuf validity = values.getValidityBuffer();
        ArrowBuf data = values.getDataBuffer();
        int wholeWords = rowCount / Long.SIZE;
        for (int word = 0; word < wholeWords; word++) {
            long offset = (long) word * Long.BYTES;
            long valid = validity.getLong(offset);
            long set = data.getLong(offset);
            long held = dominant ? set : ~set;
            anyDominant[word] |= valid & held;
            allOther[word] &= valid & ~held;
        }
        if (wholeWords < anyDominant.length) {
            long valid = 0;
            long set = 0;
            for (int row = wholeWords * Long.SIZE; row < rowCount; row++) {
                long bit = 1L << row;
                valid |= BitVectorHelper.get(validity, row) != 0 ? bit : 0;
                set |= BitVectorHelper.get(data, row) != 0 ? bit : 0;
            }
            long held = dominant ? set : ~set;
            anyDominant[wholeWords] |= valid & held;
            allOther[wholeWords] &= valid & ~held;
        }
    }

    private static boolean allDecided(long[] anyDominant, int rowCount) {
        int wholeWords = rowCount / Long.SIZE;
        for (int word = 0; word < wholeWords; word++) {
            if (anyDominant[word] != -1L) {
                return false;
            }
        }
        int rest = rowCount % Long.SIZE;
        return rest == 0 || anyDominant[wholeWords] == (1L << rest) - 1;
    }

    /** Writes the rows not decided yet to {@code rows}, returning how many. */
    private static int undecidedRows(long[] anyDominant, int rowCount, int[] rows) {
        int count = 0;
        for (int row = 0; row < rowCount; row++) {
            if ((anyDominant[row / Long.SIZE] & (1L << row)) == 0) {
                rows[count++] = row;
            }
        }
        return count;
    }
}
