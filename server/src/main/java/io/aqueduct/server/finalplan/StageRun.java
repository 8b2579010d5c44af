package io.aqueduct.server.finalplan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.stage.StagePlanPrinter;
import java.util.List;

/**
 * One stage as it ran. Derived figures (rows per task, skew, the estimate's q-error) are methods, so that every
 * rendering computes them the same way.
 *
 * @param boundary the boundary above the stage as it ran, and as planned when a decision changed it
 * @param estimatedOutputBytes the output its consumer's decision extrapolated from samples, or -1
 * @param plannedFragment the operators as planned, when a decision changed them (else null)
 * @param operators the operators as they ran, in pre-order, with metrics summed over tasks
 */
@JsonPropertyOrder({
    "stageId",
    "boundary",
    "output",
    "plannedTasks",
    "finalTasks",
    "estimatedOutputBytes",
    "decisions",
    "initialPlan",
    "operators",
    "tasks",
    "outputRows",
    "outputBytes",
    "inputRows"
})
public record StageRun(
        int stageId,
        StageOutput boundary,
        int plannedTasks,
        int finalTasks,
        long estimatedOutputBytes,
        List<AqeDecision> decisions,
        @JsonIgnore PlanNode plannedFragment,
        List<OperatorRun> operators,
        List<TaskRun> tasks) {
    /** A stage whose largest task read more than this times the median task's rows is flagged as skewed. */
    public static final double SKEW_WARNING_RATIO = 2.0;

    public StageRun {
        decisions = List.copyOf(decisions);
        operators = List.copyOf(operators);
        tasks = List.copyOf(tasks);
    }

    /** The boundary above the stage as text, e.g. {@code Shuffle on [0] to stage 3}. */
    @JsonProperty
    public String output() {
        return boundary.text();
    }

    /** The operators as planned, one line each, when a decision changed them; else empty. */
    @JsonProperty
    public List<String> initialPlan() {
        return plannedFragment == null ? List.of() : StagePlanPrinter.fragment(plannedFragment, 0);
    }

    /** The rows each task read, ascending. */
    public List<Long> taskRowsIn() {
        return tasks.stream().map(TaskRun::inputRows).sorted().toList();
    }

    /** The median of the rows the tasks read, or -1 when no task reported. */
    public long medianTaskRowsIn() {
        List<Long> rows = taskRowsIn();
        return rows.isEmpty() ? -1 : rows.get(rows.size() / 2);
    }

    /** Whether the stage's busiest task read more than {@link #SKEW_WARNING_RATIO} times the median task's rows. */
    public boolean skewWarning() {
        List<Long> rows = taskRowsIn();
        if (rows.size() < 2) {
            return false;
        }
        return rows.get(rows.size() - 1) > SKEW_WARNING_RATIO * Math.max(medianTaskRowsIn(), 1);
    }

    /** The largest task's rows over the median task's (at least one row). */
    public double skew() {
        List<Long> rows = taskRowsIn();
        return rows.isEmpty() ? 1 : (double) rows.get(rows.size() - 1) / Math.max(medianTaskRowsIn(), 1);
    }

    /** Whether its consumer estimated the stage's output from samples. */
    public boolean estimated() {
        return estimatedOutputBytes >= 0;
    }

    /** The estimate's error against the actual output bytes ({@link #qError(long, long)}); 1 when not estimated. */
    public double qError() {
        return estimated() ? qError(estimatedOutputBytes, outputBytes()) : 1;
    }

    /** max(estimate / actual, actual / estimate), with both at least one byte. */
    public static double qError(long estimate, long actual) {
        double e = Math.max(1, estimate);
        double a = Math.max(1, actual);
        return Math.max(e / a, a / e);
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
