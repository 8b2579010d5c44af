package io.aqueduct.core.exec;

import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Builds a batch from pairs of a probe row and a build row: chosen probe columns followed by chosen
 * build columns, copied by index. A negative row index stands for a row of NULLs, as do all probe rows
 * when there is no probe batch.
 */
final class JoinPairGatherer {
    private final RowType type;
    private final int[] probeColumns;
    private final int[] buildColumns;
    private final HeapMemoryTracker memory;
    private int[] batchIndexes = new int[0];
    private int[] rowsInBatch = new int[0];

    /** @param type the type of the batches built: the probe columns' types followed by the build columns' */
    JoinPairGatherer(RowType type, int[] probeColumns, int[] buildColumns, HeapMemoryTracker memory) {
        this.type = type;
        this.probeColumns = probeColumns.clone();
        this.buildColumns = buildColumns.clone();
        this.memory = memory;
    }

    /** A new batch, owned by the caller, with one row per pair {@code (probeRows[i], buildRows[i])}, i < count. */
    VectorSchemaRoot gather(
            VectorSchemaRoot probeBatch,
            JoinHashTable build,
            int[] probeRows,
            int[] buildRows,
            int count,
            BufferAllocator allocator) {
        VectorSchemaRoot batch = Batches.allocateForGather(type, count, allocator);
        try {
            for (int i = 0; i < probeColumns.length; i++) {
                FieldVector target = batch.getVector(i);
                if (probeBatch == null) {
                    ColumnGather.fillNulls(target, count);
                } else {
                    ColumnGather.gather(probeBatch.getVector(probeColumns[i]), probeRows, count, target, 0);
                }
            }
            if (buildColumns.length > 0) {
                gatherBuildColumns(build, buildRows, count, batch);
            }
            batch.setRowCount(count);
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        return batch;
    }

    private void gatherBuildColumns(JoinHashTable build, int[] buildRows, int count, VectorSchemaRoot batch) {
        batchIndexes = memory.grow(batchIndexes, count);
        rowsInBatch = memory.grow(rowsInBatch, count);
        build.locate(buildRows, count, batchIndexes, rowsInBatch);
        FieldVector[] sources = new FieldVector[build.batchCount()];
        for (int i = 0; i < buildColumns.length; i++) {
            if (sources.length == 0) {
                ColumnGather.fillNulls(batch.getVector(probeColumns.length + i), count);
                continue;
            }
            for (int source = 0; source < sources.length; source++) {
                sources[source] = build.vector(source, buildColumns[i]);
            }
            FieldVector target = batch.getVector(probeColumns.length + i);
            if (build.hasNulls(buildColumns[i])) {
                ColumnGather.of(sources[0]).gather(sources, batchIndexes, rowsInBatch, count, target, 0);
            } else {
                ColumnGather.of(sources[0]).gatherWithoutNulls(sources, batchIndexes, rowsInBatch, count, target, 0);
            }
        }
    }
}
