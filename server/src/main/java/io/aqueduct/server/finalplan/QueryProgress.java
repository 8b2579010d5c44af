package io.aqueduct.server.finalplan;

import io.aqueduct.server.lifecycle.QueryState;

/** How far a query got: its state, time since it started, rows returned so far, and its tasks. */
public record QueryProgress(QueryState state, long elapsedMillis, long resultRows, int tasks, int tasksFinished) {}
