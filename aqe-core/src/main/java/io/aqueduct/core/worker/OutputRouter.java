package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.BatchAccumulator;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.exec.BucketBatches;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.protocol.OutputBinding;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;

/**
 * The head of a task: routes each output batch into the output buffer's partitions as its binding
 * says. A hash shuffle cuts every batch into one piece per bucket; the pieces of a bucket are
 * collected into a batch of at most {@link #FLUSH_ROWS} rows (sent when full, or when the next piece would not fit
 * in it), and the rest are sent by {@link #finish}. The pieces of a split bucket go out at once, each to the bucket's next partition, unless the
 * split is aligned: then all of this producer's rows of the bucket go to its own partition. A
 * broadcast collects batches smaller than {@link #SMALL_BATCH_ROWS} the same way (a selective join or
 * filter below it emits many), since each batch it sends costs every consumer task. Closing the router
 * releases what it collected; the output buffer must be closed first, so that a task blocked on it lets go
 * of the router.
 */
final class OutputRouter implements AutoCloseable {
    /** Rows a bucket collects before they are sent as one batch. */
    static final int FLUSH_ROWS = ExecutionContext.DEFAULT_BATCH_ROWS;

    /** A broadcast batch with fewer rows is collected with others rather than sent alone. */
    static final int SMALL_BATCH_ROWS = FLUSH_ROWS / 4;

    /** 0, 1, 2, ...: the selection of every row of a small batch, to collect it whole; never written. */
    private static final int[] ALL_ROWS = IntStream.range(0, SMALL_BATCH_ROWS).toArray();

    private final OutputBinding binding;
    private final OutputBuffer buffer;
    private final BufferAllocator allocator;
    /** This producer's task index, which picks its piece of an aligned split bucket. */
    private final int producerTask;

    private final HashPartitioner hashPartitioner;
    private final int[] firstPartition;
    /** Each bucket's partitions: more than one for a split bucket. */
    private final int[] ways;
    /** For each split bucket, the piece its next row chunk goes to. */
    private final int[] nextPiece;
    /** The buckets split into several partitions. */
    private final int[] splitBuckets;
    /** Each bucket's rows not sent yet, created on first use. */
    private BucketBatches pending;
    /** Each row's bucket, for the batch being routed; grown as needed. */
    private int[] bucketOfRow = new int[0];
    /** A broadcast's small batches not sent yet, created on first use. */
    private BatchAccumulator pendingBroadcast;

    private boolean closed;

    OutputRouter(OutputBinding binding, OutputBuffer buffer, BufferAllocator allocator, int producerTask) {
        this.binding = binding;
        this.buffer = buffer;
        this.allocator = allocator;
        this.producerTask = producerTask;
        this.hashPartitioner = new HashPartitioner(binding.partitioning().keys(), binding.bucketCount());
        this.firstPartition = new int[binding.bucketCount()];
        this.ways = new int[binding.bucketCount()];
        for (int bucket = 0; bucket < firstPartition.length; bucket++) {
            firstPartition[bucket] = binding.firstPartition(bucket);
            ways[bucket] = binding.ways(bucket);
        }
        this.nextPiece = new int[binding.bucketCount()];
        this.splitBuckets = IntStream.range(0, ways.length)
                .filter(bucket -> ways[bucket] > 1)
                .toArray();
    }

    /**
     * Routes {@code input}, which the router closes. Buffered output outlives the operators, so it is
     * first moved (not copied) into the task's allocator.
     */
    void route(VectorSchemaRoot input) throws InterruptedException {
        route(input, null);
    }

    /**
     * As {@link #route(VectorSchemaRoot)}, given each row's fine bucket ({@link HashPartitioner#fineBucket}) of the
     * binding's keys when they were hashed already (a held sample), else null.
     */
    synchronized void route(VectorSchemaRoot input, short[] fineBuckets) throws InterruptedException {
        if (closed) {
            input.close();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Task output was abandoned");
        }
        if (input.getRowCount() == 0) {
            input.close();
            return;
        }
        try (VectorSchemaRoot batch = Batches.transfer(input, allocator)) {
            switch (binding.partitioning().kind()) {
                case SINGLE -> buffer.add(0, new VectorUnloader(batch).getRecordBatch());
                case BROADCAST -> broadcast(batch);
                case HASH -> routeByHash(batch, fineBuckets);
            }
        }
    }

    /** Sends {@code batch} to every partition, a small one after collecting others with it. */
    private void broadcast(VectorSchemaRoot batch) throws InterruptedException {
        int rows = batch.getRowCount();
        if (rows >= SMALL_BATCH_ROWS) {
            addToAll(batch, 0, buffer.partitionCount());
            return;
        }
        if (pendingBroadcast == null) {
            pendingBroadcast = new BatchAccumulator(batch.getSchema(), allocator, FLUSH_ROWS);
        }
        collect(pendingBroadcast, batch, ALL_ROWS, rows, this::flushBroadcast);
    }

    /** Sends what an accumulator collected. */
    private interface Send {
        void send() throws InterruptedException;
    }

    /**
     * Appends rows {@code rows[0..count)} of {@code batch} to {@code pending}, sending what it collected first if they
     * would not fit without growing it, and after if it is full.
     */
    private static void collect(BatchAccumulator pending, VectorSchemaRoot batch, int[] rows, int count, Send send)
            throws InterruptedException {
        if (pending.rowCount() > 0 && pending.rowCount() + count > pending.capacityRows()) {
            send.send();
        }
        pending.append(batch, rows, count);
        if (pending.rowCount() >= FLUSH_ROWS) {
            send.send();
        }
    }

    private void flushBroadcast() throws InterruptedException {
        try (VectorSchemaRoot rows = pendingBroadcast.take()) {
            addToAll(rows, 0, buffer.partitionCount());
        }
    }

    /** Each record batch retains the same buffers: replicating copies nothing. */
    private void addToAll(VectorSchemaRoot batch, int firstPartition, int partitions) throws InterruptedException {
        for (int partition = firstPartition; partition < firstPartition + partitions; partition++) {
            buffer.add(partition, new VectorUnloader(batch).getRecordBatch());
        }
    }

    private void routeByHash(VectorSchemaRoot batch, short[] fineBuckets) throws InterruptedException {
        int rows = batch.getRowCount();
        if (binding.bucketCount() == 1) {
            routeBucket(0, batch);
            return;
        }
        if (bucketOfRow.length < rows) {
            bucketOfRow = new int[Math.max(rows, FLUSH_ROWS)];
        }
        if (fineBuckets == null) {
            hashPartitioner.partition(batch, bucketOfRow);
        } else {
            hashPartitioner.partition(fineBuckets, rows, bucketOfRow);
        }
        if (pending == null) {
            pending = new BucketBatches(batch.getSchema(), allocator, binding.bucketCount(), FLUSH_ROWS);
        }
        pending.add(batch, bucketOfRow, this::routeBucket);
        if (binding.splitMode() == OutputBinding.SplitMode.SPLIT) {
            // A split bucket is large by definition: its pieces go out as they come, spreading it evenly.
            for (int bucket : splitBuckets) {
                pending.send(bucket, this::routeBucket);
            }
        }
    }

    /** Sends every row collected and not sent yet: the input ended. */
    synchronized void finish() throws InterruptedException {
        if (pendingBroadcast != null && pendingBroadcast.rowCount() > 0) {
            flushBroadcast();
        }
        if (pending != null) {
            pending.sendAll(this::routeBucket);
        }
    }

    /** Releases the rows collected and not sent, if the task ends early. */
    @Override
    public synchronized void close() {
        closed = true;
        if (pendingBroadcast != null) {
            pendingBroadcast.close();
        }
        if (pending != null) {
            pending.close();
        }
    }

    /** Sends one bucket's rows to its partition, or, for a split bucket, to the next piece or all pieces. */
    private void routeBucket(int bucket, VectorSchemaRoot rows) throws InterruptedException {
        int ways = this.ways[bucket];
        if (ways > 1 && binding.splitMode() == OutputBinding.SplitMode.REPLICATE) {
            addToAll(rows, firstPartition[bucket], ways);
            return;
        }
        buffer.add(firstPartition[bucket] + piece(bucket, ways), new VectorUnloader(rows).getRecordBatch());
    }

    /** The piece of a bucket of {@code ways} partitions that the next rows go to: this producer's, or the next. */
    private int piece(int bucket, int ways) {
        if (ways == 1) {
            return 0;
        }
        if (binding.splitMode() == OutputBinding.SplitMode.ALIGNED) {
            return producerTask % ways;
        }
        int piece = nextPiece[bucket];
        nextPiece[bucket] = (piece + 1) % ways;
        return piece;
    }
}
