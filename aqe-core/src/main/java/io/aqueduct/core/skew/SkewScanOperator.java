package io.aqueduct.core.skew;

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
 * Generates a range of a skew table's rows into batches of the requested columns. Batches come from this
 * operator's allocator, so the consumer closes each batch before closing the operator.
 */
final class SkewScanOperator implements Operator {
    private final RowType outputType;
    private final Schema schema;
    private final List<SkewColumn> columns;
    private final ZipfDistribution keys;
    private final long endRow;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private long nextRow;
    private boolean closed;

    /** Reads rows {@code firstRow} (inclusive) to {@code endRow} (exclusive), numbered from 0. */
    SkewScanOperator(
            String name,
            List<SkewColumn> columns,
            ZipfDistribution keys,
            long firstRow,
            long endRow,
            ExecutionContext context) {
        this.outputType = new RowType(
                columns.stream().map(SkewColumn::columnName).toList(),
                columns.stream().map(SkewColumn::type).toList());
        this.schema = outputType.toSchema();
        this.columns = List.copyOf(columns);
        this.keys = keys;
        this.nextRow = firstRow;
        this.endRow = endRow;
        this.context = context;
        this.allocator = context.allocator().newChildAllocator(name, 0, Long.MAX_VALUE);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        context.checkCanceled();
        if (nextRow >= endRow) {
            return null;
        }
        int rows = (int) Math.min(context.batchRows(), endRow - nextRow);
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            for (int i = 0; i < columns.size(); i++) {
                FieldVector vector = batch.getVector(i);
                vector.setInitialCapacity(rows);
                vector.allocateNew();
                columns.get(i).fill(vector, nextRow, rows, keys);
            }
            batch.setRowCount(rows);
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        nextRow += rows;
        return batch;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            allocator.close();
        }
    }
}
