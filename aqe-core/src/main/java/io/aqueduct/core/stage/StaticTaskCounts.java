package io.aqueduct.core.stage;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import java.util.Optional;

/**
 * Task counts known before execution. A leaf gets what its connector's {@link TaskEstimator} wants
 * from the table's statistics, or one task without an estimator; a shuffled stage gets one task per
 * worker, or exactly the cluster shape's fixed task count when it has one; a coalesced stage one task.
 */
final class StaticTaskCounts {
    private final ClusterShape cluster;

    StaticTaskCounts(ClusterShape cluster) {
        this.cluster = cluster;
    }

    int leaf(Optional<TaskEstimator> estimator, TableStatistics statistics) {
        TaskEstimator.LeafTaskLimits limits = new TaskEstimator.LeafTaskLimits(
                cluster.workerCount(), cluster.maxTasksPerStage(), cluster.bytesPerTask());
        return clamp(estimator.map(e -> e.desiredTaskCount(statistics, limits)).orElse(1));
    }

    /** Tasks of a stage that reads shuffled input: the fixed count as given, else one per worker. */
    int shuffled() {
        return cluster.fixedTaskCount() > 0 ? cluster.fixedTaskCount() : clamp(cluster.workerCount());
    }

    private int clamp(long tasks) {
        return (int) Math.max(1, Math.min(tasks, cluster.maxTasksPerStage()));
    }
}
