package io.aqueduct.server.lifecycle;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The one place a query's state changes. Each transition method returns whether it changed the
 * state: a query moves forward only ({@code QUEUED → PLANNING → RUNNING → FINISHING → FINISHED}), may
 * fail or be canceled from any state that is not terminal, and never leaves a terminal state. The
 * first failure or cancel cause is kept; later ones are ignored. Listeners run on the thread that made
 * the transition, after the lock is released, so a listener may call back into the machine.
 *
 * <pre>{@code
 * QueryStateMachine state = new QueryStateMachine("20260101_120000_00001");
 * state.addStateChangeListener(newState -> { if (newState.isTerminal()) release(); });
 * state.transitionToPlanning();
 * }</pre>
 */
public final class QueryStateMachine {
    private final String queryId;
    private final List<Consumer<QueryState>> listeners = new CopyOnWriteArrayList<>();

    private QueryState state = QueryState.QUEUED;
    private AqueductException failureCause;

    public QueryStateMachine(String queryId) {
        this.queryId = requireNonNull(queryId, "queryId is null");
    }

    public String queryId() {
        return queryId;
    }

    public synchronized QueryState state() {
        return state;
    }

    public synchronized boolean isDone() {
        return state.isTerminal();
    }

    /** Why the query failed or was canceled; empty while it runs and when it finished. */
    public synchronized Optional<AqueductException> failureCause() {
        return Optional.ofNullable(failureCause);
    }

    /** Called with every state the query enters after the listener is added. */
    public void addStateChangeListener(Consumer<QueryState> listener) {
        listeners.add(requireNonNull(listener, "listener is null"));
    }

    public boolean transitionToPlanning() {
        return transition(QueryState.QUEUED, QueryState.PLANNING);
    }

    public boolean transitionToRunning() {
        return transition(QueryState.PLANNING, QueryState.RUNNING);
    }

    public boolean transitionToFinishing() {
        return transition(QueryState.RUNNING, QueryState.FINISHING);
    }

    public boolean transitionToFinished() {
        return transition(QueryState.FINISHING, QueryState.FINISHED);
    }

    public boolean transitionToFailed(AqueductException cause) {
        return end(QueryState.FAILED, cause);
    }

    public boolean transitionToCanceled(AqueductException cause) {
        return end(QueryState.CANCELED, cause);
    }

    private boolean transition(QueryState from, QueryState to) {
        synchronized (this) {
            if (state != from) {
                return false;
            }
            state = to;
        }
        notifyListeners(to);
        return true;
    }

    private boolean end(QueryState terminal, AqueductException cause) {
        requireNonNull(cause, "cause is null");
        synchronized (this) {
            if (state.isTerminal()) {
                return false;
            }
            state = terminal;
            failureCause = cause;
        }
        notifyListeners(terminal);
        return true;
    }

    private void notifyListeners(QueryState newState) {
        for (Consumer<QueryState> listener : listeners) {
            listener.accept(newState);
        }
    }

    @Override
    public String toString() {
        return "query " + queryId + " " + state();
    }
}
