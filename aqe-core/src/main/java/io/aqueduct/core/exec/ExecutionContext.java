package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What an operator may use while it runs: the task's allocator (operators take named children of it),
 * the target number of rows per batch, and the task's cancellation flag.
 */
public record ExecutionContext(BufferAllocator allocator, int batchRows, BooleanSupplier canceled) {
    public static final int DEFAULT_BATCH_ROWS = 8192;

    public ExecutionContext {
        requireNonNull(allocator, "allocator is null");
        requireNonNull(canceled, "canceled is null");
    }

    public static ExecutionContext of(BufferAllocator allocator) {
        return new ExecutionContext(allocator, DEFAULT_BATCH_ROWS, () -> false);
    }

    /** Throws when the task was canceled; long-running loops call it once per batch. */
    public void checkCanceled() {
        if (canceled.getAsBoolean()) {
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Query was canceled");
        }
    }
}
