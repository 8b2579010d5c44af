package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a worker tells about itself: its URL and process, its processors, the tasks it holds now,
 * its memory, and the ids of the tasks it ran most recently (newest last).
 */
public record WorkerInfo(
        String url, long pid, int processors, int activeTasks, WorkerMemory memory, List<String> recentTaskIds) {
    @JsonCreator
    public WorkerInfo(
            @JsonProperty("url") String url,
            @JsonProperty("pid") long pid,
            @JsonProperty("processors") int processors,
            @JsonProperty("activeTasks") int activeTasks,
            @JsonProperty("memory") WorkerMemory memory,
            @JsonProperty("recentTaskIds") List<String> recentTaskIds) {
        this.url = url;
        this.pid = pid;
        this.processors = processors;
        this.activeTasks = activeTasks;
        this.memory = memory;
        this.recentTaskIds = List.copyOf(recentTaskIds);
    }
}
