package io.aqueduct.core.connector;

/**
 * How many tasks a leaf stage that scans one of a connector's tables should run, from the table's
 * statistics. The leaf then scales up to that count: task {@code i} of {@code n} reads its own share
 * through {@link Connector#createScan} with {@code part = i, partCount = n}, so no two tasks read the
 * same rows. A connector without an estimator has its scans run as one task.
 *
 * <pre>{@code
 * int tasks = connector.taskEstimator()
 *         .map(estimator -> estimator.desiredTaskCount(statistics, limits))
 *         .orElse(1);
 * }</pre>
 */
@FunctionalInterface
public interface TaskEstimator {
    /** The task count the scan wants, within {@code [1, limits.maxTasks()]}. */
    int desiredTaskCount(TableStatistics statistics, LeafTaskLimits limits);

    /**
     * What bounds a leaf's task count: the workers, the most tasks a stage may have, and the table
     * bytes one task should read.
     */
    record LeafTaskLimits(int workerCount, int maxTasks, long bytesPerTask) {}
}
