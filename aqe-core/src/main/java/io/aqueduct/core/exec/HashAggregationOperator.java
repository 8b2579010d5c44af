package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Hash aggregation ({@link AggregateNode}): consumes all input on the first {@link #next()}, then emits
 * the group keys followed by the aggregates, one row per group. Without group keys there is exactly one
 * group, even for empty input. Its state is accounted to the operator's allocator.
 */
public final class HashAggregationOperator implements Operator {
    private final Operator input;
    private final ExecutionContext context;
    private final RowType outputType;
    private final BufferAllocator allocator;
    private final HeapMemoryTracker memory;
    private final GroupByHash groupByHash;
    private final int[] groupKeyFields;
    private final FieldVector[] groupKeyVectors;
    private final List<Accumulator> accumulators;

    private int[] groupIds = new int[0];
    private boolean inputFinished;
    private int groupCount;
    private int nextOutputGroup;
    private boolean closed;

    private HashAggregationOperator(AggregateNode node, Operator input, ExecutionContext context) {
        this.input = requireNonNull(input, "input is null");
        this.context = requireNonNull(context, "context is null");
        this.outputType = node.outputType();
        this.allocator = context.allocator().newChildAllocator("aggregate", 0, Long.MAX_VALUE);
        this.memory = new HeapMemoryTracker(allocator, "aggregation");
        this.groupKeyFields =
                node.groupKeys().stream().mapToInt(Integer::intValue).toArray();
        this.groupKeyVectors = new FieldVector[groupKeyFields.length];
        try {
            RowType inputType = input.outputType();
            this.accumulators = new ArrayList<>(node.aggregates().size());
            for (AggregateCall call : node.aggregates()) {
                accumulators.add(Accumulator.create(call, inputType, memory));
            }
            if (node.groupKeys().isEmpty()) {
                this.groupByHash = null;
                this.groupCount = 1;
                accumulators.forEach(accumulator -> accumulator.ensureCapacity(1));
            } else {
                List<DataType> keyTypes =
                        node.groupKeys().stream().map(inputType::type).toList();
                this.groupByHash = new GroupByHash(keyTypes, memory);
            }
        } catch (RuntimeException e) {
            memory.close();
            allocator.close();
            throw e;
        }
    }

    /** Takes ownership of {@code input}. */
    public static HashAggregationOperator create(AggregateNode node, Operator input, ExecutionContext context) {
        return new HashAggregationOperator(node, input, context);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        if (!inputFinished) {
            consumeInput();
            inputFinished = true;
        }
        if (nextOutputGroup >= groupCount) {
            return null;
        }
        int count = Math.min(context.batchRows(), groupCount - nextOutputGroup);
        VectorSchemaRoot batch = Batches.allocate(outputType, count, allocator);
        try {
            List<FieldVector> vectors = batch.getFieldVectors();
            int keyCount = outputType.size() - accumulators.size();
            if (groupByHash != null) {
                groupByHash.writeKeys(vectors, nextOutputGroup, count);
            }
            for (int i = 0; i < accumulators.size(); i++) {
                accumulators.get(i).write(vectors.get(keyCount + i), nextOutputGroup, count);
            }
            batch.setRowCount(count);
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        nextOutputGroup += count;
        return batch;
    }

    private void consumeInput() {
        for (VectorSchemaRoot batch = input.next(); batch != null; batch = input.next()) {
            try (VectorSchemaRoot owned = batch) {
                context.checkCanceled();
                addBatch(owned);
            }
        }
    }

    private void addBatch(VectorSchemaRoot batch) {
        int rowCount = batch.getRowCount();
        groupIds = memory.grow(groupIds, rowCount);
        if (groupByHash == null) {
            Arrays.fill(groupIds, 0, rowCount, 0);
        } else {
            for (int key = 0; key < groupKeyFields.length; key++) {
                groupKeyVectors[key] = batch.getVector(groupKeyFields[key]);
            }
            groupByHash.assignGroups(groupKeyVectors, rowCount, groupIds);
            groupCount = groupByHash.groupCount();
        }
        for (Accumulator accumulator : accumulators) {
            accumulator.ensureCapacity(groupCount);
            accumulator.add(batch, groupIds, rowCount);
        }
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
            memory.close();
            allocator.close();
        }
    }
}
