package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A snapshot of a task for the coordinator: its state, rows produced so far and its failure, if any. */
public record TaskStatus(String taskId, TaskState state, long outputRows, ErrorInfo error) {
    @JsonCreator
    public TaskStatus(
            @JsonProperty("taskId") String taskId,
            @JsonProperty("state") TaskState state,
            @JsonProperty("outputRows") long outputRows,
            @JsonProperty("error") ErrorInfo error) {
        this.taskId = taskId;
        this.state = state;
        this.outputRows = outputRows;
        this.error = error;
    }
}
