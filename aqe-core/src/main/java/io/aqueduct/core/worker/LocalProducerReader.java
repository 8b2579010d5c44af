package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.Batches;
import io.aqueduct.core.protocol.ErrorInfo;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a producer that runs in the same worker straight from its output buffer: each record batch's buffers move
 * into the exchange's allocator without a copy, with no serialization and no socket. The exchange's bounded queue
 * pushes back on the producer through the output buffer's capacity, as TCP does for a remote reader.
 */
final class LocalProducerReader implements ProducerReader {
    /** How long a poll waits for a batch before the reader looks again whether the exchange closed. */
    private static final long POLL_MILLIS = 100;

    private final TaskExecution producer;
    private final int[] partitions;

    LocalProducerReader(TaskExecution producer, List<Integer> partitions) {
        this.producer = producer;
        this.partitions = partitions.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public void read(Exchange exchange) throws IOException, InterruptedException {
        TaskResults results = TaskResults.await(producer, partitions, exchange::isClosed);
        Schema schema = results.schema();
        while (!exchange.isClosed()) {
            OutputBuffer.Poll poll = results.poll(POLL_MILLIS);
            if (poll.isEnd()) {
                return;
            }
            if (!poll.isEmpty()) {
                exchange.putLocal(moveInto(poll.batch(), schema, exchange));
            }
        }
    }

    /** The producer's batch as the exchange's own; a transfer skips the limit check that an allocation makes. */
    private VectorSchemaRoot moveInto(ArrowRecordBatch batch, Schema schema, Exchange exchange) {
        VectorSchemaRoot moved = Batches.load(batch, schema, producer.allocator(), exchange.allocator());
        try {
            Batches.checkWithinLimit(exchange.allocator(), "exchange");
        } catch (RuntimeException e) {
            moved.close();
            throw e;
        }
        return moved;
    }

    /** Nothing to cut short: a poll waits at most {@link #POLL_MILLIS}, then the reader sees the exchange closed. */
    @Override
    public void abort() {}

    /**
     * A failed producer closes its output, which fails the poll with "abandoned": its own error says why. A
     * failure of the read itself (a memory limit) is reported as the task reports any failure.
     */
    @Override
    public AqueductException failure(Exception cause) {
        ErrorInfo producerError = producer.status().error();
        if (producerError != null) {
            return producerError.toException();
        }
        return cause instanceof AqueductException e
                ? e
                : ErrorInfo.of(cause, null).toException();
    }
}
