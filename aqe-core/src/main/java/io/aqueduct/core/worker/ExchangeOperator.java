package io.aqueduct.core.worker;

import com.google.common.util.concurrent.Uninterruptibles;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.protocol.ErrorInfo;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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

/**
 * Reads the same output partitions (one or a few buckets) of each producer task of an upstream stage, all producers
 * at once: a {@link ProducerReader} per producer, each on a thread of its own, feeds a small bounded queue, so a slow
 * consumer pushes back on its producers. Batches come out in arrival order, each producer's in its order.
 */
public final class ExchangeOperator implements Operator {
    private static final int BATCHES_BUFFERED_PER_PRODUCER = 2;

    private final RowType outputType;
    private final ExecutionContext context;
    private final BufferAllocator allocator;
    private final BlockingQueue<Item> queue;
    private final List<Reader> readers = new ArrayList<>();
    private final CountDownLatch readersExited;
    private final ProducerReader.Exchange sink = new Sink();
    private final AtomicReference<AqueductException> failure = new AtomicReference<>();
    private int producersRunning;
    private volatile boolean closed;
    private final AtomicLong rowsReceived = new AtomicLong();
    private final AtomicLong bytesReceived = new AtomicLong();
    private final AtomicLong localBytesReceived = new AtomicLong();
    private final AtomicLong networkNanos = new AtomicLong();
    private volatile long waitNanos;

    /** An element of the queue: a batch, or the end of one producer's output. */
    private record Item(VectorSchemaRoot batch) {}

    private static final Item PRODUCER_DONE = new Item(null);

    /** An exchange that reads every producer of {@code source} through {@code transport}, as the coordinator does. */
    public ExchangeOperator(
            RowType outputType,
            RemoteSource source,
            WorkerTransport transport,
            ExecutorService executor,
            ExecutionContext context) {
        this(
                outputType,
                source.producers().stream()
                        .<ProducerReader>map(
                                producer -> new RemoteProducerReader(transport, producer, source.partitions()))
                        .toList(),
                executor,
                context);
    }

    /** An exchange that reads each producer with its reader, in parallel on {@code executor}. */
    ExchangeOperator(
            RowType outputType, List<ProducerReader> producers, ExecutorService executor, ExecutionContext context) {
        this.outputType = outputType;
        this.context = context;
        BufferAllocator parent = context.allocator();
        this.allocator = parent.newChildAllocator("exchange", 0, parent.getLimit());
        this.queue = new ArrayBlockingQueue<>(Math.max(1, producers.size()) * BATCHES_BUFFERED_PER_PRODUCER + 1);
        this.producersRunning = producers.size();
        this.readersExited = new CountDownLatch(producersRunning);
        for (ProducerReader producer : producers) {
            Reader reader = new Reader(producer);
            readers.add(reader);
            executor.execute(reader);
        }
    }

    /**
     * One producer's reader on the executor. A reader that has not started when the exchange closes never starts:
     * close() claims it and counts it as exited, so that close() does not wait for a reader that cannot run. A running
     * reader is not interrupted: it is aborted and sees the exchange closed (interrupting a thread blocked in a channel
     * read closes the channel, here the HTTP body, from the interrupting thread, which breaks it).
     */
    private final class Reader implements Runnable {
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final ProducerReader producer;

        Reader(ProducerReader producer) {
            this.producer = producer;
        }

        @Override
        public void run() {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            try {
                producer.read(sink);
                put(PRODUCER_DONE);
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    failure.compareAndSet(null, producer.failure(e));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Error e) {
                // Out of heap, or a class that failed to load: the task fails with it rather than wait for the reader.
                failure.compareAndSet(null, ErrorInfo.of(e, null).toException());
                throw e;
            } finally {
                readersExited.countDown();
            }
        }

        /** Keeps the reader from starting if it has not started yet, or makes the running one stop soon. */
        void stop() {
            if (claimed.compareAndSet(false, true)) {
                readersExited.countDown();
            } else {
                producer.abort();
            }
        }
    }

    /** What the readers see of the exchange; counts what they hand over. */
    private final class Sink implements ProducerReader.Exchange {
        @Override
        public BufferAllocator allocator() {
            return allocator;
        }

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public void putReceived(VectorSchemaRoot batch) throws InterruptedException {
            rowsReceived.addAndGet(batch.getRowCount());
            bytesReceived.addAndGet(Batches.sizeInBytes(batch));
            put(new Item(batch));
        }

        @Override
        public void putLocal(VectorSchemaRoot batch) throws InterruptedException {
            localBytesReceived.addAndGet(Batches.sizeInBytes(batch));
            putReceived(batch);
        }

        @Override
        public void addNetworkNanos(long nanos) {
            networkNanos.addAndGet(nanos);
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

    /**
     * What the exchange received so far, labeled with the stage it reads; may be called from any thread, also
     * after {@link #close()}.
     */
    public ExchangeMetrics metrics(int sourceStageId) {
        return new ExchangeMetrics(
                sourceStageId,
                rowsReceived.get(),
                bytesReceived.get(),
                localBytesReceived.get(),
                networkNanos.get(),
                waitNanos,
                readers.size());
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

    @Override
    public void close() {
        closed = true;
        // Stopped, not closed from here: each reader closes its own stream as it exits. Closing one under its reader
        // broke OkHttp's buffer (IndexOutOfBoundsException) and skipped the rest of close(), leaking queued batches.
        readers.forEach(Reader::stop);
        // A reader still running could allocate after the allocator closes; so wait for them even when this
        // thread was interrupted (a canceled task or query is), which would otherwise skip the wait.
        Uninterruptibles.awaitUninterruptibly(readersExited, 10, TimeUnit.SECONDS);
        Item item;
        while ((item = queue.poll()) != null) {
            release(item);
        }
        allocator.close();
    }
}
