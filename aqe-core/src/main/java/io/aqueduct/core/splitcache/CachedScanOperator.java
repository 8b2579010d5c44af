package io.aqueduct.core.splitcache;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A scan of batches held in memory (the split cache's, a memory table's): each batch's vectors share the held
 * buffers (read-only), which this operator retained into its own allocator when it was created, so eviction or a
 * drop cannot take them away mid-scan.
 */
public final class CachedScanOperator implements Operator {
    private final RowType outputType;
    private final Schema schema;
    private final List<List<ColumnChunk>> batches;
    private final BufferAllocator allocator;
    private final ExecutionContext context;
    private final Map<String, Long> counters;
    private int nextBatch;
    private boolean closed;

    /**
     * {@code batches} were retained into {@code allocator}, which this operator now owns and closes; {@code counters}
     * are what the operator reports.
     */
    public CachedScanOperator(
            RowType outputType,
            List<List<ColumnChunk>> batches,
            BufferAllocator allocator,
            ExecutionContext context,
            Map<String, Long> counters) {
        this.outputType = outputType;
        this.schema = outputType.toSchema();
        this.batches = batches;
        this.allocator = allocator;
        this.context = context;
        this.counters = Map.copyOf(counters);
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        checkState(!closed, "operator is closed");
        context.checkCanceled();
        if (nextBatch == batches.size()) {
            return null;
        }
        List<ColumnChunk> chunks = batches.get(nextBatch++);
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        int loaded = 0;
        try {
            for (; loaded < chunks.size(); loaded++) {
                chunks.get(loaded).loadInto(batch.getVector(loaded));
            }
        } catch (RuntimeException e) {
            // loadInto released the failed chunk; the ones after it are still held.
            chunks.subList(loaded + 1, chunks.size()).forEach(ColumnChunk::release);
            batch.close();
            throw e;
        }
        batch.setRowCount(chunks.get(0).rows());
        return batch;
    }

    @Override
    public Map<String, Long> counters() {
        return counters;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (; nextBatch < batches.size(); nextBatch++) {
            batches.get(nextBatch).forEach(ColumnChunk::release);
        }
        allocator.close();
    }
}
