package io.aqueduct.core.plan;

/** How a join's inputs reach its tasks, as the distributed planner decided. */
public enum JoinDistribution {
    /** Not distributed yet: the single-node plan. */
    UNDECIDED,
    /** The build side is replicated to every probe task; the probe side stays where it is. */
    BROADCAST,
    /** Both sides are shuffled on their keys into the same partitions. */
    PARTITIONED
}
