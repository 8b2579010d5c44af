package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** What a worker tells about itself: its URL, its processors and the tasks it holds. */
public record WorkerInfo(String url, int processors, int activeTasks) {
    @JsonCreator
    public WorkerInfo(
            @JsonProperty("url") String url,
            @JsonProperty("processors") int processors,
            @JsonProperty("activeTasks") int activeTasks) {
        this.url = url;
        this.processors = processors;
        this.activeTasks = activeTasks;
    }
}
