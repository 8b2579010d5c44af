package io.aqueduct.core.aqe;

import java.util.List;

/** Every adaptive rule, in one place, in the order they apply to a stage about to start. */
public final class AdaptiveRules {
    private AdaptiveRules() {}

    public static final PartitionedSwitchRule PARTITIONED_SWITCH = new PartitionedSwitchRule();
    public static final JoinSwapRule JOIN_SWAP = new JoinSwapRule();
    public static final BroadcastSwitchRule BROADCAST_SWITCH = new BroadcastSwitchRule();
    public static final TaskCountRule TASK_COUNT = new TaskCountRule();
    public static final SkewSplitRule SKEW_SPLIT = new SkewSplitRule();
    public static final CoalesceRule COALESCE = new CoalesceRule();

    /**
     * Checked before a stage is decided, each until one re-plans it: the stage is then decided anew in the new plan.
     */
    public static final List<AdaptiveRule> BEFORE_START = List.of(PARTITIONED_SWITCH, JOIN_SWAP);

    /** Applied in turn to a stage reading shuffled input, once its producers are sampled, until one settles it. */
    public static final List<AdaptiveRule> SHUFFLED_INPUT = List.of(BROADCAST_SWITCH, TASK_COUNT, SKEW_SPLIT, COALESCE);

    /** All of them. */
    public static final List<AdaptiveRule> ALL =
            List.of(PARTITIONED_SWITCH, JOIN_SWAP, BROADCAST_SWITCH, TASK_COUNT, SKEW_SPLIT, COALESCE);
}
