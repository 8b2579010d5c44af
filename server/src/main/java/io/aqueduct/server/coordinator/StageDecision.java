package io.aqueduct.server.coordinator;

import java.util.Map;

/**
 * One adaptive decision about a stage: what was decided ({@code rule}), from what to what, on which
 * measured inputs, and why in words. Kept with the query for EXPLAIN ANALYZE and the system tables.
 */
public record StageDecision(
        int stageId, String rule, int plannedTasks, int finalTasks, Map<String, Object> inputs, String reason) {
    public StageDecision {
        inputs = Map.copyOf(inputs);
    }
}
