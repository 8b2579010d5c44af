package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestSkewReport {
    private static final List<String> QUERIES = List.of("join_by_group", "join_count_by_key", "aggregate_by_key");

    @Test
    void ratiosAndTotalsCoverQueriesCompletedInBothModes() {
        SkewReport report = report(
                mode("AQE on", completed(1, 100, 40), completed(2, 10_000, 90), completed(3, 10_000, 30)),
                mode("AQE off", completed(1, 100, 80), failed(2), completed(3, 10_000, 20)),
                Map.of(
                        1, new ResultCheck.Equal(100),
                        2, new ResultCheck.Unchecked("worker lost"),
                        3, new ResultCheck.Equal(10_000)));

        assertThat(report.ratio(1))
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(0.5, within(1e-9)));
        assertThat(report.ratio(2)).isEmpty();
        assertThat(report.queriesCompletedByBoth()).containsExactly(1, 3);
        assertThat(report.total(report.adaptive(), TimingStatistics::medianMillis))
                .isEqualTo(70);
        assertThat(report.total(report.staticCounts(), TimingStatistics::medianMillis))
                .isEqualTo(100);
        assertThat(report.totalRatio())
                .hasValueSatisfying(ratio -> assertThat(ratio).isCloseTo(0.7, within(1e-9)));
        assertThat(report.name(2)).isEqualTo("join_count_by_key");
    }

    @Test
    void failuresAndDifferingResultsAreProblems() {
        SkewReport passing = report(
                mode("AQE on", completed(1, 1, 1), completed(2, 1, 1), completed(3, 1, 1)),
                mode("AQE off", completed(1, 1, 1), completed(2, 1, 1), completed(3, 1, 1)),
                Map.of(1, new ResultCheck.Equal(1), 2, new ResultCheck.Equal(1), 3, new ResultCheck.Equal(1)));
        SkewReport failing = report(
                mode("AQE on", completed(1, 1, 1), completed(2, 1, 1), completed(3, 1, 1)),
                mode("AQE off", completed(1, 1, 1), failed(2), completed(3, 1, 1)),
                Map.of(
                        1, new ResultCheck.Equal(1),
                        2, new ResultCheck.Unchecked("worker lost"),
                        3, new ResultCheck.Different("AQE on returned 1 rows, AQE off 2")));

        assertThat(passing.problems()).isEmpty();
        assertThat(failing.problems())
                .containsExactly(
                        "AQE off join_count_by_key failed: worker lost",
                        "join_count_by_key: results not compared: worker lost",
                        "aggregate_by_key: results differ: AQE on returned 1 rows, AQE off 2");
    }

    @Test
    void requiresACheckPerQuery() {
        assertThatThrownBy(() -> report(
                        mode("AQE on", completed(1, 1, 1), completed(2, 1, 1), completed(3, 1, 1)),
                        mode("AQE off", completed(1, 1, 1), completed(2, 1, 1), completed(3, 1, 1)),
                        Map.of(1, new ResultCheck.Equal(1), 2, new ResultCheck.Equal(1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No result check for query 3");
    }

    @Test
    void rendersSettingsRatiosChecksAndProblems() {
        SkewReport report = report(
                mode("AQE on", completed(1, 100, 40), completed(2, 10_000, 90), completed(3, 10_000, 30)),
                mode("AQE off", completed(1, 100, 80), completed(2, 10_000, 60), completed(3, 10_000, 20)),
                Map.of(
                        1, new ResultCheck.Equal(100),
                        2, new ResultCheck.Different("first difference at sorted row 7"),
                        3, new ResultCheck.Equal(10_000)));

        assertThat(SkewMarkdown.render(report)).isEqualTo("""
                # Skew workload, skew.tiny (100,000 fact rows)

                Aqueduct (test cluster), AQE on vs AQE off, one session each on the same cluster, both modes of a query run before the next query; both sessions set distributed.broadcast_max_bytes = 0, distributed.skew_min_bytes = 1MB. One warm-up run per mode, then 2 timed iterations per mode, alternating the modes run by run, each round in the order turned; times in ms, each reading every row. Ratio = AQE-on median / AQE-off median (below 1: AQE on was faster); totals cover queries that completed in both modes. Results equal = one more run in each mode returned the same rows (compared in full, in any order).

                | Query | AQE on median | AQE on min | AQE on max | AQE off median | AQE off min | AQE off max | Rows | Ratio | Results equal |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | join_by_group | 40.0 | 39.0 | 41.0 | 80.0 | 79.0 | 81.0 | 100 | 0.50 | yes |
                | join_count_by_key | 90.0 | 89.0 | 91.0 | 60.0 | 59.0 | 61.0 | 10000 | 1.50 | **NO** |
                | aggregate_by_key | 30.0 | 29.0 | 31.0 | 20.0 | 19.0 | 21.0 | 10000 | 1.50 | yes |
                | **Total** | 160.0 | 157.0 | 163.0 | 160.0 | 157.0 | 163.0 |  | 1.00 |  |

                Problems (the run fails):

                - join_count_by_key: results differ: first difference at sorted row 7
                """);
    }

    private static SkewReport report(EngineResults on, EngineResults off, Map<Integer, ResultCheck> checks) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("distributed.broadcast_max_bytes", "0");
        settings.put("distributed.skew_min_bytes", "1MB");
        return new SkewReport(SkewSize.TINY, 2, "test cluster", settings, QUERIES, on, off, checks);
    }

    private static EngineResults mode(String name, QueryRun... runs) {
        return new EngineResults(name, List.of(runs));
    }

    private static QueryRun completed(int query, long rows, double medianMillis) {
        return new QueryRun.Completed(
                query, rows, new TimingStatistics(medianMillis, medianMillis - 1, medianMillis + 1));
    }

    private static QueryRun failed(int query) {
        return new QueryRun.Failed(query, "worker lost");
    }
}
