package io.aqueduct.server.finalplan;

import java.util.Map;

/**
 * One operator of a stage, its metrics summed over the stage's tasks (peak memory: the largest of
 * any task).
 *
 * @param operatorId the pre-order index of the operator in the stage's fragment
 * @param depth its depth in the fragment, the root at 0
 * @param description the operator as EXPLAIN shows it
 * @param counters the operator's own counts summed over the tasks, by name in name order (a scan's split cache hits
 *     and misses); empty for most operators
 */
public record OperatorRun(
        int operatorId,
        int depth,
        String operator,
        String description,
        long outputRows,
        long outputBytes,
        long batches,
        long elapsedNanos,
        long selfNanos,
        long peakMemoryBytes,
        Map<String, Long> counters) {}
