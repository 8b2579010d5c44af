package io.aqueduct.server.membership;

/** Whether the coordinator schedules tasks on a worker: only on one whose last probe it answered. */
public enum WorkerState {
    ACTIVE,
    UNREACHABLE
}
