package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The first {@code count} rows in sort order ({@link TopNNode}), ties in input order, exactly as a stable
 * sort followed by a limit. The best rows so far are kept in a {@link TopNHeap}; a row that does not beat the
 * worst of them costs one comparison. Once the batches held are mostly rows no longer kept (more than about
 * twice {@code count} rows), the kept rows are copied into one batch and the rest released, without sorting.
 */
public final class TopNOperator implements Operator {
    private final Operator input;
    private final ExecutionContext context;
    private final long count;
    private final long compactionRows;
    private final BufferAllocator allocator;
    private final HeapMemoryTracker memory;
    private final SortBuffer buffer;
    private final TopNHeap heap;
    private long[] sortedAddresses;
    private int position;
    private boolean closed;

    private TopNOperator(TopNNode node, Operator input, ExecutionContext context) {
        checkArgument(node.count() >= 0, "count is negative: %s", node.count());
        this.input = requireNonNull(input, "input is null");
        this.context = requireNonNull(context, "context is null");
        this.count = node.count();
        this.compactionRows = count >= Integer.MAX_VALUE ? Long.MAX_VALUE : Math.max(2 * count, context.batchRows());
        this.allocator = context.allocator().newChildAllocator("topN", 0, Long.MAX_VALUE);
        this.memory = new HeapMemoryTracker(allocator, "topN");
        this.buffer = new SortBuffer(input.outputType(), allocator, "topN");
        this.heap = new TopNHeap(
                (int) Math.min(count, Integer.MAX_VALUE - 8),
                new RowComparator(node.keys(), input.outputType()),
                buffer,
                memory);
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
            sortedAddresses = heap.sortedAddresses();
        }
        if (position >= sortedAddresses.length) {
            return null;
        }
        int rows = Math.min(context.batchRows(), sortedAddresses.length - position);
        VectorSchemaRoot batch = buffer.copyRows(sortedAddresses, position, rows, allocator);
        position += rows;
        return batch;
    }

    private void consumeInput() {
        if (count == 0) {
            return;
        }
        for (VectorSchemaRoot batch = input.next(); batch != null; batch = input.next()) {
            int batchIndex = buffer.batchCount();
            buffer.add(batch);
            if (buffer.batchCount() > batchIndex) {
                heap.offerBatch(batchIndex);
            }
            context.checkCanceled();
            if (buffer.rowCount() > compactionRows) {
                compact();
            }
        }
    }

    /** Keeps only the rows in the heap, in one batch. */
    private void compact() {
        int kept = heap.size();
        VectorSchemaRoot keptRows = buffer.copyRows(heap.addresses(), 0, kept, allocator);
        buffer.clear();
        buffer.add(keptRows);
        heap.renumberIntoFirstBatch();
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
            memory.close();
            allocator.close();
        }
    }
}
