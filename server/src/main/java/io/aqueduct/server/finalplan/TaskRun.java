package io.aqueduct.server.finalplan;

import io.aqueduct.core.exec.OperatorMetrics;
import java.util.List;

/**
 * One task as it ran: where, on which buckets, from when to when (milliseconds since the query
 * started), what it read and produced, and its operators' metrics.
 *
 * @param buckets the shuffle buckets it read, e.g. {@code buckets 0-3} or {@code bucket 5 piece 1/3}
 * @param inputRows rows its table scans produced plus rows it received from other stages
 * @param networkBytes Arrow bytes it received from other stages' tasks on other workers
 * @param networkMillis time its readers spent waiting on remote streams
 * @param localBytes Arrow bytes it received from other stages' tasks on its own worker, handed over in memory
 * @param error the failure message, or null
 */
public record TaskRun(
        int taskIndex,
        String taskId,
        String worker,
        String buckets,
        String state,
        long startMillis,
        long endMillis,
        long inputRows,
        long outputRows,
        long outputBytes,
        long networkBytes,
        long networkMillis,
        long localBytes,
        long peakMemoryBytes,
        List<OperatorMetrics> operators,
        String error) {
    public TaskRun {
        operators = List.copyOf(operators);
    }
}
