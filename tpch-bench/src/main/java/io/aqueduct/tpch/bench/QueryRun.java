package io.aqueduct.tpch.bench;

/** One query's outcome on one engine: its row count and timings, or why it failed. */
public sealed interface QueryRun permits QueryRun.Completed, QueryRun.Failed {
    int query();

    record Completed(int query, long rowCount, TimingStatistics timings) implements QueryRun {}

    record Failed(int query, String message) implements QueryRun {}
}
