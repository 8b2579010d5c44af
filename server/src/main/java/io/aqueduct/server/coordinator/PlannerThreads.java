package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Threads with a deep stack for planning. Calcite converts a parse tree recursively, a frame or more per level of
 * nesting, and SQL that tools generate can be deep: a chain of a thousand ORs overflowed a request thread's default
 * stack. The stack is reserved, not committed: only what a plan uses takes memory.
 */
final class PlannerThreads implements AutoCloseable {
    private static final long STACK_BYTES = 64L << 20;

    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(null, runnable, "aqueduct-planner", STACK_BYTES);
        thread.setDaemon(true);
        return thread;
    });

    /** {@code work}'s result, computed on a planner thread; its exception or error is thrown here. */
    <T> T call(Supplier<T> work) {
        Future<T> result = threads.submit(work::get);
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            result.cancel(true);
            Thread.currentThread().interrupt();
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Interrupted while planning");
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
