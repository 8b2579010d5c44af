package io.aqueduct.tpch.bench;

import io.aqueduct.tpch.TpchQueries;
import java.io.PrintStream;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Runs the chosen queries one after the other on an engine, reporting progress as it goes. Queries are
 * numbered: the TPC-H queries by their own numbers, other workloads by their position.
 */
final class Benchmark {
    private final List<Integer> queries;
    private final IntFunction<String> sql;
    private final IntFunction<String> label;
    private final QueryTimer timer;
    private final PrintStream progress;

    /** The TPC-H queries {@code queries}. */
    Benchmark(List<Integer> queries, QueryTimer timer, PrintStream progress) {
        this(queries, TpchQueries::query, query -> "Q" + query, timer, progress);
    }

    /** Queries whose text and progress label come from their number. */
    Benchmark(
            List<Integer> queries,
            IntFunction<String> sql,
            IntFunction<String> label,
            QueryTimer timer,
            PrintStream progress) {
        this.queries = List.copyOf(queries);
        this.sql = sql;
        this.label = label;
        this.timer = timer;
        this.progress = progress;
    }

    EngineResults run(String engine, Connection connection) {
        return runInterleaved(Map.of(engine, connection)).get(0);
    }

    /**
     * Runs each query on every engine before the next query, alternating the engines run by run (see
     * {@link QueryTimer#timeAlternating}), so that the engines of one query are measured close together
     * in time and under the same conditions; results in the map's order.
     */
    List<EngineResults> runInterleaved(Map<String, Connection> engines) {
        Map<String, List<QueryRun>> runs = new LinkedHashMap<>();
        engines.keySet().forEach(engine -> runs.put(engine, new ArrayList<>(queries.size())));
        for (int query : queries) {
            Map<String, QueryRun> queryRuns = timer.timeAlternating(engines, query, sql.apply(query));
            queryRuns.forEach((engine, run) -> {
                progress.println(describe(engine, run));
                runs.get(engine).add(run);
            });
        }
        return runs.entrySet().stream()
                .map(entry -> new EngineResults(entry.getKey(), entry.getValue()))
                .toList();
    }

    private String describe(String engine, QueryRun run) {
        if (run instanceof QueryRun.Completed completed) {
            return String.format(
                    Locale.ROOT,
                    "%s %s: median %.1f ms, %d rows",
                    engine,
                    label.apply(run.query()),
                    completed.timings().medianMillis(),
                    completed.rowCount());
        }
        return "%s %s: FAILED: %s".formatted(engine, label.apply(run.query()), ((QueryRun.Failed) run).message());
    }
}
