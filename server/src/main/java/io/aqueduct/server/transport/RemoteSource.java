package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The upstream tasks a remote source reads, and which of their output partitions. */
public record RemoteSource(List<TaskLocation> producers, int partition) {
    @JsonCreator
    public RemoteSource(
            @JsonProperty("producers") List<TaskLocation> producers, @JsonProperty("partition") int partition) {
        this.producers = List.copyOf(producers);
        this.partition = partition;
    }
}
