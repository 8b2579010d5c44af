package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads the output partitions an {@link ExchangeOperator} wants from one producer task: through the worker transport
 * ({@link RemoteProducerReader}) or, when the producer runs in the same worker, straight from its output buffer
 * ({@link LocalProducerReader}). The exchange calls {@link #read} on a thread of its own, and {@link #abort} from the
 * thread that closes it; it never interrupts a reader.
 */
interface ProducerReader {
    /**
     * Hands the producer's batches, in order, to {@code exchange} until the producer's output ends or the exchange
     * closes; then returns normally. Must notice a closed exchange within a fraction of a second, or once aborted.
     */
    void read(Exchange exchange) throws IOException, InterruptedException;

    /** Makes a read blocked on the producer return soon; the exchange is closed by then. */
    void abort();

    /** What a read that failed with {@code cause} reports: the producer's own failure, when it has one. */
    AqueductException failure(Exception cause);

    /** The exchange as its readers see it: where batches go, and how they are counted. */
    interface Exchange {
        /** The allocator the batches handed over must be accounted to. */
        BufferAllocator allocator();

        boolean isClosed();

        /**
         * Queues a batch received over the network (ownership passes to the exchange), waiting while the queue is
         * full; a batch the closed exchange no longer wants is released.
         */
        void putReceived(VectorSchemaRoot batch) throws InterruptedException;

        /** As {@link #putReceived}, for a batch taken from a producer in this worker: its bytes never crossed a network. */
        void putLocal(VectorSchemaRoot batch) throws InterruptedException;

        /** Counts time spent waiting on the network: opening a stream or reading from it. */
        void addNetworkNanos(long nanos);
    }
}
