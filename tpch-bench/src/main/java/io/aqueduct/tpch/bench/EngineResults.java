package io.aqueduct.tpch.bench;

import java.util.List;
import java.util.Optional;

/** What one engine did with each query of a benchmark run, in query order. */
public record EngineResults(String engine, List<QueryRun> runs) {
    public EngineResults {
        runs = List.copyOf(runs);
    }

    public QueryRun run(int query) {
        return runs.stream()
                .filter(run -> run.query() == query)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(engine + " did not run query " + query));
    }

    /** The query's measurements, empty when it failed. */
    public Optional<QueryRun.Completed> completed(int query) {
        return run(query) instanceof QueryRun.Completed completed ? Optional.of(completed) : Optional.empty();
    }
}
