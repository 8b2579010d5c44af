package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.util.function.BooleanSupplier;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Serves output partitions of a task, batch by batch as the task produces them: in two steps, so that a transport can
 * answer with an error before the first byte ({@link #await}), then stream them as one Arrow IPC stream
 * ({@link #write}); a reader in the same worker polls the batches themselves ({@link #poll}).
 */
public final class TaskResults {
    private static final long POLL_MILLIS = 1000;
    private static final long BINDING_WAIT_MILLIS = 30_000;

    private final TaskExecution task;
    private final OutputBuffer buffer;
    private final int[] partitions;

    private TaskResults(TaskExecution task, OutputBuffer buffer, int[] partitions) {
        this.task = task;
        this.buffer = buffer;
        this.partitions = partitions;
    }

    /** Waits for the task's output to be bound and checks that it has the partitions. */
    public static TaskResults await(TaskExecution task, int[] partitions) throws IOException {
        return await(task, partitions, () -> false);
    }

    /** As {@link #await(TaskExecution, int[])}, giving up as soon as {@code abandoned} is true. */
    static TaskResults await(TaskExecution task, int[] partitions, BooleanSupplier abandoned) throws IOException {
        OutputBuffer buffer;
        try {
            buffer = task.output().awaitBuffer(BINDING_WAIT_MILLIS, abandoned);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for the output binding", e);
        }
        if (buffer == null) {
            throw task.endedWithoutOutput();
        }
        for (int partition : partitions) {
            if (partition >= buffer.partitionCount()) {
                throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "Task has no output partition " + partition);
            }
        }
        return new TaskResults(task, buffer, partitions.clone());
    }

    /** The schema of the task's batches. */
    Schema schema() {
        return task.spec().fragment().outputType().toSchema();
    }

    /**
     * The next batch of the partitions, waiting at most {@code timeoutMillis}. A reader keeps the task from being
     * reaped as idle, for as long as it reads.
     */
    OutputBuffer.Poll poll(long timeoutMillis) throws InterruptedException {
        task.touch();
        return buffer.poll(partitions, timeoutMillis);
    }

    /** Writes the partitions until the task's output ends; each batch is flushed as it goes. */
    public void write(OutputStream out) throws IOException {
        WriteChannel channel = new WriteChannel(Channels.newChannel(out));
        MessageSerializer.serialize(channel, schema());
        out.flush();
        try {
            while (true) {
                OutputBuffer.Poll poll = poll(POLL_MILLIS);
                if (poll.isEnd()) {
                    break;
                }
                if (poll.isEmpty()) {
                    continue;
                }
                try (ArrowRecordBatch batch = poll.batch()) {
                    MessageSerializer.serialize(channel, batch);
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while streaming results", e);
        }
        ArrowStreamWriter.writeEndOfStream(channel, IpcOption.DEFAULT);
        out.flush();
    }
}
