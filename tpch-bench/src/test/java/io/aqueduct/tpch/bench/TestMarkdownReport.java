package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestMarkdownReport {
    @Test
    void rendersOneEngine() {
        EngineResults aqueduct = new EngineResults(
                "Aqueduct",
                List.of(
                        new QueryRun.Completed(1, 4, new TimingStatistics(120, 110, 130.25)),
                        new QueryRun.Completed(6, 1, new TimingStatistics(30, 29.5, 31))));
        BenchReport report = new BenchReport(
                ScaleFactor.SF0_1, 3, "jdbc:aqueduct://localhost:8765", List.of(1, 6), List.of(aqueduct));

        assertThat(MarkdownReport.render(report)).isEqualTo("""
                        # TPC-H SF 0.1

                        Aqueduct (jdbc:aqueduct://localhost:8765): one warm-up run, then 3 timed iterations per query; times in ms, each reading every row.

                        | Query | Aqueduct median | Aqueduct min | Aqueduct max | Aqueduct rows |
                        | --- | ---: | ---: | ---: | ---: |
                        | Q1 | 120.0 | 110.0 | 130.3 | 4 |
                        | Q6 | 30.0 | 29.5 | 31.0 | 1 |
                        | **Total** | 150.0 | 139.5 | 161.3 |  |
                        """);
    }

    @Test
    void rendersComparisonWithRatiosMismatchesAndFailures() {
        EngineResults aqueduct = new EngineResults(
                "Aqueduct",
                List.of(
                        new QueryRun.Completed(1, 4, new TimingStatistics(100, 90, 110)),
                        new QueryRun.Completed(2, 99, new TimingStatistics(40, 40, 40)),
                        new QueryRun.Failed(3, "Unsupported: something")));
        EngineResults duckDb = new EngineResults(
                "DuckDB",
                List.of(
                        new QueryRun.Completed(1, 4, new TimingStatistics(10, 9, 11)),
                        new QueryRun.Completed(2, 100, new TimingStatistics(40, 40, 40)),
                        new QueryRun.Completed(3, 10, new TimingStatistics(5, 5, 5))));
        BenchReport report = new BenchReport(
                ScaleFactor.SF1, 1, "embedded cluster, 2 local workers", List.of(1, 2, 3), List.of(aqueduct, duckDb));

        assertThat(MarkdownReport.render(report)).isEqualTo("""
                        # TPC-H SF 1

                        Aqueduct (embedded cluster, 2 local workers) vs DuckDB (in-process, 2 threads): one warm-up run, then 1 timed iteration per query, alternating the engines run by run, each round in the order turned (A B, B A, ...); times in ms, each reading every row. Ratio = Aqueduct median / DuckDB median; totals cover queries that completed on every engine.

                        | Query | Aqueduct median | Aqueduct min | Aqueduct max | Aqueduct rows | DuckDB median | DuckDB min | DuckDB max | DuckDB rows | Ratio | Rows match |
                        | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                        | Q1 | 100.0 | 90.0 | 110.0 | 4 | 10.0 | 9.0 | 11.0 | 4 | 10.00 | yes |
                        | Q2 | 40.0 | 40.0 | 40.0 | 99 | 40.0 | 40.0 | 40.0 | 100 | 1.00 | **NO** |
                        | Q3 | failed |  |  |  | 5.0 | 5.0 | 5.0 | 10 |  |  |
                        | **Total** (2 of 3) | 140.0 | 130.0 | 150.0 |  | 50.0 | 49.0 | 51.0 |  | 2.80 |  |

                        Failures:

                        - Aqueduct Q3: Unsupported: something
                        """);
    }
}
