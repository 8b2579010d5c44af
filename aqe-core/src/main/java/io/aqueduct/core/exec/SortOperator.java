package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Sorts all input rows ({@link SortNode}), stably: consumes the input on the first {@link #next()}. */
public final class SortOperator implements Operator {
    private final Operator input;
    private final ExecutionContext context;
    private final RowComparator comparator;
    private final BufferAllocator allocator;
    private final SortBuffer buffer;
    private long[] sortedAddresses;
    private int position;
    private boolean closed;

    private SortOperator(SortNode node, Operator input, ExecutionContext context) {
        this.input = requireNonNull(input, "input is null");
        this.context = requireNonNull(context, "context is null");
        this.comparator = new RowComparator(node.keys(), input.outputType());
        this.allocator = context.allocator().newChildAllocator("sort", 0, Long.MAX_VALUE);
        this.buffer = new SortBuffer(input.outputType(), allocator, "sort");
    }

    /** Takes ownership of {@code input}. */
    public static SortOperator create(SortNode node, Operator input, ExecutionContext context) {
        return new SortOperator(node, input, context);
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        if (sortedAddresses == null) {
            buffer.addAll(input, context);
            sortedAddresses = buffer.sortedAddresses(comparator);
        }
        if (position >= sortedAddresses.length) {
            return null;
        }
        int count = Math.min(context.batchRows(), sortedAddresses.length - position);
        VectorSchemaRoot batch = buffer.copyRows(sortedAddresses, position, count, allocator);
        position += count;
        return batch;
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
