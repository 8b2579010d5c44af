package io.aqueduct.core.stage;

/** How a stage routes its output rows to the tasks of the stage that consumes it. */
public enum PartitioningKind {
    /** Everything to one consumer task (a Coalesce boundary, or the result for the client). */
    SINGLE,
    /** Rows hashed on key columns, one partition per consumer task (a Shuffle boundary). */
    HASH,
    /** Every row to every consumer task (a Broadcast boundary). */
    BROADCAST
}
