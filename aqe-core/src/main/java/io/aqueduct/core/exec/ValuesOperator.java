package io.aqueduct.core.exec;

import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The constant rows of a {@link ValuesNode}, as one batch (none when there are no rows). */
public final class ValuesOperator implements Operator {
    private final ValuesNode node;
    private final BufferAllocator allocator;
    private boolean done;

    private ValuesOperator(ValuesNode node, ExecutionContext context) {
        this.node = node;
        this.allocator = context.allocator().newChildAllocator("values", 0, Long.MAX_VALUE);
    }

    public static ValuesOperator create(ValuesNode node, ExecutionContext context) {
        return new ValuesOperator(node, context);
    }

    @Override
    public RowType outputType() {
        return node.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        if (done || node.rows().isEmpty()) {
            return null;
        }
        done = true;
        RowType type = node.outputType();
        List<List<Literal>> rows = node.rows();
        VectorSchemaRoot batch = Batches.allocate(type, rows.size(), allocator);
        try {
            for (int row = 0; row < rows.size(); row++) {
                for (int column = 0; column < type.size(); column++) {
                    VectorValues.set(
                            batch.getVector(column),
                            type.type(column),
                            row,
                            rows.get(row).get(column).value());
                }
            }
            batch.setRowCount(rows.size());
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
    }

    @Override
    public void close() {
        allocator.close();
    }
}
