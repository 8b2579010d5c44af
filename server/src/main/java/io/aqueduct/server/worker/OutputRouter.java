package io.aqueduct.server.worker;

import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.exec.RowCopier;
import io.aqueduct.core.stage.OutputPartitioning;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;

/** The head of a task: routes each output batch into the output buffer's partitions. */
final class OutputRouter {
    private final OutputPartitioning partitioning;
    private final OutputBuffer buffer;
    private final BufferAllocator allocator;
    private final HashPartitioner hashPartitioner;

    OutputRouter(OutputPartitioning partitioning, OutputBuffer buffer, BufferAllocator allocator) {
        this.partitioning = partitioning;
        this.buffer = buffer;
        this.allocator = allocator;
        this.hashPartitioner = new HashPartitioner(partitioning.keys(), buffer.partitionCount());
    }

    /**
     * Routes {@code input}, which the router closes. Buffered output outlives the operators, so it is
     * first moved (not copied) into the task's allocator.
     */
    void route(VectorSchemaRoot input) throws InterruptedException {
        if (input.getRowCount() == 0) {
            input.close();
            return;
        }
        try (VectorSchemaRoot batch = Batches.transfer(input, allocator)) {
            switch (partitioning.kind()) {
                case SINGLE -> buffer.add(0, new VectorUnloader(batch).getRecordBatch());
                case BROADCAST -> {
                    // Each record batch retains the same buffers: broadcasting copies nothing.
                    for (int partition = 0; partition < buffer.partitionCount(); partition++) {
                        buffer.add(partition, new VectorUnloader(batch).getRecordBatch());
                    }
                }
                case HASH -> routeByHash(batch);
            }
        }
    }

    private void routeByHash(VectorSchemaRoot batch) throws InterruptedException {
        int rows = batch.getRowCount();
        int partitionCount = buffer.partitionCount();
        if (partitionCount == 1) {
            buffer.add(0, new VectorUnloader(batch).getRecordBatch());
            return;
        }
        int[] partitionOfRow = new int[rows];
        hashPartitioner.partition(batch, partitionOfRow);
        int[] counts = new int[partitionCount + 1];
        for (int partition : partitionOfRow) {
            counts[partition + 1]++;
        }
        for (int p = 0; p < partitionCount; p++) {
            counts[p + 1] += counts[p];
        }
        // Rows grouped by partition, in input order within each partition (a counting sort).
        int[] rowsByPartition = new int[rows];
        int[] next = counts.clone();
        for (int row = 0; row < rows; row++) {
            rowsByPartition[next[partitionOfRow[row]]++] = row;
        }
        for (int partition = 0; partition < partitionCount; partition++) {
            int start = counts[partition];
            int count = counts[partition + 1] - start;
            if (count == 0) {
                continue;
            }
            int[] selected = java.util.Arrays.copyOfRange(rowsByPartition, start, start + count);
            try (VectorSchemaRoot part = RowCopier.copyRows(batch, selected, count, allocator)) {
                buffer.add(partition, new VectorUnloader(part).getRecordBatch());
            }
        }
    }
}
