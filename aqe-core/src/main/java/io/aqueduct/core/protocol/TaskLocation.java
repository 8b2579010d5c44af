package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a task runs: its worker's address (over HTTP its base URL, http://host:port) and its id there. */
public record TaskLocation(String workerUrl, String taskId) {
    @JsonCreator
    public TaskLocation(@JsonProperty("workerUrl") String workerUrl, @JsonProperty("taskId") String taskId) {
        this.workerUrl = workerUrl;
        this.taskId = taskId;
    }
}
