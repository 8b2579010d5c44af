package io.aqueduct.core.connector;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batch loop a connector's scan shares with every other: check for cancellation, allocate a batch of the output
 * columns with room for {@link ExecutionContext#batchRows()} rows from the scan's own allocator, let the scan fill
 * it, and release it when filling fails. A scan says whether rows remain ({@link #hasMoreRows}) and writes them into
 * the vectors ({@link #fill}). Batches come from this operator's allocator, so the consumer closes each batch before
 * closing the operator.
 */
public abstract class BatchScanOperator implements Operator {
    private final RowType outputType;
    private final Schema schema;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private boolean closed;

    /** A scan producing {@code outputType}, its allocator named {@code name} under the task's. */
    protected BatchScanOperator(RowType outputType, String name, ExecutionContext context) {
        this.outputType = outputType;
        this.schema = outputType.toSchema();
        this.context = context;
        this.allocator = context.allocator().newChildAllocator(name, 0, Long.MAX_VALUE);
    }

    @Override
    public final RowType outputType() {
        return outputType;
    }

    @Override
    public final VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        context.checkCanceled();
        if (!hasMoreRows()) {
            return null;
        }
        int capacity = context.batchRows();
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            List<FieldVector> vectors = batch.getFieldVectors();
            for (FieldVector vector : vectors) {
                vector.setInitialCapacity(capacity);
                vector.allocateNew();
            }
            batch.setRowCount(fill(vectors, capacity));
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
    }

    /**
     * Whether another batch follows, moving on to the next file, row group or range as needed; false at the end,
     * after which {@link #next} returns null.
     */
    protected abstract boolean hasMoreRows();

    /**
     * Writes the next rows, at most {@code capacity}, into {@code vectors} (the output columns in order, each
     * allocated for {@code capacity} values) and returns how many it wrote.
     */
    protected abstract int fill(List<FieldVector> vectors, int capacity);

    /** Releases what the scan holds open (files, parsers); called once, before the allocator closes. */
    protected void closeSource() {}

    @Override
    public final void close() {
        if (!closed) {
            closed = true;
            try {
                closeSource();
            } finally {
                allocator.close();
            }
        }
    }
}
