package io.aqueduct.server.finalplan;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.aqe.AqeDecision;
import java.util.List;

/**
 * One stage as it ran.
 *
 * @param output the boundary above the stage as it ran, e.g. {@code Shuffle on [0] to stage 3}
 * @param estimatedOutputBytes the output its consumer's decision extrapolated from samples, or -1
 * @param initialPlan the operators as planned, when a decision changed them (else empty)
 * @param operators the operators as they ran, in pre-order, with metrics summed over tasks
 */
public record StageRun(
        int stageId,
        String output,
        int plannedTasks,
        int finalTasks,
        long estimatedOutputBytes,
        List<AqeDecision> decisions,
        List<String> initialPlan,
        List<OperatorRun> operators,
        List<TaskRun> tasks) {
    public StageRun {
        decisions = List.copyOf(decisions);
        initialPlan = List.copyOf(initialPlan);
        operators = List.copyOf(operators);
        tasks = List.copyOf(tasks);
    }

    @JsonProperty
    public long outputRows() {
        return tasks.stream().mapToLong(TaskRun::outputRows).sum();
    }

    @JsonProperty
    public long outputBytes() {
        return tasks.stream().mapToLong(TaskRun::outputBytes).sum();
    }

    /** Rows the stage read: from its table scans and from the stages below. */
    @JsonProperty
    public long inputRows() {
        return tasks.stream().mapToLong(TaskRun::inputRows).sum();
    }
}
