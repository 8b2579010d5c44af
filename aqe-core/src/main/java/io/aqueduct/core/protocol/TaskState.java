package io.aqueduct.core.protocol;

/** Lifecycle of a task on a worker; a terminal state is never left. */
public enum TaskState {
    RUNNING(false),
    /** All output produced; consumers may still be reading it. */
    FINISHED(true),
    FAILED(true),
    CANCELED(true);

    private final boolean terminal;

    TaskState(boolean terminal) {
        this.terminal = terminal;
    }

    public boolean isTerminal() {
        return terminal;
    }
}
