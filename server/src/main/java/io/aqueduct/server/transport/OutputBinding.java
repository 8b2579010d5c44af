package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.stage.OutputPartitioning;

/** The coordinator's word to a late-bound producer task: route your output this way into this many partitions. */
public record OutputBinding(int partitionCount, OutputPartitioning partitioning) {
    /** What a producer task's late-bound head holds before it is bound; then the task waits. */
    public static final long SAMPLE_BUDGET_BYTES = 4L << 20;

    /**
     * @param partitioning how to route, which may differ from the plan's when a decision changed the
     *     boundary (a shuffle switched to broadcast or forward)
     */
    @JsonCreator
    public OutputBinding(
            @JsonProperty("partitionCount") int partitionCount,
            @JsonProperty("partitioning") OutputPartitioning partitioning) {
        if (partitionCount <= 0) {
            throw new IllegalArgumentException("partitionCount must be positive: " + partitionCount);
        }
        this.partitionCount = partitionCount;
        this.partitioning = partitioning;
    }
}
