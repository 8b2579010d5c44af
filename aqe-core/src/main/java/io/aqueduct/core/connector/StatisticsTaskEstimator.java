package io.aqueduct.core.connector;

/**
 * The estimator of connectors whose statistics are exact and whose tables split evenly: one task per
 * {@code bytesPerTask} of table, but at least one task per worker when the table has enough rows to be
 * worth splitting, and never more tasks than the table has splits (row groups of a small Parquet file).
 */
public final class StatisticsTaskEstimator implements TaskEstimator {
    /** Below this many rows per task, splitting a scan costs more than it saves. */
    public static final long MIN_ROWS_PER_TASK = 1_000;

    @Override
    public int desiredTaskCount(TableStatistics statistics, LeafTaskLimits limits) {
        long bySize = ceilDiv(statistics.sizeBytes(), limits.bytesPerTask());
        long byRows = Math.min(limits.workerCount(), ceilDiv(statistics.rowCount(), MIN_ROWS_PER_TASK));
        long wanted = Math.min(Math.max(bySize, byRows), statistics.splitCount());
        return (int) Math.max(1, Math.min(wanted, limits.maxTasks()));
    }

    private static long ceilDiv(long value, long divisor) {
        return (value + divisor - 1) / divisor;
    }
}
