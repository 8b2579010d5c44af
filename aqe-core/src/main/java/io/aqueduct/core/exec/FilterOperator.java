package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.ExpressionCompiler;
import io.aqueduct.core.expr.VectorExpression;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
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
        int count = 0;
        try (BitVector matches = (BitVector) predicate.evaluate(batch, allocator)) {
            for (int i = 0; i < rowCount; i++) {
                if (!matches.isNull(i) && matches.get(i) == 1) {
                    selected[count++] = i;
                }
            }
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

    @Override
    public void close() {
        try {
            input.close();
        } finally {
            allocator.close();
        }
    }
}
