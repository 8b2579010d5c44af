package io.aqueduct.core.stage;

import static com.google.common.base.Preconditions.checkArgument;

/** What the distributed planner needs to know of the cluster to size stages. */
public record ClusterShape(int workerCount, int maxTasksPerStage, long bytesPerTask) {
    public ClusterShape {
        checkArgument(workerCount > 0, "workerCount must be positive: %s", workerCount);
        checkArgument(maxTasksPerStage > 0, "maxTasksPerStage must be positive: %s", maxTasksPerStage);
        checkArgument(bytesPerTask > 0, "bytesPerTask must be positive: %s", bytesPerTask);
    }
}
