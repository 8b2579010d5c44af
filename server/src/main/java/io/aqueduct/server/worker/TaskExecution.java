package io.aqueduct.server.worker;

import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.server.transport.ErrorInfo;
import io.aqueduct.server.transport.OutputBinding;
import io.aqueduct.server.transport.TaskSpec;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One task on a worker: runs the fragment's operators and hands their output to its late-bound
 * {@link TaskOutput}. Its state only moves from RUNNING to one terminal state, and the first failure
 * is kept.
 */
final class TaskExecution {
    private static final Logger LOG = LoggerFactory.getLogger(TaskExecution.class);
    private static final long OUTPUT_BUFFER_BYTES = 32L << 20;

    private final TaskSpec spec;
    private final String workerUrl;
    private final BufferAllocator allocator;
    private final TaskOutput output;
    private final AtomicLong outputRows = new AtomicLong();
    private final AtomicLong leafRows = new AtomicLong();
    private final CountDownLatch runnerExited = new CountDownLatch(1);
    private volatile long lastAccessMillis = System.currentTimeMillis();
    private TaskState state = TaskState.RUNNING;
    private ErrorInfo error;

    TaskExecution(TaskSpec spec, String workerUrl, BufferAllocator workerAllocator) {
        this.spec = spec;
        this.workerUrl = workerUrl;
        this.allocator = workerAllocator.newChildAllocator("task-" + spec.taskId(), 0, spec.memoryLimitBytes());
        this.output = new TaskOutput(
                spec.outputPartitioning(),
                allocator,
                OutputBinding.SAMPLE_BUDGET_BYTES,
                OUTPUT_BUFFER_BYTES,
                this::isCanceled);
        if (spec.outputPartitionCount() > 0) {
            output.bind(spec.outputPartitionCount(), spec.outputPartitioning());
        }
    }

    TaskSpec spec() {
        return spec;
    }

    TaskOutput output() {
        return output;
    }

    /** Counts rows the task's table scans produce: the leaves' output_rows, as batches flow. */
    AtomicLong leafRows() {
        return leafRows;
    }

    /** When the coordinator or a consumer last asked for this task. */
    long lastAccessMillis() {
        return lastAccessMillis;
    }

    void touch() {
        lastAccessMillis = System.currentTimeMillis();
    }

    void run(TaskInputs inputs) {
        try {
            ExecutionContext context =
                    new ExecutionContext(allocator, ExecutionContext.DEFAULT_BATCH_ROWS, this::isCanceled);
            try (Operator operator = new LocalExecutionPlanner().plan(spec.fragment(), inputs, context)) {
                VectorSchemaRoot batch;
                while ((batch = operator.next()) != null) {
                    outputRows.addAndGet(batch.getRowCount());
                    output.add(batch);
                    context.checkCanceled();
                }
            }
            output.finish();
            transition(TaskState.FINISHED, null);
        } catch (Throwable t) {
            ErrorInfo failure = ErrorInfo.of(t, workerUrl);
            if (transition(TaskState.FAILED, failure) && failure.code() == ErrorCode.INTERNAL_ERROR) {
                LOG.error("Task {} failed", spec.taskId(), t);
            }
            output.close();
        } finally {
            runnerExited.countDown();
        }
    }

    private synchronized boolean transition(TaskState target, ErrorInfo failure) {
        if (state.isTerminal()) {
            return false;
        }
        state = target;
        error = failure;
        return true;
    }

    private synchronized boolean isCanceled() {
        return state == TaskState.CANCELED;
    }

    TaskStatus status() {
        touch();
        TaskOutput.Sample sample = output.sample();
        synchronized (this) {
            return new TaskStatus(
                    spec.taskId(),
                    state,
                    outputRows.get(),
                    sample.outputBytes(),
                    sample.rows(),
                    sample.bytes(),
                    sample.inputFinished(),
                    sample.bound(),
                    leafRows.get(),
                    error);
        }
    }

    /** Stops the task and frees its memory; waits briefly for its runner to let go of its buffers. */
    void cancelAndRelease() {
        transition(TaskState.CANCELED, null);
        output.close();
        try {
            if (!runnerExited.await(10, TimeUnit.SECONDS)) {
                LOG.warn("Task {} did not stop within 10 s; its memory stays allocated", spec.taskId());
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            allocator.close();
        } catch (IllegalStateException leak) {
            LOG.error("Task {} leaked memory: {}", spec.taskId(), leak.getMessage());
        }
    }
}
