package io.aqueduct.server.transport;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a task runs: its worker's base URL (http://host:port) and its id there. */
public record TaskLocation(String workerUrl, String taskId) {
    @JsonCreator
    public TaskLocation(@JsonProperty("workerUrl") String workerUrl, @JsonProperty("taskId") String taskId) {
        this.workerUrl = workerUrl;
        this.taskId = taskId;
    }
}
