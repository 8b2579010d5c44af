package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Window functions ({@link WindowNode}): consumes the input on the first {@link #next()}, sorts it on the
 * partition keys and then the ORDER BY keys into one batch, computes each call's column over that batch,
 * and returns it in slices. The input and the computed columns are held in the operator's allocator; the
 * heap arrays of boundaries and running totals are accounted against it too.
 */
public final class WindowOperator implements Operator {
    /** Heap bytes per row while a call is computed: boundaries, a frame and two running totals. */
    private static final long HEAP_BYTES_PER_ROW = 4L * Integer.BYTES + 2L * Integer.BYTES + 2L * Long.BYTES;

    private final WindowNode node;
    private final Operator input;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private final SortBuffer buffer;
    private final HeapMemoryTracker memory;
    private VectorSchemaRoot output;
    private int position;
    private boolean closed;

    private WindowOperator(WindowNode node, Operator input, ExecutionContext context) {
        this.node = requireNonNull(node, "node is null");
        this.input = requireNonNull(input, "input is null");
        this.context = requireNonNull(context, "context is null");
        this.allocator = context.allocator().newChildAllocator("window", 0, Long.MAX_VALUE);
        this.buffer = new SortBuffer(input.outputType(), allocator, "window");
        this.memory = new HeapMemoryTracker(allocator, "window");
    }

    /** Takes ownership of {@code input}. */
    public static WindowOperator create(WindowNode node, Operator input, ExecutionContext context) {
        return new WindowOperator(node, input, context);
    }

    @Override
    public RowType outputType() {
        return node.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        if (output == null) {
            buffer.addAll(input, context);
            output = compute();
        }
        int rowCount = output.getRowCount();
        if (position >= rowCount) {
            return null;
        }
        int count = Math.min(context.batchRows(), rowCount - position);
        VectorSchemaRoot batch = Batches.slice(output, position, count, allocator);
        position += count;
        return batch;
    }

    /** Every input row, sorted, with the calls' columns after the input's. */
    private VectorSchemaRoot compute() {
        RowType inputType = input.outputType();
        List<SortKey> sortKeys = new ArrayList<>();
        for (int key : node.partitionKeys()) {
            sortKeys.add(new SortKey(key, false, false));
        }
        sortKeys.addAll(node.orderKeys());
        long[] addresses = buffer.sortedAddresses(new RowComparator(sortKeys, inputType));
        VectorSchemaRoot sorted = buffer.copyRows(addresses, 0, addresses.length, allocator);
        buffer.clear();
        List<FieldVector> vectors = new ArrayList<>(sorted.getFieldVectors());
        long heapBytes = HEAP_BYTES_PER_ROW * addresses.length;
        memory.add(heapBytes);
        try {
            WindowPartitions partitions =
                    WindowPartitions.of(sorted, node.partitionKeys(), node.orderKeys(), inputType);
            WindowFunctionEvaluator evaluator =
                    new WindowFunctionEvaluator(sorted, inputType, partitions, node.orderKeys());
            for (int i = 0; i < node.calls().size(); i++) {
                String name = node.outputType().names().get(inputType.size() + i);
                vectors.add(evaluator.evaluate(node.calls().get(i), name, allocator));
                context.checkCanceled();
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        } finally {
            memory.release(heapBytes);
        }
        return new VectorSchemaRoot(node.outputType().toSchema(), vectors, addresses.length);
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
            if (output != null) {
                output.close();
            }
            buffer.close();
            memory.close();
            allocator.close();
        }
    }
}
