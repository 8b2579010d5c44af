package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The upstream tasks a remote source reads, and which of their output partitions it reads from each. */
public record RemoteSource(List<TaskLocation> producers, List<Integer> partitions) {
    @JsonCreator
    public RemoteSource(
            @JsonProperty("producers") List<TaskLocation> producers,
            @JsonProperty("partitions") List<Integer> partitions) {
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("a remote source reads at least one partition");
        }
        this.producers = List.copyOf(producers);
        this.partitions = List.copyOf(partitions);
    }
}
