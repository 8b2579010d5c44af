package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The first {@code count} rows in sort order ({@link TopNNode}), ties in input order, exactly as a stable
 * sort followed by a limit. Holds at most about twice {@code count} rows: when more have arrived, it
 * sorts them and keeps only the first {@code count}.
 */
public final class TopNOperator implements Operator {
    private final Operator input;
    private final ExecutionContext context;
    private final RowComparator comparator;
    private final long count;
    private final long compactionRows;
    private final BufferAllocator allocator;
    private final SortBuffer buffer;
    private long[] sortedAddresses;
    private int outputRows;
    private int position;
    private boolean closed;

    private TopNOperator(TopNNode node, Operator input, ExecutionContext context) {
        checkArgument(node.count() >= 0, "count is negative: %s", node.count());
        this.input = requireNonNull(input, "input is null");
        this.context = requireNonNull(context, "context is null");
        this.comparator = new RowComparator(node.keys(), input.outputType());
        this.count = node.count();
        this.compactionRows = count >= Integer.MAX_VALUE ? Long.MAX_VALUE : Math.max(2 * count, context.batchRows());
        this.allocator = context.allocator().newChildAllocator("topN", 0, Long.MAX_VALUE);
        this.buffer = new SortBuffer(input.outputType(), allocator, "topN");
    }

    /** Takes ownership of {@code input}. */
    public static TopNOperator create(TopNNode node, Operator input, ExecutionContext context) {
        return new TopNOperator(node, input, context);
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        if (sortedAddresses == null) {
            consumeInput();
            sortedAddresses = buffer.sortedAddresses(comparator);
            outputRows = (int) Math.min(count, sortedAddresses.length);
        }
        if (position >= outputRows) {
            return null;
        }
        int rows = Math.min(context.batchRows(), outputRows - position);
        VectorSchemaRoot batch = buffer.copyRows(sortedAddresses, position, rows, allocator);
        position += rows;
        return batch;
    }

    private void consumeInput() {
        if (count == 0) {
            return;
        }
        for (VectorSchemaRoot batch = input.next(); batch != null; batch = input.next()) {
            buffer.add(batch);
            context.checkCanceled();
            if (buffer.rowCount() > compactionRows) {
                keepFirstRows();
            }
        }
    }

    private void keepFirstRows() {
        long[] addresses = buffer.sortedAddresses(comparator);
        VectorSchemaRoot kept = buffer.copyRows(addresses, 0, (int) count, allocator);
        buffer.clear();
        buffer.add(kept);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            input.close();
        } finally {
            buffer.close();
            allocator.close();
        }
    }
}
