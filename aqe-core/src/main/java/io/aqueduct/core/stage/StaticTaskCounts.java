package io.aqueduct.core.stage;

import io.aqueduct.core.connector.TableStatistics;

/**
 * Task counts known before execution, from the connector's statistics. A leaf gets one task per
 * {@code bytesPerTask} of table, but at least one task per worker when the table has enough rows to
 * be worth splitting; a shuffled stage gets one task per worker; a coalesced stage one task.
 */
final class StaticTaskCounts {
    /** Below this many rows per task, splitting a scan costs more than it saves. */
    static final long MIN_ROWS_PER_TASK = 1_000;

    private final ClusterShape cluster;

    StaticTaskCounts(ClusterShape cluster) {
        this.cluster = cluster;
    }

    int leaf(TableStatistics statistics) {
        long bySize = ceilDiv(statistics.sizeBytes(), cluster.bytesPerTask());
        long byRows = Math.min(cluster.workerCount(), ceilDiv(statistics.rowCount(), MIN_ROWS_PER_TASK));
        return clamp(Math.max(bySize, byRows));
    }

    int shuffled() {
        return clamp(cluster.workerCount());
    }

    private int clamp(long tasks) {
        return (int) Math.max(1, Math.min(tasks, cluster.maxTasksPerStage()));
    }

    private static long ceilDiv(long value, long divisor) {
        return (value + divisor - 1) / divisor;
    }
}
