package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A snapshot of a task for the coordinator: its state, rows and Arrow bytes produced so far, what its late-bound
 * output head has sampled, rows read from its driving input (the scan or remote source its output streams from) by the time the
 * last sampled batch came out ({@code sampledDrivingRows}: the sample's own completion, which excludes
 * batches still on their way through the operators), and its failure, if any. A long poll's answer once the head is
 * sampled as asked also carries the head's key profile ({@code keySample}; null otherwise), which the coordinator
 * would ask for next.
 */
public record TaskStatus(
        String taskId,
        TaskState state,
        long outputRows,
        long outputBytes,
        long sampledRows,
        long sampledBytes,
        boolean inputFinished,
        boolean outputBound,
        long sampledDrivingRows,
        ErrorInfo error,
        KeySample keySample) {
    @JsonCreator
    public TaskStatus(
            @JsonProperty("taskId") String taskId,
            @JsonProperty("state") TaskState state,
            @JsonProperty("outputRows") long outputRows,
            @JsonProperty("outputBytes") long outputBytes,
            @JsonProperty("sampledRows") long sampledRows,
            @JsonProperty("sampledBytes") long sampledBytes,
            @JsonProperty("inputFinished") boolean inputFinished,
            @JsonProperty("outputBound") boolean outputBound,
            @JsonProperty("sampledDrivingRows") long sampledDrivingRows,
            @JsonProperty("error") ErrorInfo error,
            @JsonProperty("keySample") KeySample keySample) {
        this.taskId = taskId;
        this.state = state;
        this.outputRows = outputRows;
        this.outputBytes = outputBytes;
        this.sampledRows = sampledRows;
        this.sampledBytes = sampledBytes;
        this.inputFinished = inputFinished;
        this.outputBound = outputBound;
        this.sampledDrivingRows = sampledDrivingRows;
        this.error = error;
        this.keySample = keySample;
    }

    /** This status carrying {@code sample}, the head's key profile. */
    public TaskStatus withKeySample(KeySample sample) {
        return new TaskStatus(
                taskId,
                state,
                outputRows,
                outputBytes,
                sampledRows,
                sampledBytes,
                inputFinished,
                outputBound,
                sampledDrivingRows,
                error,
                sample);
    }

    /**
     * The failure the tasks of {@code statuses} show, if one failed: the first root cause, else the first cancellation
     * (a task canceled because another failed is an echo; the other's error is the query's).
     */
    public static Optional<AqueductException> failure(List<TaskStatus> statuses) {
        return statuses.stream()
                .filter(status -> status.state() == TaskState.FAILED)
                .map(status -> status.error().toException())
                .min(Comparator.comparing(failure -> failure.errorCode() == ErrorCode.QUERY_CANCELED));
    }

    /** Whether the sampler has seen all it will see before the binding: its budget is used, or the input ended. */
    public boolean sampled(long sampleBudgetBytes) {
        return inputFinished || sampledBytes >= sampleBudgetBytes || state.isTerminal();
    }
}
