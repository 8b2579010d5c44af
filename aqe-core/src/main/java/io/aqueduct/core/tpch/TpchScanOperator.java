package io.aqueduct.core.tpch;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Generates rows of one part of a TPC-H table into batches of the requested columns. Batches come from
 * this operator's allocator, so the consumer closes each batch before closing the operator.
 */
final class TpchScanOperator<E extends TpchEntity> implements Operator {
    private final RowType outputType;
    private final Schema schema;
    private final List<TpchColumn<E>> columns;
    private final Iterator<E> rows;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private boolean closed;

    TpchScanOperator(
            RowType outputType,
            List<TpchColumn<E>> columns,
            Iterable<E> generator,
            String name,
            ExecutionContext context) {
        this.outputType = outputType;
        this.schema = outputType.toSchema();
        this.columns = List.copyOf(columns);
        this.rows = generator.iterator();
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
        if (!rows.hasNext()) {
            return null;
        }
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            fill(batch);
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
    }

    private void fill(VectorSchemaRoot batch) {
        int batchRows = context.batchRows();
        List<FieldVector> vectors = batch.getFieldVectors();
        @SuppressWarnings("unchecked")
        TpchColumnWriter<E>[] writers = new TpchColumnWriter[columns.size()];
        for (int i = 0; i < writers.length; i++) {
            FieldVector vector = vectors.get(i);
            vector.setInitialCapacity(batchRows);
            vector.allocateNew();
            writers[i] = TpchColumnWriter.create(columns.get(i), vector);
        }
        int count = 0;
        while (count < batchRows && rows.hasNext()) {
            E row = rows.next();
            for (TpchColumnWriter<E> writer : writers) {
                writer.write(row, count);
            }
            count++;
        }
        batch.setRowCount(count);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            allocator.close();
        }
    }
}
