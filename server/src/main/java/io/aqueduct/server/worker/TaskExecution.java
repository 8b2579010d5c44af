package io.aqueduct.server.worker;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.TaskInputs;
import io.aqueduct.server.transport.ErrorInfo;
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
 * One task on a worker: runs the fragment's operators and routes their output into the output
 * buffer. Its state only moves from RUNNING to one terminal state, and the first failure is kept.
 */
final class TaskExecution {
    private static final Logger LOG = LoggerFactory.getLogger(TaskExecution.class);
    private static final long OUTPUT_BUFFER_BYTES = 32L << 20;

    private final TaskSpec spec;
    private final String workerUrl;
    private final BufferAllocator allocator;
    private final OutputBuffer outputBuffer;
    private final AtomicLong outputRows = new AtomicLong();
    private final CountDownLatch runnerExited = new CountDownLatch(1);
    private volatile long lastAccessMillis = System.currentTimeMillis();
    private TaskState state = TaskState.RUNNING;
    private ErrorInfo error;

    TaskExecution(TaskSpec spec, String workerUrl, BufferAllocator workerAllocator) {
        this.spec = spec;
        this.workerUrl = workerUrl;
        this.allocator = workerAllocator.newChildAllocator("task-" + spec.taskId(), 0, spec.memoryLimitBytes());
        this.outputBuffer = new OutputBuffer(spec.outputPartitionCount(), OUTPUT_BUFFER_BYTES);
    }

    TaskSpec spec() {
        return spec;
    }

    OutputBuffer outputBuffer() {
        return outputBuffer;
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
            OutputRouter router = new OutputRouter(spec.outputPartitioning(), outputBuffer, allocator);
            try (Operator operator = new LocalExecutionPlanner().plan(spec.fragment(), inputs, context)) {
                VectorSchemaRoot batch;
                while ((batch = operator.next()) != null) {
                    outputRows.addAndGet(batch.getRowCount());
                    router.route(batch);
                    context.checkCanceled();
                }
            }
            outputBuffer.setNoMoreBatches();
            transition(TaskState.FINISHED, null);
        } catch (Throwable t) {
            if (transition(TaskState.FAILED, ErrorInfo.of(t, workerUrl)) && !(t instanceof RuntimeException)) {
                LOG.error("Task {} failed", spec.taskId(), t);
            }
            outputBuffer.close();
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

    synchronized TaskStatus status() {
        touch();
        return new TaskStatus(spec.taskId(), state, outputRows.get(), error);
    }

    /** Stops the task and frees its memory; waits briefly for its runner to let go of its buffers. */
    void cancelAndRelease() {
        transition(TaskState.CANCELED, null);
        outputBuffer.close();
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
