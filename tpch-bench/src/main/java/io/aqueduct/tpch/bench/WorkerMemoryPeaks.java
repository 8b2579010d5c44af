package io.aqueduct.tpch.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each worker's memory at the end of a run, from {@code sys.workers}: the most Arrow memory its tasks held at once
 * against the worker's Arrow limit, its split cache against the cache's bound, and the heap's peak against its
 * maximum. The peaks count from the worker's start, so on a cluster started for the run they are the run's.
 */
record WorkerMemoryPeaks(String run, List<Worker> workers) {
    static final String QUERY = "SELECT worker_url, peak_allocated_bytes, memory_limit_bytes, split_cache_bytes,"
            + " split_cache_capacity_bytes, heap_peak_bytes, heap_max_bytes FROM sys.workers ORDER BY worker_url";

    record Worker(
            String url,
            long taskPeakBytes,
            long arrowLimitBytes,
            long splitCacheBytes,
            long splitCacheCapacityBytes,
            long heapPeakBytes,
            long heapMaxBytes) {
        boolean withinLimits() {
            return taskPeakBytes + splitCacheBytes <= arrowLimitBytes && splitCacheBytes <= splitCacheCapacityBytes;
        }
    }

    WorkerMemoryPeaks {
        workers = List.copyOf(workers);
    }

    static WorkerMemoryPeaks measure(Connection connection, String run) throws SQLException {
        List<Worker> workers = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(QUERY)) {
            while (rows.next()) {
                workers.add(new Worker(
                        rows.getString(1),
                        rows.getLong(2),
                        rows.getLong(3),
                        rows.getLong(4),
                        rows.getLong(5),
                        rows.getLong(6),
                        rows.getLong(7)));
            }
        }
        return new WorkerMemoryPeaks(run, workers);
    }

    /** A Markdown table, one row per worker, in MiB. */
    String summary() {
        StringBuilder table = new StringBuilder("Worker memory after the " + run + " run (peaks since the worker"
                + " started; heap peak is the sum of its pools' peaks):\n\n");
        table.append(
                "| Worker | Task Arrow peak | Split cache | Arrow limit | Heap peak | Heap max | Within limits |\n");
        table.append("| --- | ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (Worker worker : workers) {
            table.append("| %s | %s | %s of %s | %s | %s | %s | %s |\n"
                    .formatted(
                            worker.url(),
                            mebibytes(worker.taskPeakBytes()),
                            mebibytes(worker.splitCacheBytes()),
                            mebibytes(worker.splitCacheCapacityBytes()),
                            mebibytes(worker.arrowLimitBytes()),
                            mebibytes(worker.heapPeakBytes()),
                            mebibytes(worker.heapMaxBytes()),
                            worker.withinLimits() ? "yes" : "NO"));
        }
        return table.toString();
    }

    private static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.0f MiB", bytes / (1024.0 * 1024.0));
    }
}
