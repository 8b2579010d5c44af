package io.aqueduct.core.memory;

import static com.google.common.base.Preconditions.checkState;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.splitcache.ColumnChunk;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Stores its input's rows into the worker's {@link MemoryStore}: each batch's columns are copied into compact buffers
 * of the store, and when the input ends they become part of the table at once, as one write. Returns one row: the
 * rows and bytes stored. A NULL in a NOT NULL column fails with 23502, a store that is full with 53200; what was
 * copied until then is released.
 */
final class MemoryWriteOperator implements Operator {
    private final TableWriteNode node;
    private final String writeId;
    private final Operator input;
    private final MemoryStore store;
    private final ExecutionContext context;
    private final List<List<ColumnChunk>> batches = new ArrayList<>();
    private long rows;
    private long bytes;
    private boolean done;
    private boolean closed;

    MemoryWriteOperator(
            TableWriteNode node, String writeId, Operator input, MemoryStore store, ExecutionContext context) {
        this.node = requireNonNull(node, "node is null");
        this.writeId = requireNonNull(writeId, "writeId is null");
        this.input = requireNonNull(input, "input is null");
        this.store = requireNonNull(store, "store is null");
        this.context = requireNonNull(context, "context is null");
    }

    @Override
    public RowType outputType() {
        return TableWriteNode.OUTPUT_TYPE;
    }

    @Override
    public VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        if (done) {
            return null;
        }
        for (VectorSchemaRoot next = input.next(); next != null; next = input.next()) {
            try (VectorSchemaRoot batch = next) {
                context.checkCanceled();
                store(batch);
            }
        }
        store.publish(
                node.schema(),
                node.table(),
                new MemoryStore.StoredWrite(writeId, node.columns(), List.copyOf(batches), rows));
        batches.clear();
        done = true;
        return result();
    }

    private void store(VectorSchemaRoot batch) {
        if (batch.getRowCount() == 0) {
            return;
        }
        List<ColumnChunk> chunks = new ArrayList<>(batch.getFieldVectors().size());
        try {
            for (int column = 0; column < batch.getFieldVectors().size(); column++) {
                FieldVector vector = batch.getVector(column);
                if (!node.nullable().get(column) && vector.getNullCount() > 0) {
                    throw new AqueductException(
                            ErrorCode.NOT_NULL_VIOLATION,
                            "NULL value in column " + node.columns().names().get(column) + " of table " + node.catalog()
                                    + "." + node.schema() + "." + node.table() + ", which is NOT NULL");
                }
                long size = ColumnChunk.copySize(vector, store.allocator());
                try {
                    chunks.add(ColumnChunk.copyOf(vector, store.allocator()));
                } catch (OutOfMemoryException e) {
                    throw store.full(size);
                }
                bytes += size;
            }
        } catch (RuntimeException e) {
            chunks.forEach(ColumnChunk::release);
            throw e;
        }
        batches.add(chunks);
        rows += batch.getRowCount();
    }

    private VectorSchemaRoot result() {
        VectorSchemaRoot result = VectorSchemaRoot.create(TableWriteNode.OUTPUT_TYPE.toSchema(), context.allocator());
        ((BigIntVector) result.getVector(0)).setSafe(0, rows);
        ((BigIntVector) result.getVector(1)).setSafe(0, bytes);
        result.setRowCount(1);
        return result;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        batches.forEach(chunks -> chunks.forEach(ColumnChunk::release));
        input.close();
    }
}
