package io.aqueduct.tpch.bench;

import static io.aqueduct.tpch.bench.MarkdownReport.alignment;
import static io.aqueduct.tpch.bench.MarkdownReport.appendRow;
import static io.aqueduct.tpch.bench.MarkdownReport.millis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders a {@link SkewReport} as Markdown: the settings both modes ran with, one row per query with each
 * mode's median, min and max (ms), the row count, the ratio and whether the results were equal, the
 * totals, and every problem.
 */
final class SkewMarkdown {
    private SkewMarkdown() {}

    static String render(SkewReport report) {
        StringBuilder markdown = new StringBuilder();
        markdown.append(String.format(
                Locale.ROOT,
                "# Skew workload, skew.%s (%,d fact rows)\n\n",
                report.size().schema(),
                report.size().factRows()));
        markdown.append(describeSetup(report)).append("\n\n");
        List<String> header = new ArrayList<>(List.of("Query"));
        for (EngineResults mode : List.of(report.adaptive(), report.staticCounts())) {
            for (String statistic : List.of("median", "min", "max")) {
                header.add(mode.engine() + " " + statistic);
            }
        }
        header.addAll(List.of("Rows", "Ratio", "Results equal"));
        appendRow(markdown, header);
        appendRow(markdown, alignment(header.size()));
        for (int query : report.numbers()) {
            appendRow(markdown, queryRow(report, query));
        }
        appendRow(markdown, totalRow(report));
        List<String> problems = report.problems();
        if (!problems.isEmpty()) {
            markdown.append("\nProblems (the run fails):\n\n");
            problems.forEach(problem -> markdown.append("- ").append(problem).append('\n'));
        }
        return markdown.toString();
    }

    private static String describeSetup(SkewReport report) {
        String settings = report.settings().entrySet().stream()
                .map(setting -> setting.getKey() + " = " + setting.getValue())
                .collect(Collectors.joining(", "));
        return ("Aqueduct (%s), AQE on vs AQE off, one session each on the same cluster, both modes of a query run"
                        + " before the next query; both sessions set %s. One warm-up run per mode, then %d timed"
                        + " iteration%s per mode, alternating the modes run by run, each round in the order turned; times in ms, each reading every row. Ratio = AQE-on median / AQE-off"
                        + " median (below 1: AQE on was faster); totals cover queries that completed in both modes."
                        + " Results equal = one more run in each mode returned the same rows (compared in full, in"
                        + " any order).")
                .formatted(report.target(), settings, report.iterations(), report.iterations() == 1 ? "" : "s");
    }

    private static List<String> queryRow(SkewReport report, int query) {
        List<String> cells = new ArrayList<>(List.of(report.name(query)));
        Optional<Long> rows = Optional.empty();
        for (EngineResults mode : List.of(report.adaptive(), report.staticCounts())) {
            Optional<QueryRun.Completed> completed = mode.completed(query);
            if (completed.isPresent()) {
                TimingStatistics timings = completed.get().timings();
                cells.addAll(List.of(
                        millis(timings.medianMillis()), millis(timings.minMillis()), millis(timings.maxMillis())));
                rows = rows.or(() -> Optional.of(completed.get().rowCount()));
            } else {
                cells.addAll(List.of("failed", "", ""));
            }
        }
        cells.add(rows.map(String::valueOf).orElse(""));
        cells.add(report.ratio(query).map(MarkdownReport::ratio).orElse(""));
        ResultCheck check = report.check(query);
        cells.add(
                check instanceof ResultCheck.Equal
                        ? "yes"
                        : check instanceof ResultCheck.Different ? "**NO**" : "not compared");
        return cells;
    }

    private static List<String> totalRow(SkewReport report) {
        int covered = report.queriesCompletedByBoth().size();
        String label = covered == report.queries().size()
                ? "**Total**"
                : "**Total** (%d of %d)".formatted(covered, report.queries().size());
        List<String> cells = new ArrayList<>(List.of(label));
        for (EngineResults mode : List.of(report.adaptive(), report.staticCounts())) {
            cells.add(millis(report.total(mode, TimingStatistics::medianMillis)));
            cells.add(millis(report.total(mode, TimingStatistics::minMillis)));
            cells.add(millis(report.total(mode, TimingStatistics::maxMillis)));
        }
        cells.addAll(List.of("", report.totalRatio().map(MarkdownReport::ratio).orElse(""), ""));
        return cells;
    }
}
