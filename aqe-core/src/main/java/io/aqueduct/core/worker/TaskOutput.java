package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A task's output with a late-bound head. Until the coordinator says how many partitions the consumer
 * has ({@link #bind}), the first batches are held as a sample, up to {@code holdLimitBytes}; the
 * task then waits. The held batches are routed once bound, never recomputed. While unbound, a
 * {@link KeySampler} profiles the partitioning key of a hash-partitioned output. A task whose
 * partition count is known at creation is bound from the start.
 */
public final class TaskOutput implements AutoCloseable {
    private static final long WAIT_MILLIS = 100;

    private final KeySampler keySampler;
    private OutputBinding binding;
    private final BufferAllocator allocator;
    private final long holdLimitBytes;
    private final long bufferCapacityBytes;
    private final BooleanSupplier canceled;
    private final LongSupplier drivingRows;
    /** The task's index in its stage: its piece of an aligned split bucket. */
    private final int producerTask;

    private final List<HeldBatch> held = new ArrayList<>();

    private long sampledRows;
    private long sampledBytes;
    /** The task's driving rows read when the last sampled batch came out: the sample's completion. */
    private long sampledDrivingRows;

    private long outputBytes;
    private boolean inputFinished;
    private OutputBuffer buffer;
    private OutputRouter router;
    private boolean closed;
    private volatile boolean complete;

    TaskOutput(
            OutputPartitioning partitioning,
            BufferAllocator allocator,
            long holdLimitBytes,
            long bufferCapacityBytes,
            BooleanSupplier canceled,
            LongSupplier drivingRows,
            int producerTask) {
        this.keySampler = partitioning.kind() == PartitioningKind.HASH ? new KeySampler(partitioning.keys()) : null;
        this.allocator = allocator;
        this.holdLimitBytes = holdLimitBytes;
        this.bufferCapacityBytes = bufferCapacityBytes;
        this.canceled = canceled;
        this.drivingRows = drivingRows;
        this.producerTask = producerTask;
    }

    /** Routes the batch, or holds it while unbound, waiting once it holds its hold limit. Takes ownership. */
    void add(VectorSchemaRoot batch) throws InterruptedException {
        VectorSchemaRoot unheld = batch;
        long bytes = Batches.sizeInBytes(batch);
        synchronized (this) {
            outputBytes += bytes;
            if (router == null) {
                sampledRows += batch.getRowCount();
                sampledBytes += bytes;
                sampledDrivingRows = drivingRows.getAsLong();
                short[] fineBuckets = keySampler == null ? null : keySampler.add(batch, bytes);
                held.add(new HeldBatch(Batches.transfer(batch, allocator), fineBuckets));
                unheld = null;
                // Wakes a coordinator's long poll (awaitSampled), which looks whether it sampled enough now.
                notifyAll();
                while (buffer == null && sampledBytes >= holdLimitBytes) {
                    awaitChange();
                }
                if (buffer == null) {
                    return;
                }
                router = new OutputRouter(binding, buffer, allocator, producerTask);
            }
        }
        routeHeld();
        if (unheld != null) {
            router.route(unheld);
        }
    }

    /** The input ended: waits for the binding if need be, then completes the output. */
    void finish() throws InterruptedException {
        synchronized (this) {
            inputFinished = true;
            notifyAll();
            while (buffer == null) {
                awaitChange();
            }
            if (router == null) {
                router = new OutputRouter(binding, buffer, allocator, producerTask);
            }
        }
        routeHeld();
        router.finish();
        buffer.setNoMoreBatches();
        complete = true;
    }

    /** Whether all output was produced: the task is about to finish, whatever its consumers still read. */
    boolean complete() {
        return complete;
    }

    /**
     * Routes the held sample; only the task's own thread routes, so this may block on a full buffer. Rows hashed on the
     * keys the binding routes by go to their buckets without being hashed again.
     */
    private void routeHeld() throws InterruptedException {
        List<HeldBatch> sample;
        boolean hashedAsBound;
        synchronized (this) {
            sample = List.copyOf(held);
            held.clear();
            hashedAsBound = keySampler != null
                    && binding.partitioning().kind() == PartitioningKind.HASH
                    && binding.partitioning().keys().equals(keySampler.keys());
        }
        for (int i = 0; i < sample.size(); i++) {
            try {
                router.route(
                        sample.get(i).batch(), hashedAsBound ? sample.get(i).fineBuckets() : null);
            } catch (RuntimeException | InterruptedException e) {
                sample.subList(i + 1, sample.size())
                        .forEach(unrouted -> unrouted.batch().close());
                throw e;
            }
        }
    }

    /** A batch held while unbound, with its rows' fine buckets as the key sampler found them (null without one). */
    private record HeldBatch(VectorSchemaRoot batch, short[] fineBuckets) {}

    /** Binds to {@code partitionCount} plain partitions routed as {@code partitioning} says. */
    void bind(int partitionCount, OutputPartitioning partitioning) {
        bind(OutputBinding.of(partitioning, partitionCount));
    }

    /**
     * Fixes the routing and the output partitions; the task routes its sample and goes on. Never blocks, so the
     * coordinator can create the consumers right after. A second binding must agree.
     */
    public synchronized void bind(OutputBinding newBinding) {
        if (binding != null) {
            if (!binding.equals(newBinding)) {
                throw new AqueductException(
                        ErrorCode.INTERNAL_ERROR, "Output already bound as " + binding + ", not " + newBinding);
            }
            return;
        }
        binding = newBinding;
        buffer = new OutputBuffer(newBinding.partitionCount(), bufferCapacityBytes);
        notifyAll();
    }

    /** The partitioning key profile of the sample; empty unless the planned output is hash partitioned. */
    public synchronized KeySample keySample() {
        return keySampler == null ? KeySample.EMPTY : keySampler.snapshot();
    }

    /**
     * The output buffer once bound, waiting at most {@code timeoutMillis} for the binding; a reader that no longer
     * wants it stops waiting as soon as {@code abandoned} is true. Null when the output closed unbound: the task failed
     * or was canceled first, which its status tells.
     */
    synchronized OutputBuffer awaitBuffer(long timeoutMillis, BooleanSupplier abandoned) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (buffer == null && !closed && !abandoned.getAsBoolean() && System.currentTimeMillis() < deadline) {
            wait(WAIT_MILLIS);
        }
        if (buffer == null && abandoned.getAsBoolean()) {
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Stopped waiting for the output binding");
        }
        if (buffer == null && !closed) {
            throw new AqueductException(ErrorCode.INTERNAL_ERROR, "Task output was never bound to partitions");
        }
        return buffer;
    }

    /**
     * Waits at most the wait's maximum until the head has sampled as much as {@code wait} asks, the input ended, the
     * output was bound or it closed.
     */
    synchronized void awaitSampled(SampleWait wait) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait.maxWaitMillis());
        long remaining;
        while (!inputFinished
                && !wait.reached(sampledBytes, sampledDrivingRows)
                && buffer == null
                && !closed
                && (remaining = deadline - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.timedWait(this, remaining);
        }
    }

    synchronized Sample sample() {
        return new Sample(sampledRows, sampledBytes, sampledDrivingRows, inputFinished, buffer != null, outputBytes);
    }

    /**
     * What the sampler saw: rows and bytes produced before the binding, the driving rows read to produce
     * them, whether the input ended, and all bytes produced so far (to compare estimates with).
     */
    record Sample(long rows, long bytes, long drivingRows, boolean inputFinished, boolean bound, long outputBytes) {}

    private void awaitChange() throws InterruptedException {
        if (closed || canceled.getAsBoolean()) {
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Task output was abandoned");
        }
        wait(WAIT_MILLIS);
    }

    @Override
    public synchronized void close() {
        closed = true;
        held.forEach(batch -> batch.batch().close());
        held.clear();
        if (buffer != null) {
            buffer.close();
        }
        if (router != null) {
            router.close();
        }
        notifyAll();
    }
}
