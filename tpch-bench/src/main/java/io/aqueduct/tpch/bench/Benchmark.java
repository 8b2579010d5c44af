package io.aqueduct.tpch.bench;

import io.aqueduct.tpch.TpchQueries;
import java.io.PrintStream;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Runs the chosen TPC-H queries one after the other on an engine, reporting progress as it goes. */
final class Benchmark {
    private final List<Integer> queries;
    private final QueryTimer timer;
    private final PrintStream progress;

    Benchmark(List<Integer> queries, QueryTimer timer, PrintStream progress) {
        this.queries = List.copyOf(queries);
        this.timer = timer;
        this.progress = progress;
    }

    EngineResults run(String engine, Connection connection) {
        List<QueryRun> runs = new ArrayList<>(queries.size());
        for (int query : queries) {
            QueryRun run = timer.time(connection, query, TpchQueries.query(query));
            progress.println(describe(engine, run));
            runs.add(run);
        }
        return new EngineResults(engine, runs);
    }

    private static String describe(String engine, QueryRun run) {
        if (run instanceof QueryRun.Completed completed) {
            return String.format(
                    Locale.ROOT,
                    "%s Q%d: median %.1f ms, %d rows",
                    engine,
                    run.query(),
                    completed.timings().medianMillis(),
                    completed.rowCount());
        }
        return "%s Q%d: FAILED: %s".formatted(engine, run.query(), ((QueryRun.Failed) run).message());
    }
}
