package io.aqueduct.tpch.bench;

import static io.aqueduct.tpch.bench.MarkdownReport.alignment;
import static io.aqueduct.tpch.bench.MarkdownReport.appendRow;
import static io.aqueduct.tpch.bench.MarkdownReport.millis;
import static io.aqueduct.tpch.bench.MarkdownReport.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders a {@link TaskCountReport} as Markdown: per query the AQE-on, AQE-off and best fixed-count
 * medians with the ratios, then every fixed count's medians, the best single fixed count and the failures.
 */
final class TaskCountMarkdown {
    private TaskCountMarkdown() {}

    static String render(TaskCountReport report) {
        StringBuilder markdown = new StringBuilder();
        markdown.append("# TPC-H SF ")
                .append(report.scaleFactor().label())
                .append(": adaptive, static and fixed task counts\n\n");
        markdown.append(describeSetup(report)).append("\n\n");
        List<String> header = List.of(
                "Query",
                "AQE on",
                "AQE off",
                "Best fixed count",
                "Best fixed",
                "On/off",
                "On/best fixed",
                "Rows match");
        appendRow(markdown, header);
        appendRow(markdown, alignment(header.size()));
        for (int query : report.queries()) {
            appendRow(markdown, comparisonRow(report, query));
        }
        appendRow(markdown, comparisonTotalRow(report));

        markdown.append("\nMedian per fixed task count (AQE off):\n\n");
        List<String> fixedHeader = new ArrayList<>(List.of("Query"));
        report.fixed().keySet().forEach(count -> fixedHeader.add("Fixed " + count));
        appendRow(markdown, fixedHeader);
        appendRow(markdown, alignment(fixedHeader.size()));
        for (int query : report.queries()) {
            List<String> cells = new ArrayList<>(List.of("Q" + query));
            report.fixed().values().forEach(mode -> cells.add(median(mode, query)));
            appendRow(markdown, cells);
        }
        List<String> totals = new ArrayList<>(List.of(totalLabel(report)));
        report.fixed().values().forEach(mode -> totals.add(millis(report.totalMedian(mode))));
        appendRow(markdown, totals);

        report.bestSingleFixedCount().ifPresent(count -> {
            double total = report.totalMedian(report.fixed().get(count));
            markdown.append("\nBest single fixed count over all queries: ")
                    .append(count)
                    .append(" (total ")
                    .append(millis(total))
                    .append(" ms; AQE on total / it = ")
                    .append(ratio(report.totalMedian(report.adaptive()) / total))
                    .append(").\n");
        });
        List<String> failures = failures(report);
        if (!failures.isEmpty()) {
            markdown.append("\nFailures:\n\n");
            failures.forEach(failure -> markdown.append("- ").append(failure).append('\n'));
        }
        return markdown.toString();
    }

    private static String describeSetup(TaskCountReport report) {
        String counts = report.fixed().keySet().stream().map(String::valueOf).collect(Collectors.joining(", "));
        return ("Aqueduct (%s), one session per mode on the same cluster, every mode of a query run before the next"
                        + " query: AQE on (adaptive task counts), AQE off (static counts from statistics), and AQE off"
                        + " with distributed.fixed_task_count = %s. One warm-up run, then %d timed iteration%s per query"
                        + " and mode; times are medians in ms, each reading every row. Best fixed = the fixed count with"
                        + " the lowest median for the query. On/off and On/best fixed = AQE-on median / the other median"
                        + " (below 1: AQE on was faster); totals cover queries that completed in every mode.")
                .formatted(report.target(), counts, report.iterations(), report.iterations() == 1 ? "" : "s");
    }

    private static List<String> comparisonRow(TaskCountReport report, int query) {
        List<String> cells = new ArrayList<>(List.of("Q" + query));
        cells.add(median(report.adaptive(), query));
        cells.add(median(report.staticCounts(), query));
        Optional<TaskCountReport.FixedChoice> best = report.bestFixed(query);
        cells.add(best.map(choice -> Integer.toString(choice.taskCount())).orElse(""));
        cells.add(best.map(choice -> millis(choice.medianMillis())).orElse("failed"));
        cells.add(report.adaptiveToStatic(query).map(MarkdownReport::ratio).orElse(""));
        cells.add(report.adaptiveToBestFixed(query).map(MarkdownReport::ratio).orElse(""));
        cells.add(report.rowCountsAgree(query)
                .map(agree -> agree ? "yes" : "**NO**")
                .orElse(""));
        return cells;
    }

    private static List<String> comparisonTotalRow(TaskCountReport report) {
        boolean covered = !report.queriesCompletedByAll().isEmpty();
        return List.of(
                totalLabel(report),
                covered ? millis(report.totalMedian(report.adaptive())) : "",
                covered ? millis(report.totalMedian(report.staticCounts())) : "",
                covered ? "per query" : "",
                covered ? millis(report.totalBestFixed()) : "",
                report.totalAdaptiveToStatic().map(MarkdownReport::ratio).orElse(""),
                report.totalAdaptiveToBestFixed().map(MarkdownReport::ratio).orElse(""),
                "");
    }

    private static String totalLabel(TaskCountReport report) {
        int covered = report.queriesCompletedByAll().size();
        return covered == report.queries().size()
                ? "**Total**"
                : "**Total** (%d of %d)".formatted(covered, report.queries().size());
    }

    private static String median(EngineResults mode, int query) {
        return mode.completed(query)
                .map(run -> millis(run.timings().medianMillis()))
                .orElse("failed");
    }

    private static List<String> failures(TaskCountReport report) {
        List<String> failures = new ArrayList<>();
        for (EngineResults mode : report.modes()) {
            for (QueryRun run : mode.runs()) {
                if (run instanceof QueryRun.Failed failed) {
                    failures.add("%s Q%d: %s".formatted(mode.engine(), failed.query(), failed.message()));
                }
            }
        }
        return failures;
    }
}
