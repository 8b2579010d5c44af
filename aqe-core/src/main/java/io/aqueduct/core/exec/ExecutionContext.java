package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What an operator may use while it runs: the task's allocator (operators take named children of it),
 * the target number of rows per batch, the task's cancellation flag, and the id of the query it runs for
 * ({@link #NO_QUERY} outside of one), by which a worker's shared state such as its split cache tells queries apart.
 */
public record ExecutionContext(BufferAllocator allocator, int batchRows, BooleanSupplier canceled, String queryId) {
    public static final int DEFAULT_BATCH_ROWS = 8192;

    /** The query id of work done outside of any query. */
    public static final String NO_QUERY = "";

    public ExecutionContext {
        requireNonNull(allocator, "allocator is null");
        requireNonNull(canceled, "canceled is null");
        requireNonNull(queryId, "queryId is null");
    }

    public ExecutionContext(BufferAllocator allocator, int batchRows, BooleanSupplier canceled) {
        this(allocator, batchRows, canceled, NO_QUERY);
    }

    public static ExecutionContext of(BufferAllocator allocator) {
        return new ExecutionContext(allocator, DEFAULT_BATCH_ROWS, () -> false);
    }

    /** This context with operators taking their memory from {@code operatorAllocator}. */
    public ExecutionContext withAllocator(BufferAllocator operatorAllocator) {
        return new ExecutionContext(operatorAllocator, batchRows, canceled, queryId);
    }

    /** Throws when the task was canceled; long-running loops call it once per batch. */
    public void checkCanceled() {
        if (canceled.getAsBoolean()) {
            throw new AqueductException(ErrorCode.QUERY_CANCELED, "Query was canceled");
        }
    }
}
