package io.aqueduct.core.stage;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What the distributed planner needs to know to size stages and pick join strategies: the workers,
 * the upper bound of tasks per stage, the input bytes one task should take, and the largest build
 * side worth replicating to every probe task.
 */
public record ClusterShape(int workerCount, int maxTasksPerStage, long bytesPerTask, long broadcastMaxBytes) {
    public static final long DEFAULT_BYTES_PER_TASK = 16L << 20;
    public static final long DEFAULT_BROADCAST_MAX_BYTES = 10L << 20;

    public ClusterShape {
        checkArgument(workerCount > 0, "workerCount must be positive: %s", workerCount);
        checkArgument(maxTasksPerStage > 0, "maxTasksPerStage must be positive: %s", maxTasksPerStage);
        checkArgument(bytesPerTask > 0, "bytesPerTask must be positive: %s", bytesPerTask);
        checkArgument(broadcastMaxBytes >= 0, "broadcastMaxBytes must not be negative: %s", broadcastMaxBytes);
    }

    public static ClusterShape of(int workerCount, int coresPerWorker) {
        return new ClusterShape(
                workerCount, workerCount * coresPerWorker, DEFAULT_BYTES_PER_TASK, DEFAULT_BROADCAST_MAX_BYTES);
    }
}
