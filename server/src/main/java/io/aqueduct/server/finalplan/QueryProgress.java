package io.aqueduct.server.finalplan;

/**
 * How far a query got: its state, time since it started, rows returned so far, and its tasks.
 *
 * @param state RUNNING, FINISHED, FAILED or CANCELED
 */
public record QueryProgress(String state, long elapsedMillis, long resultRows, int tasks, int tasksFinished) {}
