package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * A task's output, one queue of Arrow record batches per consumer partition. The producer blocks
 * while more than {@code capacityBytes} wait to be read, so a slow consumer (ultimately the JDBC
 * client) slows the whole pipeline down instead of filling memory. Each partition is read by one
 * consumer task, which may read several; a batch is released as soon as it has been taken.
 */
final class OutputBuffer implements AutoCloseable {
    private final List<ArrayDeque<ArrowRecordBatch>> partitions;
    private final long capacityBytes;
    private long bufferedBytes;
    private boolean noMoreBatches;
    private boolean closed;

    OutputBuffer(int partitionCount, long capacityBytes) {
        this.partitions = new ArrayList<>(partitionCount);
        for (int i = 0; i < partitionCount; i++) {
            partitions.add(new ArrayDeque<>());
        }
        this.capacityBytes = capacityBytes;
    }

    int partitionCount() {
        return partitions.size();
    }

    /** Adds a batch (ownership passes to the buffer), waiting while the buffer is full. */
    synchronized void add(int partition, ArrowRecordBatch batch) throws InterruptedException {
        while (bufferedBytes >= capacityBytes && !closed) {
            wait();
        }
        if (closed) {
            batch.close();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Task output was abandoned");
        }
        partitions.get(partition).add(batch);
        bufferedBytes += batch.computeBodyLength();
        notifyAll();
    }

    synchronized void setNoMoreBatches() {
        noMoreBatches = true;
        notifyAll();
    }

    /**
     * Takes the next batch of any of {@code partitions} (a consumer task may read several buckets),
     * waiting at most {@code timeoutMillis}; returns {@link Poll#END} when all of them are complete,
     * {@link Poll#EMPTY} on timeout.
     */
    synchronized Poll poll(int[] partitions, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            if (closed) {
                throw new AqueductException(ErrorCode.QUERY_CANCELED, "Task output was abandoned");
            }
            for (int partition : partitions) {
                ArrowRecordBatch batch = this.partitions.get(partition).poll();
                if (batch != null) {
                    bufferedBytes -= batch.computeBodyLength();
                    notifyAll();
                    return new Poll(batch);
                }
            }
            if (noMoreBatches) {
                return Poll.END;
            }
            long remaining = deadline - System.currentTimeMillis();
            if (remaining <= 0) {
                return Poll.EMPTY;
            }
            wait(remaining);
        }
    }

    /** Releases every waiting batch; producers and consumers waiting on the buffer fail. */
    @Override
    public synchronized void close() {
        closed = true;
        for (ArrayDeque<ArrowRecordBatch> queue : partitions) {
            queue.forEach(ArrowRecordBatch::close);
            queue.clear();
        }
        bufferedBytes = 0;
        notifyAll();
    }

    /** The result of a poll: a batch the caller now owns, or one of the two markers. */
    record Poll(ArrowRecordBatch batch) {
        static final Poll EMPTY = new Poll(null);
        static final Poll END = new Poll(null);

        boolean isEnd() {
            return this == END;
        }

        boolean isEmpty() {
            return this == EMPTY;
        }
    }
}
