package io.aqueduct.core.stage;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What the distributed planner needs to know to size stages and pick join strategies: the workers,
 * the upper bound of tasks per stage, the input bytes one task should take, the largest build side
 * worth replicating to every probe task, and a fixed task count for stages that read shuffled input
 * (0 when their count comes from the cluster's size).
 *
 * <pre>{@code
 * ClusterShape shape = ClusterShape.of(2, 4).withFixedTaskCount(8);
 * }</pre>
 */
public record ClusterShape(
        int workerCount, int maxTasksPerStage, long bytesPerTask, long broadcastMaxBytes, int fixedTaskCount) {
    public static final long DEFAULT_BYTES_PER_TASK = 16L << 20;
    public static final long DEFAULT_BROADCAST_MAX_BYTES = 10L << 20;

    public ClusterShape {
        checkArgument(workerCount > 0, "workerCount must be positive: %s", workerCount);
        checkArgument(maxTasksPerStage > 0, "maxTasksPerStage must be positive: %s", maxTasksPerStage);
        checkArgument(bytesPerTask > 0, "bytesPerTask must be positive: %s", bytesPerTask);
        checkArgument(broadcastMaxBytes >= 0, "broadcastMaxBytes must not be negative: %s", broadcastMaxBytes);
        checkArgument(fixedTaskCount >= 0, "fixedTaskCount must not be negative: %s", fixedTaskCount);
    }

    /** A shape without a fixed task count. */
    public ClusterShape(int workerCount, int maxTasksPerStage, long bytesPerTask, long broadcastMaxBytes) {
        this(workerCount, maxTasksPerStage, bytesPerTask, broadcastMaxBytes, 0);
    }

    public static ClusterShape of(int workerCount, int coresPerWorker) {
        return new ClusterShape(
                workerCount, workerCount * coresPerWorker, DEFAULT_BYTES_PER_TASK, DEFAULT_BROADCAST_MAX_BYTES);
    }

    /**
     * This shape with every stage that reads shuffled input planned at exactly {@code taskCount} tasks,
     * not clamped by {@link #maxTasksPerStage()}; 0 returns to one task per worker.
     */
    public ClusterShape withFixedTaskCount(int taskCount) {
        return new ClusterShape(workerCount, maxTasksPerStage, bytesPerTask, broadcastMaxBytes, taskCount);
    }
}
