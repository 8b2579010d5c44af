package io.aqueduct.jdbc;

import static java.util.Objects.requireNonNull;

import java.sql.SQLException;
import java.util.Optional;

/**
 * The query id of one statement's last execution, looked up at most once per execution.
 *
 * <p>The connection calls {@link #executionStarted()} and {@link #executionFinished()} around every
 * server call that runs the statement; each makes the remembered id stale, and {@link #queryId()}
 * looks it up again only then. The lookup answers the latest query {@code sys.queries} holds for the
 * statement, which is the previous execution's until the server records the new one: while that
 * answer has not changed since the execution started, the id is empty rather than the previous
 * query's. (Two executions with no lookup between them cannot be told apart this way: if the
 * second leaves no record, the first one's id is the answer.)
 */
final class QueryIdTracker {
    /** A statement whose executions the connection reports to its tracker. */
    interface Owner {
        QueryIdTracker queryIds();
    }

    /** Asks the server for the latest query id it recorded for the statement. */
    @FunctionalInterface
    interface Lookup {
        Optional<String> latestQueryId() throws SQLException;
    }

    private final Lookup lookup;

    private boolean stale;
    /** An execution started, and no lookup has seen its record yet. */
    private boolean awaitingRecord;
    /** The latest id a lookup saw: the last execution's, or an earlier one's while awaiting a record. */
    private Optional<String> latestRecorded = Optional.empty();

    QueryIdTracker(Lookup lookup) {
        this.lookup = requireNonNull(lookup, "lookup is null");
    }

    synchronized void executionStarted() {
        stale = true;
        awaitingRecord = true;
    }

    /** Also after a failure: the server may have recorded the query only once it ran. */
    synchronized void executionFinished() {
        stale = true;
    }

    synchronized Optional<String> queryId() throws SQLException {
        if (stale) {
            Optional<String> latest = lookup.latestQueryId();
            if (!awaitingRecord || !latest.equals(latestRecorded)) {
                latestRecorded = latest;
                awaitingRecord = false;
            }
            stale = false;
        }
        return awaitingRecord ? Optional.empty() : latestRecorded;
    }
}
