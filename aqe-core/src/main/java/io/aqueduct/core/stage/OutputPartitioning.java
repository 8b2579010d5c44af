package io.aqueduct.core.stage;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The routing of a stage's output: its kind and, for HASH, the key columns. */
public record OutputPartitioning(PartitioningKind kind, List<Integer> keys) {
    public static final OutputPartitioning SINGLE = new OutputPartitioning(PartitioningKind.SINGLE, List.of());
    public static final OutputPartitioning BROADCAST = new OutputPartitioning(PartitioningKind.BROADCAST, List.of());

    @JsonCreator
    public OutputPartitioning(@JsonProperty("kind") PartitioningKind kind, @JsonProperty("keys") List<Integer> keys) {
        this.kind = kind;
        this.keys = List.copyOf(keys);
    }

    public static OutputPartitioning hash(List<Integer> keys) {
        return new OutputPartitioning(PartitioningKind.HASH, keys);
    }

    /** The name of the network boundary above a stage with this output. */
    public String boundaryName() {
        return switch (kind) {
            case SINGLE -> "Coalesce";
            case HASH -> "Shuffle";
            case BROADCAST -> "Broadcast";
        };
    }
}
