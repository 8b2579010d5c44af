package io.aqueduct.core.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/**
 * The calls made to workers: the coordinator's (create, bind, poll, sample, release tasks) and a task's
 * (read an upstream task's output). Implemented over HTTP by the server and in-process for tests; every
 * method may be called from any thread.
 *
 * <pre>{@code
 * TaskStatus status = transport.createTask(workerUrl, spec);
 * transport.bindOutput(location, OutputBinding.of(partitioning, 4));
 * try (WorkerTransport.ResultStream stream = transport.results(location, List.of(0)).open()) {
 *     // an Arrow IPC stream of partition 0
 * }
 * }</pre>
 *
 * <p>A call that cannot reach its worker throws an {@code AqueductException} with {@code WORKER_UNAVAILABLE};
 * a worker's own failure keeps its error code.
 */
public interface WorkerTransport {
    /** Creates and starts a task on the worker at {@code workerUrl}. */
    TaskStatus createTask(String workerUrl, TaskSpec spec);

    TaskStatus taskStatus(TaskLocation task);

    /**
     * The task's status once its late-bound head is sampled as {@code wait} says, its input ended, its output is
     * bound or it ended, or after the wait's maximum, whichever comes first: a long poll, so that the coordinator
     * learns at once that a producer is sampled instead of at its next look.
     */
    TaskStatus awaitSampled(TaskLocation task, SampleWait wait);

    /** The key profile of what the task's late-bound head sampled. */
    KeySample keySample(TaskLocation task);

    /** Binds a late-bound producer task's output: how to route it, into how many partitions. */
    void bindOutput(TaskLocation task, OutputBinding binding);

    /**
     * Cancels the task if it still runs and releases it once it stopped. Returns the task's final info, or empty
     * when the worker or the task is gone: best effort, since workers reap abandoned tasks by themselves.
     */
    Optional<TaskInfo> cancelTask(TaskLocation task);

    /** What the task did so far: its operators' and exchanges' metrics, live while it runs. */
    TaskInfo taskInfo(TaskLocation task);

    /** Releases rows of the memory catalog that the worker at {@code workerUrl} stores. */
    void releaseMemory(String workerUrl, MemoryRelease release);

    /** A call that streams the task's output {@code partitions}, interleaved as batches come, as one Arrow IPC stream. */
    ResultCall results(TaskLocation task, List<Integer> partitions);

    /**
     * A request for a task's output, not yet answered: a producer answers once its output is bound, so a
     * caller may abandon the wait with {@link #cancel()} from another thread.
     */
    interface ResultCall {
        /** Waits for the producer to answer and returns its stream. */
        ResultStream open() throws IOException;

        void cancel();
    }

    /**
     * An open result stream: an Arrow IPC stream; closing it abandons the rest. Only the thread reading the body may
     * close it (an HTTP body closed under its reader corrupts the reader's buffer); other threads {@link #abort}.
     */
    interface ResultStream extends AutoCloseable {
        InputStream body();

        /** Breaks the stream off from any thread: the reader's next read fails, and the reader still closes it. */
        void abort();

        @Override
        void close();
    }
}
