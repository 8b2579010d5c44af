package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * UNION ALL ({@link UnionNode}): the batches of each input in turn, their buffers moved (not copied) into
 * vectors named after the output columns and accounted to this operator's allocator. Each input is
 * closed as soon as it is exhausted.
 */
public final class UnionOperator implements Operator {
    private final List<Operator> inputs;
    private final ExecutionContext context;
    private final RowType outputType;
    private final Schema schema;
    private final BufferAllocator allocator;
    private int currentInput;
    private boolean closed;

    private UnionOperator(UnionNode node, List<Operator> inputs, ExecutionContext context) {
        this.inputs = List.copyOf(inputs);
        this.context = requireNonNull(context, "context is null");
        this.outputType = node.outputType();
        this.schema = outputType.toSchema();
        this.allocator = context.allocator().newChildAllocator("union", 0, Long.MAX_VALUE);
    }

    /** Takes ownership of {@code inputs}. */
    public static UnionOperator create(UnionNode node, List<Operator> inputs, ExecutionContext context) {
        return new UnionOperator(node, inputs, context);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        while (currentInput < inputs.size()) {
            context.checkCanceled();
            VectorSchemaRoot batch = inputs.get(currentInput).next();
            if (batch != null) {
                return relabel(batch);
            }
            // Advance first, so that close() never closes this input a second time.
            Operator exhausted = inputs.get(currentInput++);
            exhausted.close();
        }
        return null;
    }

    /** {@code batch}'s vectors under the output schema's fields; closes {@code batch}. */
    private VectorSchemaRoot relabel(VectorSchemaRoot batch) {
        try (batch) {
            List<FieldVector> vectors = new ArrayList<>(schema.getFields().size());
            try {
                for (int i = 0; i < schema.getFields().size(); i++) {
                    TransferPair transfer = batch.getVector(i)
                            .getTransferPair(schema.getFields().get(i), allocator);
                    transfer.transfer();
                    vectors.add((FieldVector) transfer.getTo());
                }
            } catch (RuntimeException e) {
                vectors.forEach(FieldVector::close);
                throw e;
            }
            return new VectorSchemaRoot(schema, vectors, batch.getRowCount());
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (Operator input : inputs.subList(currentInput, inputs.size())) {
            try {
                input.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        allocator.close();
        if (failure != null) {
            throw failure;
        }
    }
}
