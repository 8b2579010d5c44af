package io.aqueduct.server.finalplan;

import io.aqueduct.core.aqe.AqeDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a {@link FinalPlan} as EXPLAIN ANALYZE's text lines, root stage first: each stage with its
 * planned and final task count and the boundary above it, rows in and out, per-task min/median/max
 * (with a warning when the largest task has more than twice the median), each adaptive decision with
 * its inputs and reason, the estimate of its output against the actual size, and its operators with
 * their metrics. Verbose adds a line per task.
 */
public final class FinalPlanText {
    private FinalPlanText() {}

    public static List<String> lines(FinalPlan plan, boolean verbose) {
        List<String> lines = new ArrayList<>();
        lines.add("Query %s %s: %d rows in %d ms; adaptive decisions were made at runtime from sampled producer output."
                .formatted(plan.queryId(), plan.state(), plan.resultRows(), plan.elapsedMillis()));
        if (plan.error() != null) {
            lines.add("Error: " + plan.error());
        }
        for (int i = plan.stages().size() - 1; i >= 0; i--) {
            stage(plan.stages().get(i), verbose, lines);
        }
        return lines;
    }

    private static void stage(StageRun stage, boolean verbose, List<String> lines) {
        lines.add("Stage %d [tasks %d -> %d, %s]"
                .formatted(stage.stageId(), stage.plannedTasks(), stage.finalTasks(), stage.output()));
        lines.add("  rows in %d, rows out %d, bytes out %d; %s"
                .formatted(stage.inputRows(), stage.outputRows(), stage.outputBytes(), taskSpread(stage)));
        for (AqeDecision decision : stage.decisions()) {
            lines.add("  decision %s%s: %s -> %s: %s"
                    .formatted(
                            decision.rule(),
                            decision.adopted() ? "" : " (not adopted)",
                            decision.before(),
                            decision.after(),
                            decision.reason()));
            if (verbose && !decision.inputs().view().isEmpty()) {
                lines.add("    inputs: " + inputs(decision.inputs().view()));
            }
        }
        if (stage.estimated()) {
            lines.add(
                    "  estimate: %d bytes sampled and extrapolated before the consumer started, actual %d bytes, q-error %s"
                            .formatted(stage.estimatedOutputBytes(), stage.outputBytes(), format(stage.qError())));
        }
        if (!stage.initialPlan().isEmpty()) {
            lines.add("  planned operators (before the runtime switch):");
            stage.initialPlan().forEach(line -> lines.add("    " + line));
            lines.add("  operators as run:");
        }
        for (OperatorRun operator : stage.operators()) {
            lines.add("  " + "  ".repeat(operator.depth()) + operator.description() + "  " + metrics(operator));
        }
        if (verbose) {
            for (TaskRun task : stage.tasks()) {
                lines.add(("    task %d on %s: %s, %s, %d-%d ms, rows in %d, rows out %d, bytes out %d,"
                                + " network %d bytes in %d ms, local %d bytes, peak memory %d bytes%s")
                        .formatted(
                                task.taskIndex(),
                                task.worker(),
                                task.buckets().isEmpty() ? "all input" : task.buckets(),
                                task.state(),
                                task.startMillis(),
                                task.endMillis(),
                                task.inputRows(),
                                task.outputRows(),
                                task.outputBytes(),
                                task.networkBytes(),
                                task.networkMillis(),
                                task.localBytes(),
                                task.peakMemoryBytes(),
                                task.error() == null ? "" : ", error: " + task.error()));
            }
        }
    }

    private static String metrics(OperatorRun operator) {
        StringBuilder counters = new StringBuilder();
        operator.counters()
                .forEach((name, count) ->
                        counters.append(", ").append(name).append(' ').append(count));
        return "[rows %d, bytes %d, batches %d, self %s ms, total %s ms, peak memory %d bytes%s]"
                .formatted(
                        operator.outputRows(),
                        operator.outputBytes(),
                        operator.batches(),
                        format(operator.selfNanos() / 1e6),
                        format(operator.elapsedNanos() / 1e6),
                        operator.peakMemoryBytes(),
                        counters);
    }

    /** Rows in per task: min, median and max, and a warning when the max is over twice the median. */
    private static String taskSpread(StageRun stage) {
        List<Long> rows = stage.taskRowsIn();
        if (rows.isEmpty()) {
            return "no task reported";
        }
        String spread = "rows in per task min %d, median %d, max %d"
                .formatted(rows.get(0), stage.medianTaskRowsIn(), rows.get(rows.size() - 1));
        if (stage.skewWarning()) {
            spread += "; SKEW: the largest task has " + format(stage.skew()) + "x the median";
        }
        return spread;
    }

    private static String inputs(Map<String, Object> inputs) {
        return inputs.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining(", "));
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
