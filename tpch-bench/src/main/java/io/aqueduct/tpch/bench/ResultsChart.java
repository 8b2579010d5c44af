package io.aqueduct.tpch.bench;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws each query's median time as a bar, one bar per engine (or mode) side by side, into a PNG. Only
 * queries that completed on every engine are drawn, so a missing bar never reads as zero time.
 */
final class ResultsChart {
    private static final int WIDTH = 1400;
    private static final int HEIGHT = 700;
    private static final double MIN_MILLIS = 0.001;

    private ResultsChart() {}

    static void write(BenchReport report, Path png) throws IOException {
        List<Integer> queries = report.queriesCompletedByAll();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (EngineResults engine : report.engines()) {
            series.put(engine.engine(), medians(engine, queries));
        }
        String title = title(
                report.scaleFactor(), report.iterations(), report.queries().size(), queries.size());
        write(title, queries.stream().map(query -> "Q" + query).toList(), series, png);
    }

    /** AQE on, AQE off and each query's best fixed task count. */
    static void write(TaskCountReport report, Path png) throws IOException {
        List<Integer> queries = report.queriesCompletedByAll();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        series.put(report.adaptive().engine(), medians(report.adaptive(), queries));
        series.put(report.staticCounts().engine(), medians(report.staticCounts(), queries));
        series.put(
                "Best fixed count",
                queries.stream()
                        .map(query -> report.bestFixed(query).orElseThrow().medianMillis())
                        .toList());
        String title = title(
                report.scaleFactor(), report.iterations(), report.queries().size(), queries.size());
        write(title, queries.stream().map(query -> "Q" + query).toList(), series, png);
    }

    /** One bar per series and category; every series has one median per category. */
    static void write(String title, List<String> categories, Map<String, List<Double>> series, Path png)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle("Query")
                .yAxisTitle("Median time (ms, log scale)")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        double smallest = Double.MAX_VALUE;
        for (Map.Entry<String, List<Double>> entry : series.entrySet()) {
            chart.addSeries(entry.getKey(), categories, entry.getValue());
            smallest = Math.min(
                    smallest, entry.getValue().stream().min(Double::compare).orElse(1.0));
        }
        // Engines can differ by orders of magnitude: a linear axis would flatten the faster one. XChart
        // draws logarithmic bars only above an explicit minimum, so start at the decade below the smallest.
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(Math.max(smallest, MIN_MILLIS)))));
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static List<Double> medians(EngineResults engine, List<Integer> queries) {
        return queries.stream()
                .map(query -> engine.completed(query).orElseThrow().timings().medianMillis())
                .toList();
    }

    private static String title(ScaleFactor scaleFactor, int iterations, int queryCount, int drawn) {
        String title = "TPC-H SF %s, median of %d timed iteration%s"
                .formatted(scaleFactor.label(), iterations, iterations == 1 ? "" : "s");
        int omitted = queryCount - drawn;
        return omitted == 0
                ? title
                : "%s (%d failed quer%s omitted)".formatted(title, omitted, omitted == 1 ? "y" : "ies");
    }
}
