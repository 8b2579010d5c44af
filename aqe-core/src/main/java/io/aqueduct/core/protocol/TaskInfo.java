package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.exec.OperatorMetrics;
import java.util.List;

/**
 * What a task did, for reporting: its identity, lifecycle, output, memory and the metrics of its operators and
 * exchanges. A worker answers it live ({@code GET /v1/task/{id}/info}) and, final, when the task is released
 * ({@code DELETE /v1/task/{id}}). Metrics of a task that failed or was canceled cover the work done until it stopped.
 *
 * @param startEpochMillis when the task's thread started running it; 0 before
 * @param endEpochMillis when the task's thread stopped (finished, failed or noticed the cancel); 0 while it runs
 * @param outputRows rows the task's root operator produced
 * @param outputBytes Arrow buffer bytes of those rows
 * @param peakMemoryBytes the peak of the task's allocator: everything the task held in Arrow memory at once, its
 *     operators, held sample and output buffer included, along with reserved heap state of hash tables
 * @param operators one entry per plan node of the fragment, in pre-order ({@link OperatorMetrics#operatorId()});
 *     empty if the task failed before its operators were built
 * @param exchanges one entry per remote source, in the order the task built them
 * @param error the failure, or null
 */
public record TaskInfo(
        String taskId,
        int stageId,
        int taskIndex,
        String workerUrl,
        TaskState state,
        long startEpochMillis,
        long endEpochMillis,
        long outputRows,
        long outputBytes,
        long peakMemoryBytes,
        List<OperatorMetrics> operators,
        List<ExchangeMetrics> exchanges,
        ErrorInfo error) {
    @JsonCreator
    public TaskInfo(
            @JsonProperty("taskId") String taskId,
            @JsonProperty("stageId") int stageId,
            @JsonProperty("taskIndex") int taskIndex,
            @JsonProperty("workerUrl") String workerUrl,
            @JsonProperty("state") TaskState state,
            @JsonProperty("startEpochMillis") long startEpochMillis,
            @JsonProperty("endEpochMillis") long endEpochMillis,
            @JsonProperty("outputRows") long outputRows,
            @JsonProperty("outputBytes") long outputBytes,
            @JsonProperty("peakMemoryBytes") long peakMemoryBytes,
            @JsonProperty("operators") List<OperatorMetrics> operators,
            @JsonProperty("exchanges") List<ExchangeMetrics> exchanges,
            @JsonProperty("error") ErrorInfo error) {
        this.taskId = taskId;
        this.stageId = stageId;
        this.taskIndex = taskIndex;
        this.workerUrl = workerUrl;
        this.state = state;
        this.startEpochMillis = startEpochMillis;
        this.endEpochMillis = endEpochMillis;
        this.outputRows = outputRows;
        this.outputBytes = outputBytes;
        this.peakMemoryBytes = peakMemoryBytes;
        this.operators = operators == null ? List.of() : List.copyOf(operators);
        this.exchanges = exchanges == null ? List.of() : List.copyOf(exchanges);
        this.error = error;
    }
}
