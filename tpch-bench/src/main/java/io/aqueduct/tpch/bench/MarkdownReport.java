package io.aqueduct.tpch.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders a {@link BenchReport} as Markdown: a heading, a line on how it was measured, one table row per
 * query with each engine's median, min, max (ms) and row count, the totals, and the failures. The bench
 * prints this text and writes it to {@code results.md}.
 */
final class MarkdownReport {
    private MarkdownReport() {}

    static String render(BenchReport report) {
        StringBuilder markdown = new StringBuilder();
        markdown.append("# TPC-H SF ").append(report.scaleFactor().label()).append("\n\n");
        markdown.append(describeSetup(report)).append("\n\n");
        List<String> header = header(report);
        appendRow(markdown, header);
        appendRow(markdown, alignment(header.size()));
        for (int query : report.queries()) {
            appendRow(markdown, queryRow(report, query));
        }
        appendRow(markdown, totalRow(report));
        List<String> failures = failures(report);
        if (!failures.isEmpty()) {
            markdown.append("\nFailures:\n\n");
            failures.forEach(failure -> markdown.append("- ").append(failure).append('\n'));
        }
        return markdown.toString();
    }

    private static String describeSetup(BenchReport report) {
        String engines = report.baseline()
                .map(baseline -> "Aqueduct (%s) vs %s%s"
                        .formatted(
                                report.target(),
                                baseline.engine(),
                                baseline.engine().equals(DuckDbTpch.ENGINE) ? " (in-process, 2 threads)" : ""))
                .orElse("Aqueduct (%s)".formatted(report.target()));
        String ratio = report.baseline().isPresent()
                ? " Ratio = Aqueduct median / %s median; totals cover queries that completed on every engine."
                        .formatted(report.baseline().orElseThrow().engine())
                : "";
        String order = report.baseline().isPresent()
                ? ", alternating the engines run by run, each round in the order turned (A B, B A, ...)"
                : "";
        return "%s: one warm-up run, then %d timed iteration%s per query%s; times in ms, each reading every row.%s"
                .formatted(engines, report.iterations(), report.iterations() == 1 ? "" : "s", order, ratio);
    }

    private static List<String> header(BenchReport report) {
        List<String> cells = new ArrayList<>(List.of("Query"));
        for (EngineResults engine : report.engines()) {
            for (String statistic : List.of("median", "min", "max", "rows")) {
                cells.add(engine.engine() + " " + statistic);
            }
        }
        if (report.baseline().isPresent()) {
            cells.addAll(List.of("Ratio", "Rows match"));
        }
        return cells;
    }

    static List<String> alignment(int columns) {
        List<String> cells = new ArrayList<>(List.of("---"));
        for (int i = 1; i < columns; i++) {
            cells.add("---:");
        }
        return cells;
    }

    private static List<String> queryRow(BenchReport report, int query) {
        List<String> cells = new ArrayList<>(List.of("Q" + query));
        for (EngineResults engine : report.engines()) {
            Optional<QueryRun.Completed> completed = engine.completed(query);
            if (completed.isPresent()) {
                TimingStatistics timings = completed.get().timings();
                cells.add(millis(timings.medianMillis()));
                cells.add(millis(timings.minMillis()));
                cells.add(millis(timings.maxMillis()));
                cells.add(Long.toString(completed.get().rowCount()));
            } else {
                cells.addAll(List.of("failed", "", "", ""));
            }
        }
        if (report.baseline().isPresent()) {
            cells.add(report.ratio(query).map(MarkdownReport::ratio).orElse(""));
            cells.add(report.rowCountsAgree(query)
                    .map(agree -> agree ? "yes" : "**NO**")
                    .orElse(""));
        }
        return cells;
    }

    private static List<String> totalRow(BenchReport report) {
        int covered = report.queriesCompletedByAll().size();
        String label = covered == report.queries().size()
                ? "**Total**"
                : "**Total** (%d of %d)".formatted(covered, report.queries().size());
        List<String> cells = new ArrayList<>(List.of(label));
        for (EngineResults engine : report.engines()) {
            cells.add(millis(report.total(engine, TimingStatistics::medianMillis)));
            cells.add(millis(report.total(engine, TimingStatistics::minMillis)));
            cells.add(millis(report.total(engine, TimingStatistics::maxMillis)));
            cells.add("");
        }
        if (report.baseline().isPresent()) {
            cells.add(report.totalRatio().map(MarkdownReport::ratio).orElse(""));
            cells.add("");
        }
        return cells;
    }

    private static List<String> failures(BenchReport report) {
        List<String> failures = new ArrayList<>();
        for (EngineResults engine : report.engines()) {
            for (QueryRun run : engine.runs()) {
                if (run instanceof QueryRun.Failed failed) {
                    failures.add("%s Q%d: %s".formatted(engine.engine(), failed.query(), failed.message()));
                }
            }
        }
        return failures;
    }

    static void appendRow(StringBuilder markdown, List<String> cells) {
        markdown.append(cells.stream().collect(Collectors.joining(" | ", "| ", " |")))
                .append('\n');
    }

    static String millis(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
