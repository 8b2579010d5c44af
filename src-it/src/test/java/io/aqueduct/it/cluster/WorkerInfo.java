package io.aqueduct.it.cluster;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A worker's answer to {@code GET /v1/info}: its URL and process id, the tasks it holds now, the Arrow
 * memory they hold, and the ids ({@code <queryId>.<stageId>.<taskIndex>}) of the tasks it ran most
 * recently, newest last.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkerInfo(
        String url, long pid, int processors, int activeTasks, long allocatedBytes, List<String> recentTaskIds) {
    public WorkerInfo {
        recentTaskIds = List.copyOf(recentTaskIds);
    }

    /** No task held and no Arrow memory allocated: what every worker returns to after a query. */
    public boolean isIdle() {
        return activeTasks == 0 && allocatedBytes == 0;
    }
}
