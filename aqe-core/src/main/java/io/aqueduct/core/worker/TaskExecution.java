package io.aqueduct.core.worker;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.LocalExecutionPlan;
import io.aqueduct.core.exec.LocalExecutionPlanner;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.OperatorMetrics;
import io.aqueduct.core.plan.DrivingInput;
import io.aqueduct.core.protocol.ErrorInfo;
import io.aqueduct.core.protocol.ExchangeMetrics;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskState;
import io.aqueduct.core.protocol.TaskStatus;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One task on a worker: runs the fragment's operators and hands their output to its late-bound
 * {@link TaskOutput}. Its state only moves from RUNNING to one terminal state, and the first failure
 * is kept. It meters its operators and exchanges and keeps their metrics after they close, so that its
 * {@link #info()} covers the work done, also when it failed or was canceled midway.
 */
public final class TaskExecution {
    private static final Logger LOG = LoggerFactory.getLogger(TaskExecution.class);
    private static final long OUTPUT_BUFFER_BYTES = 32L << 20;
    private static final long COMPLETE_TASK_EXIT_MILLIS = 1_000;

    private final TaskSpec spec;
    private final String workerUrl;
    private final BufferAllocator allocator;
    private final TaskOutput output;
    private final AtomicLong outputRows = new AtomicLong();
    private final AtomicLong drivingRows = new AtomicLong();
    private final CountDownLatch runnerExited = new CountDownLatch(1);
    /** Set when a cancel gave up waiting for the runner: the runner then frees the memory when it exits. */
    private final AtomicBoolean releaseWhenRunnerExits = new AtomicBoolean();

    private final AtomicBoolean released = new AtomicBoolean();
    private volatile long lastAccessMillis = System.currentTimeMillis();
    private volatile long startEpochMillis;
    private volatile long endEpochMillis;
    /** The thread running the task, for the stack trace of a task that does not stop when canceled. */
    private volatile Thread runner;

    private volatile LocalExecutionPlan plan;
    private volatile TransportTaskInputs inputs;
    private TaskState state = TaskState.RUNNING;
    private ErrorInfo error;

    TaskExecution(TaskSpec spec, String workerUrl, BufferAllocator workerAllocator) {
        this.spec = spec;
        this.workerUrl = workerUrl;
        this.allocator = workerAllocator.newChildAllocator("task-" + spec.taskId(), 0, spec.memoryLimitBytes());
        this.output = new TaskOutput(
                spec.outputPartitioning(),
                allocator,
                OutputBinding.HOLD_LIMIT_BYTES,
                OUTPUT_BUFFER_BYTES,
                this::isCanceled,
                drivingRows::get,
                spec.taskIndex());
        if (spec.outputPartitionCount() > 0) {
            output.bind(spec.outputPartitionCount(), spec.outputPartitioning());
        }
    }

    public TaskSpec spec() {
        return spec;
    }

    public TaskOutput output() {
        return output;
    }

    /** The task's allocator, which holds its buffered output until a reader takes it. */
    BufferAllocator allocator() {
        return allocator;
    }

    /** Counts rows read from the input the task's output streams from (see {@link DrivingInput}), if any. */
    AtomicLong drivingRows() {
        return drivingRows;
    }

    /** When the coordinator or a consumer last asked for this task. */
    long lastAccessMillis() {
        return lastAccessMillis;
    }

    void touch() {
        lastAccessMillis = System.currentTimeMillis();
    }

    void run(TransportTaskInputs inputs) {
        runner = Thread.currentThread();
        startEpochMillis = System.currentTimeMillis();
        this.inputs = inputs;
        try {
            ExecutionContext context = new ExecutionContext(
                    allocator, ExecutionContext.DEFAULT_BATCH_ROWS, this::isCanceled, spec.queryId());
            LocalExecutionPlan metered = new LocalExecutionPlanner().planMetered(spec.fragment(), inputs, context);
            plan = metered;
            try (Operator operator = metered.root()) {
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
            // An OutOfMemoryError means some heap state escaped accounting: log it for the operator, as a bug.
            if (transition(TaskState.FAILED, failure)
                    && (failure.code() == ErrorCode.INTERNAL_ERROR || t instanceof OutOfMemoryError)) {
                LOG.error("Task {} failed", spec.taskId(), t);
            }
            output.close();
        } finally {
            endEpochMillis = System.currentTimeMillis();
            runnerExited.countDown();
            if (releaseWhenRunnerExits.get()) {
                closeAllocator();
            }
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

    /**
     * Why a reader finds this task's output closed before it was bound: the task's own failure (so that a consumer
     * fails with the root cause, not with a missing binding), else its cancellation.
     */
    synchronized AqueductException endedWithoutOutput() {
        if (error != null) {
            return error.toException();
        }
        return new AqueductException(
                ErrorCode.QUERY_CANCELED, "Task " + spec.taskId() + " ended before its output was bound");
    }

    private synchronized boolean isCanceled() {
        return state == TaskState.CANCELED;
    }

    public TaskStatus status() {
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
                    sample.drivingRows(),
                    error,
                    null);
        }
    }

    /**
     * The status once the output head is sampled as {@code wait} says, its input ended, it was bound or closed, or
     * after the wait's maximum: the task ends only after its output finished or closed, so those cover its end too.
     * Sampled as asked, it carries the head's key profile, which the coordinator deciding the consumer reads next.
     */
    public TaskStatus statusOnceSampled(SampleWait wait) {
        try {
            output.awaitSampled(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        TaskStatus status = status();
        if (status.sampled(wait.budgetBytes()) || wait.reached(status.sampledBytes(), status.sampledDrivingRows())) {
            return status.withKeySample(output.keySample());
        }
        return status;
    }

    /**
     * What the task did so far: live while it runs, final once its runner stopped. Its operators' elapsed times
     * grow when their calls return, so a live snapshot may lag behind a long call.
     */
    public TaskInfo info() {
        touch();
        TaskState currentState;
        ErrorInfo currentError;
        synchronized (this) {
            // Read first: once FINISHED or FAILED, the metrics read below are final.
            currentState = state;
            currentError = error;
        }
        LocalExecutionPlan metered = plan;
        TransportTaskInputs currentInputs = inputs;
        List<OperatorMetrics> operators = metered == null ? List.of() : metered.operatorMetrics();
        List<ExchangeMetrics> exchanges = currentInputs == null ? List.of() : currentInputs.exchangeMetrics();
        return new TaskInfo(
                spec.taskId(),
                spec.stageId(),
                spec.taskIndex(),
                workerUrl,
                currentState,
                startEpochMillis,
                endEpochMillis,
                outputRows.get(),
                output.sample().outputBytes(),
                allocator.getPeakMemoryAllocation(),
                operators,
                exchanges,
                currentError);
    }

    /** Frees a task that was never run (its id was taken). */
    void discard() {
        output.close();
        allocator.close();
    }

    /**
     * Stops the task if it still runs and frees its memory, waiting briefly for its runner to let go of its buffers;
     * returns the task's final info (if the runner did not stop in time, the info so far, its end time 0).
     */
    private void awaitRunnerExit(long millis) {
        try {
            runnerExited.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    TaskInfo cancelAndRelease() {
        if (output.complete()) {
            // All output is produced and its runner is finishing: let it record FINISHED rather than CANCELED.
            awaitRunnerExit(COMPLETE_TASK_EXIT_MILLIS);
        }
        transition(TaskState.CANCELED, null);
        output.close();
        try {
            if (!runnerExited.await(10, TimeUnit.SECONDS)) {
                LOG.warn(
                        "Task {} did not stop within 10 s; its memory is freed when it stops. Its runner is at:{}",
                        spec.taskId(),
                        stackOf(runner));
                releaseWhenRunnerExits.set(true);
                if (runnerExited.getCount() == 0) {
                    closeAllocator();
                }
                return info();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return info();
        }
        closeAllocator();
        return info();
    }

    private static String stackOf(Thread thread) {
        if (thread == null) {
            return " (not started)";
        }
        StringBuilder text = new StringBuilder();
        for (StackTraceElement frame : thread.getStackTrace()) {
            text.append("\n\tat ").append(frame);
        }
        return text.toString();
    }

    /** Closes the task's allocator once, whichever of the cancel and a late-exiting runner comes last. */
    private void closeAllocator() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        try {
            allocator.close();
        } catch (IllegalStateException leak) {
            LOG.error("Task {} leaked memory: {}", spec.taskId(), leak.getMessage());
        }
    }
}
