package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TestTaskCountReport {
    private static final double EPSILON = 1e-9;

    @Test
    void picksTheFixedCountWithTheLowestMedianPerQuery() {
        TaskCountReport report = report(
                List.of(1, 2),
                mode("AQE on", completed(1, 10, 50), completed(2, 1, 30)),
                mode("AQE off", completed(1, 10, 100), completed(2, 1, 20)),
                Map.of(
                        1, mode("Fixed 1", completed(1, 10, 90), completed(2, 1, 15)),
                        4, mode("Fixed 4", completed(1, 10, 40), completed(2, 1, 25)),
                        8, mode("Fixed 8", completed(1, 10, 60), completed(2, 1, 35))));

        assertThat(report.bestFixed(1).orElseThrow().taskCount()).isEqualTo(4);
        assertThat(report.bestFixed(1).orElseThrow().medianMillis()).isEqualTo(40);
        assertThat(report.bestFixed(2).orElseThrow().taskCount()).isEqualTo(1);
        assertThat(report.adaptiveToStatic(1))
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(0.5, within(EPSILON)));
        assertThat(report.adaptiveToBestFixed(1))
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(1.25, within(EPSILON)));
        assertThat(report.adaptiveToStatic(2))
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(1.5, within(EPSILON)));
        assertThat(report.adaptiveToBestFixed(2))
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(2.0, within(EPSILON)));
    }

    @Test
    void totalsSumPerQueryBestsAndPickTheBestSingleCount() {
        TaskCountReport report = report(
                List.of(1, 2),
                mode("AQE on", completed(1, 10, 50), completed(2, 1, 30)),
                mode("AQE off", completed(1, 10, 100), completed(2, 1, 20)),
                Map.of(
                        1, mode("Fixed 1", completed(1, 10, 90), completed(2, 1, 15)),
                        4, mode("Fixed 4", completed(1, 10, 40), completed(2, 1, 25)),
                        8, mode("Fixed 8", completed(1, 10, 60), completed(2, 1, 35))));

        assertThat(report.totalMedian(report.adaptive())).isEqualTo(80);
        assertThat(report.totalMedian(report.staticCounts())).isEqualTo(120);
        // Best per query: 40 (4 tasks) + 15 (1 task).
        assertThat(report.totalBestFixed()).isEqualTo(55);
        assertThat(report.totalAdaptiveToStatic())
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(80.0 / 120, within(EPSILON)));
        assertThat(report.totalAdaptiveToBestFixed())
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(80.0 / 55, within(EPSILON)));
        // Totals per count: 1 -> 105, 4 -> 65, 8 -> 95.
        assertThat(report.bestSingleFixedCount()).contains(4);
    }

    @Test
    void tiesGoToTheSmallerCount() {
        TaskCountReport report = report(
                List.of(1),
                mode("AQE on", completed(1, 1, 10)),
                mode("AQE off", completed(1, 1, 10)),
                Map.of(
                        8, mode("Fixed 8", completed(1, 1, 20)),
                        2, mode("Fixed 2", completed(1, 1, 20)),
                        4, mode("Fixed 4", completed(1, 1, 20))));

        assertThat(report.bestFixed(1).orElseThrow().taskCount()).isEqualTo(2);
        assertThat(report.bestSingleFixedCount()).contains(2);
        assertThat(report.fixed().keySet()).containsExactly(2, 4, 8);
    }

    @Test
    void failedRunsAreSkippedAndLeaveTotalsToTheQueriesEveryModeCompleted() {
        TaskCountReport report = report(
                List.of(1, 2, 3),
                mode("AQE on", completed(1, 5, 10), completed(2, 5, 10), failed(3)),
                mode("AQE off", completed(1, 5, 20), completed(2, 5, 20), completed(3, 7, 20)),
                Map.of(
                        1, mode("Fixed 1", failed(1), completed(2, 5, 5), failed(3)),
                        2, mode("Fixed 2", completed(1, 5, 30), completed(2, 6, 8), failed(3))));

        assertThat(report.bestFixed(1).orElseThrow().taskCount()).isEqualTo(2);
        assertThat(report.bestFixed(3)).isEmpty();
        assertThat(report.adaptiveToStatic(3)).isEmpty();
        assertThat(report.adaptiveToBestFixed(3)).isEmpty();
        assertThat(report.queriesCompletedByAll()).containsExactly(2);
        assertThat(report.totalMedian(report.adaptive())).isEqualTo(10);
        assertThat(report.totalBestFixed()).isEqualTo(5);
        assertThat(report.rowCountsAgree(1)).contains(true);
        assertThat(report.rowCountsAgree(2)).contains(false);
        // Only AQE off completed query 3: nothing to compare it with.
        assertThat(report.rowCountsAgree(3)).isEmpty();
    }

    @Test
    void nothingCoveredMeansNoTotalsRatiosOrBestCount() {
        TaskCountReport report = report(
                List.of(1),
                mode("AQE on", failed(1)),
                mode("AQE off", completed(1, 1, 10)),
                Map.of(1, mode("Fixed 1", completed(1, 1, 10))));

        assertThat(report.queriesCompletedByAll()).isEmpty();
        assertThat(report.totalAdaptiveToStatic()).isEmpty();
        assertThat(report.totalAdaptiveToBestFixed()).isEmpty();
        assertThat(report.bestSingleFixedCount()).isEmpty();
    }

    @Test
    void requiresAFixedCount() {
        assertThatThrownBy(() -> report(
                        List.of(1), mode("AQE on", completed(1, 1, 1)), mode("AQE off", completed(1, 1, 1)), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Expected at least one fixed task count");
    }

    @Test
    void rendersComparisonPerFixedCountBestCountAndFailures() {
        TaskCountReport report = report(
                List.of(1, 3),
                mode("AQE on", completed(1, 4, 50), completed(3, 10, 30)),
                mode("AQE off", completed(1, 4, 100), completed(3, 10, 20)),
                Map.of(
                        1, mode("Fixed 1", completed(1, 4, 90), failed(3)),
                        4, mode("Fixed 4", completed(1, 4, 40), completed(3, 10, 25))));

        assertThat(TaskCountMarkdown.render(report)).isEqualTo("""
                # TPC-H SF 0.01: adaptive, static and fixed task counts

                Aqueduct (test cluster), one session per mode on the same cluster, every mode of a query run before the next query: AQE on (adaptive task counts), AQE off (static counts from statistics), and AQE off with distributed.fixed_task_count = 1, 4. One warm-up run, then 3 timed iterations per query and mode; times are medians in ms, each reading every row. Best fixed = the fixed count with the lowest median for the query. On/off and On/best fixed = AQE-on median / the other median (below 1: AQE on was faster); totals cover queries that completed in every mode.

                | Query | AQE on | AQE off | Best fixed count | Best fixed | On/off | On/best fixed | Rows match |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | Q1 | 50.0 | 100.0 | 4 | 40.0 | 0.50 | 1.25 | yes |
                | Q3 | 30.0 | 20.0 | 4 | 25.0 | 1.50 | 1.20 | yes |
                | **Total** (1 of 2) | 50.0 | 100.0 | per query | 40.0 | 0.50 | 1.25 |  |

                Median per fixed task count (AQE off):

                | Query | Fixed 1 | Fixed 4 |
                | --- | ---: | ---: |
                | Q1 | 90.0 | 40.0 |
                | Q3 | failed | 25.0 |
                | **Total** (1 of 2) | 90.0 | 40.0 |

                Best single fixed count over all queries: 4 (total 40.0 ms; AQE on total / it = 1.25).

                Failures:

                - Fixed 1 Q3: out of memory
                """);
    }

    private static TaskCountReport report(
            List<Integer> queries, EngineResults on, EngineResults off, Map<Integer, EngineResults> fixed) {
        return new TaskCountReport(ScaleFactor.SF0_01, 3, "test cluster", queries, on, off, new TreeMap<>(fixed));
    }

    private static EngineResults mode(String name, QueryRun... runs) {
        return new EngineResults(name, List.of(runs));
    }

    private static QueryRun completed(int query, long rows, double medianMillis) {
        return new QueryRun.Completed(
                query, rows, new TimingStatistics(medianMillis, medianMillis - 1, medianMillis + 1));
    }

    private static QueryRun failed(int query) {
        return new QueryRun.Failed(query, "out of memory");
    }
}
