package io.aqueduct.core.worker;

import com.google.common.util.concurrent.Uninterruptibles;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Reads the same output partitions (one or a few buckets) of each producer task of an upstream stage, all producers
 * at once:
 * a reader per producer streams Arrow IPC through the worker transport into a small bounded queue, so a slow consumer
 * pushes back on its producers through TCP. Batches come out in arrival order.
 */
public final class ExchangeOperator implements Operator {
    private static final int BATCHES_BUFFERED_PER_PRODUCER = 2;

    private final RowType outputType;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private final BlockingQueue<Item> queue;
    private final List<Reader> readers = new ArrayList<>();
    private final CountDownLatch readersExited;
    private final List<WorkerTransport.ResultStream> streams = new ArrayList<>();
    private final AtomicReference<AqueductException> failure = new AtomicReference<>();
    private int producersRunning;
    private volatile boolean closed;
    private final AtomicLong rowsReceived = new AtomicLong();
    private final AtomicLong bytesReceived = new AtomicLong();
    private final AtomicLong networkNanos = new AtomicLong();
    private volatile long waitNanos;
    /** Result calls waiting for their producer to answer; close() cancels them. */
    private final Set<WorkerTransport.ResultCall> pendingCalls = new HashSet<>();

    /** An element of the queue: a batch, or the end of one producer's stream. */
    private record Item(VectorSchemaRoot batch) {}

    private static final Item PRODUCER_DONE = new Item(null);

    public ExchangeOperator(
            RowType outputType,
            RemoteSource source,
            WorkerTransport client,
            ExecutorService executor,
            ExecutionContext context) {
        this.outputType = outputType;
        this.context = context;
        BufferAllocator parent = context.allocator();
        this.allocator = parent.newChildAllocator("exchange", 0, parent.getLimit());
        this.queue =
                new ArrayBlockingQueue<>(Math.max(1, source.producers().size()) * BATCHES_BUFFERED_PER_PRODUCER + 1);
        this.producersRunning = source.producers().size();
        this.readersExited = new CountDownLatch(producersRunning);
        for (TaskLocation producer : source.producers()) {
            Reader reader = new Reader(() -> read(client, producer, source.partitions()));
            readers.add(reader);
            executor.execute(reader);
        }
    }

    /**
     * One producer's reader on the executor. A reader that has not started when the exchange closes never starts:
     * close() claims it and counts it as exited, so that close() does not wait for a reader that cannot run. A running
     * reader is not interrupted: its stream is aborted and it sees the exchange closed (interrupting a thread blocked
     * in a channel read closes the channel, here the HTTP body, from the interrupting thread, which breaks it).
     */
    private final class Reader implements Runnable {
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final Runnable read;

        Reader(Runnable read) {
            this.read = read;
        }

        @Override
        public void run() {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            try {
                read.run();
            } finally {
                readersExited.countDown();
            }
        }

        /** Keeps the reader from starting if it has not started yet. */
        void preventStart() {
            if (claimed.compareAndSet(false, true)) {
                readersExited.countDown();
            }
        }
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        while (producersRunning > 0) {
            Item item;
            try {
                long waitStart = System.nanoTime();
                item = queue.poll(100, TimeUnit.MILLISECONDS);
                waitNanos += System.nanoTime() - waitStart;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while reading remote data");
            }
            try {
                throwIfFailed();
                context.checkCanceled();
            } catch (RuntimeException e) {
                // The item was taken off the queue: close() can no longer release its batch.
                if (item != null) {
                    release(item);
                }
                throw e;
            }
            if (item == null) {
                continue;
            }
            if (item == PRODUCER_DONE) {
                producersRunning--;
                continue;
            }
            return item.batch();
        }
        throwIfFailed();
        return null;
    }

    private void throwIfFailed() {
        AqueductException e = failure.get();
        if (e != null) {
            throw e;
        }
    }

    private void read(WorkerTransport client, TaskLocation producer, List<Integer> partitions) {
        try (WorkerTransport.ResultStream stream = register(open(client, producer, partitions));
                ArrowStreamReader reader = new ArrowStreamReader(stream.body(), allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (!closed && loadNextBatch(reader)) {
                if (root.getRowCount() > 0) {
                    rowsReceived.addAndGet(root.getRowCount());
                    bytesReceived.addAndGet(Batches.sizeInBytes(root));
                    // Moves the reader's reused root into a batch of its own, without copying buffers.
                    put(new Item(Batches.slice(root, 0, root.getRowCount(), allocator)));
                }
            }
            put(PRODUCER_DONE);
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                failure.compareAndSet(null, upstreamFailure(client, producer, e));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Opens the producer's stream, timing the wait for its answer, which {@link #close()} may cut short. */
    private WorkerTransport.ResultStream open(WorkerTransport client, TaskLocation producer, List<Integer> partitions)
            throws IOException {
        WorkerTransport.ResultCall call = client.results(producer, partitions);
        synchronized (this) {
            if (closed) {
                throw new AqueductException(ErrorCode.QUERY_CANCELED, "Exchange closed");
            }
            pendingCalls.add(call);
        }
        long start = System.nanoTime();
        try {
            return call.open();
        } finally {
            networkNanos.addAndGet(System.nanoTime() - start);
            synchronized (this) {
                pendingCalls.remove(call);
            }
        }
    }

    private boolean loadNextBatch(ArrowStreamReader reader) throws IOException {
        long start = System.nanoTime();
        try {
            return reader.loadNextBatch();
        } finally {
            networkNanos.addAndGet(System.nanoTime() - start);
        }
    }

    /**
     * What the exchange received so far, labeled with the stage it reads; may be called from any thread, also
     * after {@link #close()}.
     */
    public ExchangeMetrics metrics(int sourceStageId) {
        return new ExchangeMetrics(
                sourceStageId, rowsReceived.get(), bytesReceived.get(), networkNanos.get(), waitNanos, readers.size());
    }

    private synchronized WorkerTransport.ResultStream register(WorkerTransport.ResultStream stream) {
        if (closed) {
            stream.close();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Exchange closed");
        }
        streams.add(stream);
        return stream;
    }

    /** Queues the item; if the exchange closes or the reader is interrupted first, releases its batch. */
    private void put(Item item) throws InterruptedException {
        try {
            while (!closed) {
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            release(item);
            throw e;
        }
        release(item);
    }

    private static void release(Item item) {
        if (item.batch() != null) {
            item.batch().close();
        }
    }

    /** The producer's own failure, when it has one, explains a broken stream better than the IOException. */
    private static AqueductException upstreamFailure(WorkerTransport client, TaskLocation producer, Exception cause) {
        if (cause instanceof AqueductException e && e.errorCode() != ErrorCode.WORKER_UNAVAILABLE) {
            return e;
        }
        try {
            TaskStatus status = client.taskStatus(producer);
            if (status.error() != null) {
                return status.error().toException();
            }
        } catch (AqueductException unreachable) {
            return unreachable;
        }
        return new AqueductException(
                ErrorCode.WORKER_UNAVAILABLE,
                "Lost the data stream of task " + producer.taskId() + " on " + producer.workerUrl() + ": "
                        + cause.getMessage(),
                cause);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            pendingCalls.forEach(WorkerTransport.ResultCall::cancel);
            // Each reader closes its own stream as it exits; closing it here, under the reader, broke OkHttp's
            // buffer (IndexOutOfBoundsException) and skipped the rest of close(), leaking the queued batches.
            streams.forEach(WorkerTransport.ResultStream::abort);
        }
        readers.forEach(Reader::preventStart);
        // A reader still running could allocate after the allocator closes; so wait for them even when this
        // thread was interrupted (a canceled task or query is), which would otherwise skip the wait.
        Uninterruptibles.awaitUninterruptibly(readersExited, 10, TimeUnit.SECONDS);
        Item item;
        while ((item = queue.poll()) != null) {
            if (item.batch() != null) {
                item.batch().close();
            }
        }
        allocator.close();
    }
}
