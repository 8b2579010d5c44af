package io.aqueduct.server.lifecycle;

/**
 * The states of a query on the coordinator, in the order a query that succeeds passes them. A query
 * may end in {@link #FAILED} or {@link #CANCELED} from any state that is not terminal; a terminal
 * state is never left.
 */
public enum QueryState {
    /** Registered, waiting for the scheduler to pick it up. */
    QUEUED(false),
    /** Being cut into stages. */
    PLANNING(false),
    /** Its stages are being scheduled and run on the workers. */
    RUNNING(false),
    /** Its last row is produced; the client reads what is left and its tasks are released. */
    FINISHING(false),
    FINISHED(true),
    FAILED(true),
    /** Ended by {@code KILL QUERY}, a cancel or timeout of its statement, or its statement closing. */
    CANCELED(true);

    private final boolean terminal;

    QueryState(boolean terminal) {
        this.terminal = terminal;
    }

    public boolean isTerminal() {
        return terminal;
    }
}
