package io.aqueduct.server.finalplan;

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
    /** A stage whose largest task has more than this times the median task's rows is flagged. */
    public static final double SKEW_WARNING_RATIO = 2.0;

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
            if (verbose && !decision.inputs().isEmpty()) {
                lines.add("    inputs: " + inputs(decision.inputs()));
            }
        }
        if (stage.estimatedOutputBytes() >= 0) {
            lines.add(
                    "  estimate: %d bytes sampled and extrapolated before the consumer started, actual %d bytes, q-error %s"
                            .formatted(
                                    stage.estimatedOutputBytes(),
                                    stage.outputBytes(),
                                    format(qError(stage.estimatedOutputBytes(), stage.outputBytes()))));
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
                                + " network %d bytes in %d ms, peak memory %d bytes%s")
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
    static String taskSpread(StageRun stage) {
        List<Long> rows = taskRowsIn(stage);
        if (rows.isEmpty()) {
            return "no task reported";
        }
        long median = rows.get(rows.size() / 2);
        long max = rows.get(rows.size() - 1);
        String spread = "rows in per task min %d, median %d, max %d".formatted(rows.get(0), median, max);
        if (skewWarning(stage)) {
            spread += "; SKEW: the largest task has " + format((double) max / Math.max(median, 1)) + "x the median";
        }
        return spread;
    }

    /** Whether the stage's busiest task read more than {@link #SKEW_WARNING_RATIO} times the median task's rows. */
    public static boolean skewWarning(StageRun stage) {
        List<Long> rows = taskRowsIn(stage);
        if (rows.size() < 2) {
            return false;
        }
        long median = rows.get(rows.size() / 2);
        return rows.get(rows.size() - 1) > SKEW_WARNING_RATIO * Math.max(median, 1);
    }

    /** The rows each task read, ascending. */
    public static List<Long> taskRowsIn(StageRun stage) {
        return stage.tasks().stream().map(TaskRun::inputRows).sorted().toList();
    }

    /** max(estimate / actual, actual / estimate), with both at least one byte. */
    public static double qError(long estimate, long actual) {
        double e = Math.max(1, estimate);
        double a = Math.max(1, actual);
        return Math.max(e / a, a / e);
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
