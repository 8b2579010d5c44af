package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The coordinator's word to a late-bound producer task: route your output into this many partitions. */
public record OutputBinding(int partitionCount) {
    /** What a producer task's late-bound head holds before it is bound; then the task waits. */
    public static final long SAMPLE_BUDGET_BYTES = 4L << 20;

    @JsonCreator
    public OutputBinding(@JsonProperty("partitionCount") int partitionCount) {
        if (partitionCount <= 0) {
            throw new IllegalArgumentException("partitionCount must be positive: " + partitionCount);
        }
        this.partitionCount = partitionCount;
    }
}
