package io.aqueduct.core.tpch;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A scan that reads no column ({@code count(*)}): batches without vectors that carry only row counts, so no row is
 * generated.
 */
public final class RowCountScanOperator implements Operator {
    private static final RowType NO_COLUMNS = new RowType(List.of(), List.of());

    private final ExecutionContext context;
    private long remainingRows;
    private boolean closed;

    public RowCountScanOperator(long rows, ExecutionContext context) {
        this.remainingRows = rows;
        this.context = context;
    }

    @Override
    public RowType outputType() {
        return NO_COLUMNS;
    }

    @Override
    public VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        context.checkCanceled();
        if (remainingRows == 0) {
            return null;
        }
        int rows = (int) Math.min(context.batchRows(), remainingRows);
        remainingRows -= rows;
        VectorSchemaRoot batch = VectorSchemaRoot.create(new Schema(List.of()), context.allocator());
        batch.setRowCount(rows);
        return batch;
    }

    @Override
    public void close() {
        closed = true;
    }
}
