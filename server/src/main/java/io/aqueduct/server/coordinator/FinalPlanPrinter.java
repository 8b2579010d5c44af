package io.aqueduct.server.coordinator;

import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.stage.StagePlanPrinter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
            Map<Integer, List<Long>> taskOutputRows) {
        List<String> lines = new ArrayList<>();
        lines.add("Query " + queryId + ": " + resultRows + " rows in " + elapsedMillis
                + " ms; adaptive decisions were made at runtime from sampled producer output.");
        for (int i = plan.stages().size() - 1; i >= 0; i--) {
            Stage stage = plan.stages().get(i);
            StageDecision decision = decisions.stream()
                    .filter(d -> d.stageId() == stage.id())
                    .findFirst()
                    .orElseThrow();
            List<Long> rows = taskOutputRows.getOrDefault(stage.id(), List.of());
            lines.add("Stage " + stage.id() + " [tasks " + decision.plannedTasks() + " -> " + decision.finalTasks()
                    + ", " + output(plan, stage, decisions) + "] " + rowsSummary(rows));
            lines.add("  decision " + decision.rule() + ": " + decision.reason());
            lines.addAll(StagePlanPrinter.fragment(stage.fragment(), 1));
        }
        return lines;
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
                .anyMatch(d ->
                        d.stageId() == consumer && d.inputs().get("build_stage").equals(stage.id()));
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
