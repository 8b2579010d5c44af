package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Streams a producer's partitions as Arrow IPC through the worker transport: a slow exchange pushes back on the
 * producer through TCP. Aborting cancels the call still waiting for the producer's answer or aborts the open stream,
 * which the reader then closes itself (closing it from another thread, under the reader, breaks OkHttp's buffer).
 */
final class RemoteProducerReader implements ProducerReader {
    private final WorkerTransport transport;
    private final TaskLocation producer;
    private final List<Integer> partitions;

    /** Set by {@link #abort}: a call or stream that comes after it is given up at once. */
    private boolean aborted;
    /** The call waiting for the producer to answer, which {@link #abort} cancels. */
    private WorkerTransport.ResultCall pendingCall;
    /** The open stream, which {@link #abort} aborts and the reader closes. */
    private WorkerTransport.ResultStream stream;

    RemoteProducerReader(WorkerTransport transport, TaskLocation producer, List<Integer> partitions) {
        this.transport = transport;
        this.producer = producer;
        this.partitions = List.copyOf(partitions);
    }

    @Override
    public void read(Exchange exchange) throws IOException, InterruptedException {
        try (WorkerTransport.ResultStream opened = register(open(exchange));
                ArrowStreamReader reader = new ArrowStreamReader(opened.body(), exchange.allocator())) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (!exchange.isClosed() && loadNextBatch(reader, exchange)) {
                if (root.getRowCount() > 0) {
                    // Moves the reader's reused root into a batch of its own, without copying buffers.
                    exchange.putReceived(Batches.slice(root, 0, root.getRowCount(), exchange.allocator()));
                }
            }
        }
    }

    /** Opens the producer's stream, timing the wait for its answer, which {@link #abort()} may cut short. */
    private WorkerTransport.ResultStream open(Exchange exchange) throws IOException {
        WorkerTransport.ResultCall call = transport.results(producer, partitions);
        synchronized (this) {
            if (aborted) {
                throw new AqueductException(ErrorCode.QUERY_CANCELED, "Exchange closed");
            }
            pendingCall = call;
        }
        long start = System.nanoTime();
        try {
            return call.open();
        } finally {
            exchange.addNetworkNanos(System.nanoTime() - start);
            synchronized (this) {
                pendingCall = null;
            }
        }
    }

    private synchronized WorkerTransport.ResultStream register(WorkerTransport.ResultStream opened) {
        if (aborted) {
            opened.close();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Exchange closed");
        }
        stream = opened;
        return opened;
    }

    private static boolean loadNextBatch(ArrowStreamReader reader, Exchange exchange) throws IOException {
        long start = System.nanoTime();
        try {
            return reader.loadNextBatch();
        } finally {
            exchange.addNetworkNanos(System.nanoTime() - start);
        }
    }

    @Override
    public synchronized void abort() {
        aborted = true;
        if (pendingCall != null) {
            pendingCall.cancel();
        }
        if (stream != null) {
            stream.abort();
        }
    }

    /** The producer's own failure, when it has one, explains a broken stream better than the IOException. */
    @Override
    public AqueductException failure(Exception cause) {
        if (cause instanceof AqueductException e && e.errorCode() != ErrorCode.WORKER_UNAVAILABLE) {
            return e;
        }
        try {
            TaskStatus status = transport.taskStatus(producer);
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
}
