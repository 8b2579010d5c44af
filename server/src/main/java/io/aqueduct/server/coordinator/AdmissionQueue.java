package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The bound on queries running at once ({@code query.max_concurrent}): a query takes a slot before it
 * is planned and gives it back when it ends; while none is free it waits, first come first served, up
 * to its {@code query.queue_timeout}, then fails with SQLState 53000. A bound of 0 admits every query.
 */
final class AdmissionQueue {
    private final int maxRunning;
    private final Semaphore slots;

    AdmissionQueue(long maxRunning) {
        this.maxRunning = (int) Math.min(maxRunning, Integer.MAX_VALUE);
        this.slots = new Semaphore(Math.max(1, this.maxRunning), true);
    }

    /** Waits for a slot; the caller must {@link #release} it once the query ended. */
    void admit(String queryId, Duration timeout) {
        if (maxRunning <= 0) {
            return;
        }
        try {
            if (!slots.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new AqueductException(
                        ErrorCode.QUERY_QUEUE_TIMEOUT,
                        "Query %s waited %s s in the admission queue (query.queue_timeout) for one of the %d running slots (query.max_concurrent)"
                                .formatted(queryId, timeout.toMillis() / 1000.0, maxRunning));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Query " + queryId + " was interrupted while queued");
        }
    }

    void release() {
        if (maxRunning > 0) {
            slots.release();
        }
    }
}
