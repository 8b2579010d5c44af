package io.aqueduct.tpch.bench;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws each query's median time as a bar, one bar per engine side by side, into a PNG. Only queries that
 * completed on every engine are drawn, so a missing bar never reads as zero time.
 */
final class ResultsChart {
    private static final int WIDTH = 1400;
    private static final int HEIGHT = 700;
    private static final double MIN_MILLIS = 0.001;

    private ResultsChart() {}

    static void write(BenchReport report, Path png) throws IOException {
        List<Integer> queries = report.queriesCompletedByAll();
        List<String> labels = queries.stream().map(query -> "Q" + query).toList();
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title(report, queries.size()))
                .xAxisTitle("Query")
                .yAxisTitle("Median time (ms, log scale)")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        double smallest = Double.MAX_VALUE;
        for (EngineResults engine : report.engines()) {
            List<Double> medians = queries.stream()
                    .map(query ->
                            engine.completed(query).orElseThrow().timings().medianMillis())
                    .toList();
            chart.addSeries(engine.engine(), labels, medians);
            smallest = Math.min(smallest, medians.stream().min(Double::compare).orElse(1.0));
        }
        // Engines can differ by orders of magnitude: a linear axis would flatten the faster one. XChart
        // draws logarithmic bars only above an explicit minimum, so start at the decade below the smallest.
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(Math.max(smallest, MIN_MILLIS)))));
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static String title(BenchReport report, int drawn) {
        String title = "TPC-H SF %s, median of %d timed iteration%s"
                .formatted(report.scaleFactor().label(), report.iterations(), report.iterations() == 1 ? "" : "s");
        int omitted = report.queries().size() - drawn;
        return omitted == 0
                ? title
                : "%s (%d failed quer%s omitted)".formatted(title, omitted, omitted == 1 ? "y" : "ies");
    }
}
