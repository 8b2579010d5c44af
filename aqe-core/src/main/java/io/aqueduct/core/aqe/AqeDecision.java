package io.aqueduct.core.aqe;

/**
 * One adaptive decision about a stage: which rule decided, from what to what, on which measured
 * inputs ({@link DecisionInputs}, typed per rule), whether it was adopted, and why in words. Kept with the query for EXPLAIN ANALYZE and
 * {@code sys.aqe_decisions}.
 */
public record AqeDecision(
        int stageId, String rule, String before, String after, boolean adopted, DecisionInputs inputs, String reason) {
    /** The stage's task count from its estimated cost (or kept static). */
    public static final String TASK_COUNT = "task_count";
    /** Hash buckets coalesced into contiguous ranges, one range per task. */
    public static final String COALESCE = "coalesce";
    /** A skewed bucket split into pieces, each read by its own task. */
    public static final String SKEW_SPLIT = "skew_split";
    /** A planned partitioned join runs as a broadcast join: build side replicated, probe side forwarded. */
    public static final String BROADCAST_SWITCH = "broadcast_switch";
    /** A planned broadcast join runs partitioned: its probe side cut into a stage of its own, both sides shuffled. */
    public static final String PARTITIONED_SWITCH = "partitioned_switch";

    /** A partitioned join builds on its other side: the build side turned out the larger at runtime. */
    public static final String JOIN_SWAP = "join_swap";

    public static AqeDecision adopted(
            int stageId, String rule, Object before, Object after, DecisionInputs inputs, String reason) {
        return new AqeDecision(stageId, rule, String.valueOf(before), String.valueOf(after), true, inputs, reason);
    }

    public static AqeDecision notAdopted(
            int stageId, String rule, Object before, DecisionInputs inputs, String reason) {
        return new AqeDecision(stageId, rule, String.valueOf(before), String.valueOf(before), false, inputs, reason);
    }
}
