package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Skips {@code offset} rows, then passes at most {@code count} rows ({@link LimitNode}). Closes its input
 * as soon as the last row is out, so that upstream work stops. Rows move into the operator's own
 * allocator by transfer, not copy, so the batches it returns outlive the closed input.
 */
public final class LimitOperator implements Operator {
    private final Operator input;
    private final BufferAllocator allocator;
    private long remainingOffset;
    private long remainingCount;
    private boolean inputClosed;

    private LimitOperator(LimitNode node, Operator input, ExecutionContext context) {
        checkArgument(node.offset() >= 0, "offset is negative: %s", node.offset());
        checkArgument(node.count() >= 0, "count is negative: %s", node.count());
        this.input = requireNonNull(input, "input is null");
        this.remainingOffset = node.offset();
        this.remainingCount = node.count();
        this.allocator = context.allocator().newChildAllocator("limit", 0, Long.MAX_VALUE);
    }

    /** Takes ownership of {@code input}. */
    public static LimitOperator create(LimitNode node, Operator input, ExecutionContext context) {
        return new LimitOperator(node, input, context);
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        while (remainingCount > 0 && !inputClosed) {
            VectorSchemaRoot batch = input.next();
            if (batch == null) {
                break;
            }
            VectorSchemaRoot output = takeRows(batch);
            if (output != null) {
                if (remainingCount == 0) {
                    closeInput(output);
                }
                return output;
            }
        }
        closeInput(null);
        return null;
    }

    /** The rows of {@code batch} that pass, or null if none does; closes {@code batch}. */
    private VectorSchemaRoot takeRows(VectorSchemaRoot batch) {
        try (batch) {
            int rowCount = batch.getRowCount();
            int skipped = (int) Math.min(remainingOffset, rowCount);
            int taken = (int) Math.min(remainingCount, rowCount - skipped);
            remainingOffset -= skipped;
            if (taken == 0) {
                return null;
            }
            remainingCount -= taken;
            return Batches.slice(batch, skipped, taken, allocator);
        }
    }

    private void closeInput(VectorSchemaRoot pendingOutput) {
        if (inputClosed) {
            return;
        }
        inputClosed = true;
        try {
            input.close();
        } catch (RuntimeException e) {
            if (pendingOutput != null) {
                pendingOutput.close();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            closeInput(null);
        } finally {
            allocator.close();
        }
    }
}
