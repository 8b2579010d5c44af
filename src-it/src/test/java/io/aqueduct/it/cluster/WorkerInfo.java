package io.aqueduct.it.cluster;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A worker's answer to {@code GET /v1/info}: its URL and process id, the tasks it holds now, the Arrow
 * memory they hold, and the ids ({@code <queryId>.<stageId>.<taskIndex>}) of the tasks it ran most
 * recently, newest last.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkerInfo(
        String url, long pid, int processors, int activeTasks, Memory memory, List<String> recentTaskIds) {
    /** The part of the worker's memory figures the tests read. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Memory(long taskBytes) {}

    public WorkerInfo {
        requireNonNull(memory, "memory is null");
        recentTaskIds = List.copyOf(recentTaskIds);
    }

    /** The Arrow memory the worker's tasks hold. */
    public long allocatedBytes() {
        return memory.taskBytes();
    }

    /** No task held and no Arrow memory allocated: what every worker returns to after a query. */
    public boolean isIdle() {
        return activeTasks == 0 && allocatedBytes() == 0;
    }
}
