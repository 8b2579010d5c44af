package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.ExpressionCompiler;
import io.aqueduct.core.expr.VectorExpression;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Computes one column per expression ({@link ProjectNode}). Column references share the input's
 * buffers instead of copying them, so the output batch stays valid after the input batch is closed.
 */
public final class ProjectOperator implements Operator {
    private final Operator input;
    private final List<VectorExpression> projections;
    private final RowType outputType;
    private final Schema schema;
    private final ExecutionContext context;
    private final BufferAllocator allocator;

    private ProjectOperator(
            Operator input, List<VectorExpression> projections, RowType outputType, ExecutionContext context) {
        this.input = requireNonNull(input, "input is null");
        this.projections = List.copyOf(projections);
        this.outputType = requireNonNull(outputType, "outputType is null");
        this.schema = outputType.toSchema();
        this.context = requireNonNull(context, "context is null");
        this.allocator = context.allocator().newChildAllocator("project", 0, Long.MAX_VALUE);
    }

    /** Takes ownership of {@code input}. */
    public static ProjectOperator create(ProjectNode node, Operator input, ExecutionContext context) {
        List<VectorExpression> projections =
                node.projections().stream().map(ExpressionCompiler::compile).toList();
        return new ProjectOperator(input, projections, node.outputType(), context);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        context.checkCanceled();
        VectorSchemaRoot batch = input.next();
        if (batch == null) {
            return null;
        }
        try (batch) {
            return project(batch);
        }
    }

    private VectorSchemaRoot project(VectorSchemaRoot batch) {
        List<FieldVector> columns = new ArrayList<>(projections.size());
        try {
            for (int i = 0; i < projections.size(); i++) {
                try (FieldVector values = projections.get(i).evaluate(batch, allocator)) {
                    columns.add(relabel(values, schema.getFields().get(i)));
                }
            }
        } catch (RuntimeException e) {
            columns.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(schema, columns, batch.getRowCount());
    }

    /** Moves the buffers of {@code values} into a vector carrying the output column's name and metadata. */
    private FieldVector relabel(FieldVector values, Field field) {
        TransferPair transfer = values.getTransferPair(field, allocator);
        transfer.transfer();
        return (FieldVector) transfer.getTo();
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
