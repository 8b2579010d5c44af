package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.ExpressionCompiler;
import io.aqueduct.core.expr.VectorExpression;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Keeps the rows for which the predicate is TRUE ({@link FilterNode}). A batch whose rows all pass is
 * returned as it came; a batch where none passes is dropped; otherwise the indexes of the surviving rows (a
 * selection vector) drive the {@link ColumnGather} kernels that copy them into a batch allocated from this
 * operator's allocator.
 */
public final class FilterOperator implements Operator {
    private final Operator input;
    private final VectorExpression predicate;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    // The selection vector: indexes of the passing rows of the current batch, reused from batch to batch.
    private int[] selected = new int[0];

    private FilterOperator(Operator input, VectorExpression predicate, ExecutionContext context) {
        this.input = requireNonNull(input, "input is null");
        this.predicate = requireNonNull(predicate, "predicate is null");
        this.context = requireNonNull(context, "context is null");
        this.allocator = context.allocator().newChildAllocator("filter", 0, Long.MAX_VALUE);
    }

    /** Takes ownership of {@code input}. */
    public static FilterOperator create(FilterNode node, Operator input, ExecutionContext context) {
        return new FilterOperator(input, ExpressionCompiler.compile(node.predicate()), context);
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        while (true) {
            context.checkCanceled();
            VectorSchemaRoot batch = input.next();
            if (batch == null) {
                return null;
            }
            VectorSchemaRoot output = filter(batch);
            if (output != null) {
                return output;
            }
        }
    }

    /** The passing rows of {@code batch}, or null if none passes; {@code batch} is closed unless returned. */
    private VectorSchemaRoot filter(VectorSchemaRoot batch) {
        int rowCount = batch.getRowCount();
        if (selected.length < rowCount) {
            selected = new int[rowCount];
        }
        int count;
        try (BitVector matches = (BitVector) predicate.evaluate(batch, allocator)) {
            count = selectTrue(matches, rowCount, selected);
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        if (count == rowCount && rowCount > 0) {
            return batch;
        }
        try (batch) {
            return count == 0 ? null : RowCopier.copyRows(batch, selected, count, allocator);
        }
    }

    /**
     * Writes the indexes of the rows of {@code matches} that are TRUE (valid and set) to {@code selected}, returning
     * how many: 64 rows at a time, the validity and value words ANDed and their set bits enumerated.
     */
    static int selectTrue(BitVector matches, int rowCount, int[] selected) {
        ArrowBuf validity = matches.getValidityBuffer();
        ArrowBuf values = matches.getDataBuffer();
        int count = 0;
        int wholeWords = rowCount / Long.SIZE;
        for (int word = 0; word < wholeWords; word++) {
            long offset = (long) word * Long.BYTES;
            long bits = validity.getLong(offset) & values.getLong(offset);
            int base = word * Long.SIZE;
            while (bits != 0) {
                selected[count++] = base + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        for (int row = wholeWords * Long.SIZE; row < rowCount; row++) {
            if (BitVectorHelper.get(validity, row) != 0 && BitVectorHelper.get(values, row) != 0) {
                selected[count++] = row;
            }
        }
        return count;
    }

    @Override
    public void close() {
        try {
            input.close();
        } finally {
            allocator.close();
        }
    }
}
