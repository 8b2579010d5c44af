package io.aqueduct.server.coordinator;

import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.stage.StagePlanPrinter;
import io.aqueduct.server.transport.TaskStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Renders the plan that ran, for EXPLAIN ANALYZE: each stage with its planned and final task count,
 * the rows its tasks produced (total, and min/median/max per task, with a warning when the largest
 * task has more than twice the median), the adaptive decision with its reason, then its operators.
 */
final class FinalPlanPrinter {
    private static final double SKEW_WARNING_RATIO = 2.0;

    private FinalPlanPrinter() {}

    static List<String> lines(
            String queryId,
            long resultRows,
            long elapsedMillis,
            StagePlan plan,
            List<StageDecision> decisions,
            Map<Integer, List<TaskStatus>> taskStatuses) {
        List<String> lines = new ArrayList<>();
        lines.add("Query " + queryId + ": " + resultRows + " rows in " + elapsedMillis
                + " ms; adaptive decisions were made at runtime from sampled producer output.");
        for (int i = plan.stages().size() - 1; i >= 0; i--) {
            Stage stage = plan.stages().get(i);
            StageDecision decision = decisions.stream()
                    .filter(d -> d.stageId() == stage.id())
                    .findFirst()
                    .orElseThrow();
            List<TaskStatus> tasks = taskStatuses.getOrDefault(stage.id(), List.of());
            List<Long> rows = tasks.stream().map(TaskStatus::outputRows).toList();
            long bytes = tasks.stream().mapToLong(TaskStatus::outputBytes).sum();
            lines.add("Stage " + stage.id() + " [tasks " + decision.plannedTasks() + " -> " + decision.finalTasks()
                    + ", " + output(plan, stage, decisions) + "] " + rowsSummary(rows) + ", " + bytes + " bytes");
            lines.add("  decision " + decision.rule() + ": " + decision.reason());
            estimatedBytes(stage.id(), decisions)
                    .ifPresent(estimate -> lines.add("  estimate: " + estimate
                            + " bytes sampled and extrapolated before the consumer started, actual " + bytes
                            + " bytes, q-error "
                            + String.format("%.2f", qError(estimate, bytes))));
            lines.addAll(StagePlanPrinter.fragment(stage.fragment(), 1));
        }
        return lines;
    }

    /** The output estimate a consumer's decision made of this stage, if one did. */
    static java.util.Optional<Long> estimatedBytes(int stageId, List<StageDecision> decisions) {
        String key = "stage_" + stageId + "_estimated_bytes";
        return decisions.stream()
                .map(d -> d.inputs().get(key))
                .filter(java.util.Objects::nonNull)
                .map(value -> ((Number) value).longValue())
                .findFirst();
    }

    /** max(estimate / actual, actual / estimate), with both at least one byte. */
    static double qError(long estimate, long actual) {
        double e = Math.max(1, estimate);
        double a = Math.max(1, actual);
        return Math.max(e / a, a / e);
    }

    /** The boundary above the stage as it ran: a broadcast switch turns the join's shuffles around. */
    private static String output(StagePlan plan, Stage stage, List<StageDecision> decisions) {
        String planned = StagePlanPrinter.output(plan, stage);
        if (stage == plan.root()) {
            return planned;
        }
        int consumer = plan.consumerOf(stage.id()).id();
        boolean switched = decisions.stream().anyMatch(d -> d.stageId() == consumer && d.switchesToBroadcast());
        if (!switched) {
            return planned;
        }
        boolean build = decisions.stream()
                .anyMatch(
                        d -> d.stageId() == consumer && d.broadcastBuildStage().equals(OptionalInt.of(stage.id())));
        return (build ? "Broadcast" : "Forward") + " to stage " + consumer + " (runtime switch; planned " + planned
                + ")";
    }

    private static String rowsSummary(List<Long> rows) {
        if (rows.isEmpty()) {
            return "rows out 0";
        }
        List<Long> sorted = rows.stream().sorted().toList();
        long total = sorted.stream().mapToLong(Long::longValue).sum();
        long median = sorted.get(sorted.size() / 2);
        long max = sorted.get(sorted.size() - 1);
        String skew = sorted.size() > 1 && max > SKEW_WARNING_RATIO * Math.max(median, 1)
                ? " SKEW: largest task has " + String.format("%.1f", (double) max / Math.max(median, 1))
                        + "x the median"
                : "";
        return "rows out " + total + " (per task min " + sorted.get(0) + ", median " + median + ", max " + max + ")"
                + skew;
    }
}
