package io.aqueduct.core.testing;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.VectorValues;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * An input operator over rows given up front, split into batches of a chosen size. Each batch is built
 * when pulled, in the operator's own child allocator, so a consumer that keeps a batch past closing this
 * operator fails the leak check. Records how many batches were pulled and whether it was closed.
 */
public final class PreparedOperator implements Operator {
    private final RowType rowType;
    private final List<List<List<Object>>> batches;
    private final BufferAllocator allocator;
    private int batchesPulled;
    private boolean closed;

    private PreparedOperator(RowType rowType, List<List<List<Object>>> batches, BufferAllocator allocator) {
        this.rowType = rowType;
        this.batches = batches;
        this.allocator = allocator.newChildAllocator("prepared", 0, Long.MAX_VALUE);
    }

    /** Values in {@link io.aqueduct.core.expr.Literal}'s representation, {@code batchRows} rows per batch. */
    public static PreparedOperator of(
            RowType rowType, int batchRows, List<List<Object>> rows, BufferAllocator allocator) {
        List<List<List<Object>>> batches = new ArrayList<>();
        for (int start = 0; start < rows.size(); start += batchRows) {
            batches.add(rows.subList(start, Math.min(rows.size(), start + batchRows)));
        }
        return new PreparedOperator(rowType, batches, allocator);
    }

    /** One batch per list of rows, empty batches included. */
    public static PreparedOperator ofBatches(
            RowType rowType, List<List<List<Object>>> batches, BufferAllocator allocator) {
        return new PreparedOperator(rowType, batches, allocator);
    }

    public int batchesPulled() {
        return batchesPulled;
    }

    public int batchCount() {
        return batches.size();
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public RowType outputType() {
        return rowType;
    }

    @Override
    public VectorSchemaRoot next() {
        if (closed) {
            throw new IllegalStateException("next() after close()");
        }
        if (batchesPulled == batches.size()) {
            return null;
        }
        List<List<Object>> rows = batches.get(batchesPulled++);
        VectorSchemaRoot batch = VectorSchemaRoot.create(rowType.toSchema(), allocator);
        batch.allocateNew();
        for (int row = 0; row < rows.size(); row++) {
            for (int column = 0; column < rowType.size(); column++) {
                VectorValues.set(
                        batch.getVector(column),
                        rowType.type(column),
                        row,
                        rows.get(row).get(column));
            }
        }
        batch.setRowCount(rows.size());
        return batch;
    }

    @Override
    public void close() {
        if (closed) {
            throw new IllegalStateException("closed twice");
        }
        closed = true;
        allocator.close();
    }
}
