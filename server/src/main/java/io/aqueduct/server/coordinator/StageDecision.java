package io.aqueduct.server.coordinator;

import java.util.Map;

/**
 * One adaptive decision about a stage: what was decided ({@code rule}), from what to what, on which
 * measured inputs, and why in words. Kept with the query for EXPLAIN ANALYZE and the system tables.
 */
public record StageDecision(
        int stageId, String rule, int plannedTasks, int finalTasks, Map<String, Object> inputs, String reason) {
    /** The stage's task count was decided. */
    public static final String TASK_COUNT = "task_count";
    /** A planned partitioned join runs as a broadcast join: build side replicated, probe side forwarded. */
    public static final String BROADCAST_SWITCH = "broadcast_switch";

    public StageDecision {
        inputs = Map.copyOf(inputs);
    }

    public boolean switchesToBroadcast() {
        return rule.equals(BROADCAST_SWITCH);
    }
}
