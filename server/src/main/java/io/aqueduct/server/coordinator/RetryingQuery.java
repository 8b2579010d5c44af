package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.server.lifecycle.QueryState;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One query over its attempts. An attempt that fails because it lost a worker is replaced by a new one,
 * planned on the workers left, as long as none of its rows has reached the client and attempts are left:
 * rows are committed to the client only from the current attempt ({@link #fetch}), and a retry happens
 * only before the first commit, so no row is sent twice and none is lost. A query that loses a worker
 * after its first rows went out fails with SQLState 08006 and says why it was not run again.
 */
final class RetryingQuery implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RetryingQuery.class);

    /** One run of the query and the workers it was planned on. */
    record Attempt(QueryAttempt execution, List<String> workers) {}

    private final String queryId;
    private final int maxAttempts;
    /** Starts attempt {@code n} (1-based) on the workers active now. */
    private final IntFunction<Attempt> starter;
    /** The workers that answer now, after probing them: a failed attempt that used another one lost it. */
    private final Supplier<List<String>> probedActiveWorkers;
    /** Told once, when the query is over: no attempt runs and none will follow. */
    private final Runnable onEnd;

    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile Attempt current;
    private volatile int attempt = 1;
    private volatile boolean rowsCommitted;
    private volatile boolean stopped;

    RetryingQuery(
            String queryId,
            int maxAttempts,
            IntFunction<Attempt> starter,
            Supplier<List<String>> probedActiveWorkers,
            Runnable onEnd) {
        this.queryId = queryId;
        this.maxAttempts = Math.max(1, maxAttempts);
        this.starter = starter;
        this.probedActiveWorkers = probedActiveWorkers;
        this.onEnd = onEnd;
    }

    /** Starts the first attempt; a planning failure is thrown here and ends the query. */
    void start() {
        try {
            current = starter.apply(1);
        } catch (RuntimeException e) {
            end();
            throw e;
        }
    }

    /** As {@link QueryExecution#fetch}, across attempts; rows of an attempt replaced meanwhile are dropped. */
    List<ByteString> fetch(int maxRows, long maxBytes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            Attempt running = current;
            List<ByteString> rows;
            try {
                rows = running.execution()
                        .fetch(maxRows, maxBytes, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            } catch (AqueductException failure) {
                retryOrThrow(running, failure);
                continue;
            }
            if (rows.isEmpty() || commit(running)) {
                return rows;
            }
        }
    }

    /** As {@link QueryExecution#isDone}; a failure that a new attempt answers is not the end. */
    boolean isDone() {
        while (true) {
            Attempt running = current;
            try {
                return running.execution().isDone();
            } catch (AqueductException failure) {
                retryOrThrow(running, failure);
            }
        }
    }

    private synchronized boolean commit(Attempt from) {
        if (from != current) {
            return false;
        }
        rowsCommitted = true;
        return true;
    }

    /**
     * Starts the next attempt if {@code failed} lost a worker and may run again; otherwise throws its
     * failure, saying why it did not run again when it lost a worker.
     */
    private synchronized void retryOrThrow(Attempt failed, AqueductException failure) {
        if (failed != current) {
            return;
        }
        AqueductException finalFailure = finalFailure(failed, failure);
        if (finalFailure != null) {
            end();
            throw finalFailure;
        }
        // The failed attempt releases its tasks on its own (QueryExecution closes itself when it fails); the next
        // attempt waits for that: its tasks have the same ids, and a worker that still held the failed attempt's
        // refused them ("Task ... exists already", seen in TestWorkerLoss once the retry came quicker).
        failed.execution().close();
        attempt++;
        LOG.info("Query {} lost a worker ({}); attempt {} of {}", queryId, failure.getMessage(), attempt, maxAttempts);
        try {
            current = starter.apply(attempt);
        } catch (RuntimeException e) {
            end();
            throw e;
        }
    }

    /** The failure to throw when {@code failed} may not run again; null when it may. */
    private AqueductException finalFailure(Attempt failed, AqueductException failure) {
        if (stopped || !lostWorker(failed.workers(), failure)) {
            return failure;
        }
        if (rowsCommitted) {
            return new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE,
                    "Query " + queryId + " lost a worker after rows reached the client, so it was not run again: "
                            + failure.getMessage(),
                    failure);
        }
        if (attempt >= maxAttempts) {
            return new AqueductException(
                    ErrorCode.WORKER_UNAVAILABLE,
                    "Query " + queryId + " lost a worker in each of its " + attempt + " attempts (query.max_attempts): "
                            + failure.getMessage(),
                    failure);
        }
        return ended.get() ? failure : null;
    }

    /** Whether the failure came from losing a worker: the error says so, or a worker the attempt used is gone. */
    private boolean lostWorker(List<String> workersUsed, AqueductException failure) {
        // Probed either way, so that the next attempt is planned without the worker that was lost.
        List<String> active = probedActiveWorkers.get();
        return failure.errorCode() == ErrorCode.WORKER_UNAVAILABLE || !active.containsAll(workersUsed);
    }

    /**
     * Told by an attempt that reached a terminal state: unless it may be followed by another (it lost a
     * worker before any row was committed, with attempts left), the query is over.
     */
    void attemptEnded(QueryAttempt execution) {
        Attempt running = current;
        if (running != null && running.execution() != execution) {
            return;
        }
        // The first attempt may end before its start returned: then only its error tells.
        List<String> workersUsed = running == null ? List.of() : running.workers();
        boolean mayRunAgain = execution.state() == QueryState.FAILED
                && !stopped
                && !rowsCommitted
                && attempt < maxAttempts
                && execution
                        .failureCause()
                        .map(cause -> lostWorker(workersUsed, cause))
                        .orElse(false);
        if (!mayRunAgain) {
            end();
        }
    }

    /** KILL QUERY and timeouts: cancels the current attempt, and no attempt follows. */
    synchronized boolean cancel(AqueductException cause) {
        stopped = true;
        return current.execution().cancel(cause);
    }

    String queryId() {
        return queryId;
    }

    QueryState state() {
        return current.execution().state();
    }

    @Override
    public void close() {
        Attempt last;
        synchronized (this) {
            stopped = true;
            last = current;
        }
        try {
            if (last != null) {
                last.execution().close();
            }
        } finally {
            end();
        }
    }

    private void end() {
        if (ended.compareAndSet(false, true)) {
            onEnd.run();
        }
    }
}
