package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The DuckDB side of the bench end to end at SF 0.01: load through SQL, time queries, report. */
class TestDuckDbBenchmark {
    private static Connection duckDb;

    @BeforeAll
    static void load() throws Exception {
        duckDb = DuckDbTpch.load(ScaleFactor.SF0_01);
    }

    @AfterAll
    static void close() throws Exception {
        duckDb.close();
    }

    @Test
    void timesQueriesAndCountsRows(@TempDir Path folder) throws Exception {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Benchmark benchmark =
                new Benchmark(List.of(1, 6), new QueryTimer(2, System::nanoTime), new PrintStream(progress, true));

        EngineResults results = benchmark.run(DuckDbTpch.ENGINE, duckDb);

        assertThat(results.runs()).allSatisfy(run -> assertThat(run).isInstanceOf(QueryRun.Completed.class));
        assertThat(results.completed(1).orElseThrow().rowCount()).isEqualTo(4);
        assertThat(results.completed(6).orElseThrow().rowCount()).isEqualTo(1);
        for (QueryRun run : results.runs()) {
            TimingStatistics timings = ((QueryRun.Completed) run).timings();
            assertThat(timings.minMillis()).isPositive().isLessThanOrEqualTo(timings.medianMillis());
            assertThat(timings.medianMillis()).isLessThanOrEqualTo(timings.maxMillis());
        }
        assertThat(progress.toString()).contains("DuckDB Q1: median", "DuckDB Q6: median");

        BenchReport report = new BenchReport(ScaleFactor.SF0_01, 2, "test", List.of(1, 6), List.of(results));
        Path chart = folder.resolve("chart.png");
        ResultsChart.write(report, chart);
        assertThat(Files.readAllBytes(chart)).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void interleavedRunsTimeEveryEngineOnAQueryBeforeTheNextQuery() {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Benchmark benchmark = new Benchmark(
                List.of(1, 2),
                query -> "SELECT * FROM range(" + query * 3 + ")",
                query -> "R" + query,
                new QueryTimer(1, System::nanoTime),
                new PrintStream(progress, true));
        Map<String, Connection> engines = new LinkedHashMap<>();
        engines.put("first", duckDb);
        engines.put("second", duckDb);

        List<EngineResults> results = benchmark.runInterleaved(engines);

        assertThat(results).extracting(EngineResults::engine).containsExactly("first", "second");
        for (EngineResults engine : results) {
            assertThat(engine.completed(1).orElseThrow().rowCount()).isEqualTo(3);
            assertThat(engine.completed(2).orElseThrow().rowCount()).isEqualTo(6);
        }
        assertThat(progress.toString().lines().map(line -> line.substring(0, line.indexOf(':'))))
                .containsExactly("first R1", "second R1", "first R2", "second R2");
    }

    @Test
    void alternatesTheEnginesRunByRunInTurnedOrderAfterWarmingUpEach() {
        List<String> executions = new ArrayList<>();
        Map<String, Connection> engines = new LinkedHashMap<>();
        engines.put("first", recording("first", executions));
        engines.put("second", recording("second", executions));

        Map<String, QueryRun> runs =
                new QueryTimer(3, System::nanoTime).timeAlternating(engines, 6, "SELECT count(*) FROM nation");

        // Warm-ups, then rounds in turned order: neither engine always runs right after the other's compilations.
        assertThat(executions)
                .containsExactly("first", "second", "second", "first", "first", "second", "second", "first");
        assertThat(runs.keySet()).containsExactly("first", "second");
        assertThat(runs.values()).allSatisfy(run -> assertThat(run).isInstanceOf(QueryRun.Completed.class));
    }

    /** {@link #duckDb}, adding {@code name} to {@code executions} for each statement it creates. */
    private static Connection recording(String name, List<String> executions) {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("createStatement")) {
                        executions.add(name);
                    }
                    try {
                        return method.invoke(duckDb, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void timesOnlyTheIterationsAfterTheWarmUp() {
        // Each timed iteration reads the clock twice; the warm-up reads it never.
        Iterator<Long> ticks = LongStream.of(0, 5_000_000, 10_000_000, 11_000_000, 20_000_000, 23_000_000)
                .iterator();
        QueryTimer timer = new QueryTimer(3, ticks::next);

        QueryRun run = timer.time(duckDb, 6, "SELECT count(*) FROM nation");

        assertThat(run).isEqualTo(new QueryRun.Completed(6, 1, new TimingStatistics(3, 1, 5)));
    }

    @Test
    void loadsEveryTableWithTheGeneratedRows() throws Exception {
        try (Statement statement = duckDb.createStatement();
                ResultSet resultSet =
                        statement.executeQuery("SELECT (SELECT count(*) FROM lineitem), (SELECT count(*) FROM nation),"
                                + " (SELECT sum(o_totalprice) FROM orders), (SELECT min(o_orderdate) FROM orders)")) {
            assertThat(resultSet.next()).isTrue();
            assertThat(resultSet.getLong(1)).isEqualTo(60_175);
            assertThat(resultSet.getLong(2)).isEqualTo(25);
            assertThat(resultSet.getBigDecimal(3)).hasScaleOf(2);
            assertThat(resultSet.getString(4)).isEqualTo("1992-01-01");
        }
    }

    @Test
    void failingQueryIsRecordedNotThrown() {
        QueryRun run = new QueryTimer(1, System::nanoTime).time(duckDb, 1, "SELECT * FROM no_such_table");

        assertThat(run).isInstanceOf(QueryRun.Failed.class);
        assertThat(((QueryRun.Failed) run).message()).contains("no_such_table");
    }
}
