package io.aqueduct.server.coordinator;

import java.util.Map;
import java.util.OptionalInt;

/**
 * One adaptive decision about a stage: what was decided ({@code rule}), from what to what, on which
 * measured inputs, and why in words. Kept with the query for EXPLAIN ANALYZE and the system tables.
 *
 * @param broadcastBuildStage for a switch to a broadcast join, the stage whose output is broadcast
 */
public record StageDecision(
        int stageId,
        String rule,
        int plannedTasks,
        int finalTasks,
        Map<String, Object> inputs,
        String reason,
        OptionalInt broadcastBuildStage) {
    /** The stage's task count was decided. */
    public static final String TASK_COUNT = "task_count";
    /** A planned partitioned join runs as a broadcast join: build side replicated, probe side forwarded. */
    public static final String BROADCAST_SWITCH = "broadcast_switch";

    public StageDecision {
        inputs = Map.copyOf(inputs);
    }

    static StageDecision taskCount(
            int stageId, int plannedTasks, int finalTasks, Map<String, Object> inputs, String reason) {
        return new StageDecision(stageId, TASK_COUNT, plannedTasks, finalTasks, inputs, reason, OptionalInt.empty());
    }

    static StageDecision broadcastSwitch(
            int stageId, int plannedTasks, int finalTasks, Map<String, Object> inputs, String reason, int buildStage) {
        return new StageDecision(
                stageId, BROADCAST_SWITCH, plannedTasks, finalTasks, inputs, reason, OptionalInt.of(buildStage));
    }

    public boolean switchesToBroadcast() {
        return broadcastBuildStage.isPresent();
    }
}
