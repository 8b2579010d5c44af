package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.type.RowType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Wraps the operator of one plan node and counts what its {@code next()} returns and how long it takes: a clock
 * read before and after each call, no per-row work. The wrapped operator was created with an {@link
 * ExecutionContext} whose allocator is {@code allocator}, a child of the task's allocator that this wrapper owns,
 * so that its peak is the operator's peak memory; the operator takes its own named child of it, as every operator
 * does, and closes that child before this wrapper closes {@code allocator}.
 *
 * <p>{@code next()} and {@code close()} run on the task's thread; the counters are written by that thread only and
 * may be read from any thread, also after {@code close()}.
 */
final class MeteredOperator implements Operator {
    private final int operatorId;
    private final String operatorName;
    private final Operator operator;
    private final BufferAllocator allocator;
    private volatile long outputRows;
    private volatile long outputBytes;
    private volatile long batches;
    private volatile long elapsedNanos;
    private boolean closed;

    MeteredOperator(int operatorId, String operatorName, Operator operator, BufferAllocator allocator) {
        this.operatorId = operatorId;
        this.operatorName = requireNonNull(operatorName, "operatorName is null");
        this.operator = requireNonNull(operator, "operator is null");
        this.allocator = requireNonNull(allocator, "allocator is null");
    }

    @Override
    public RowType outputType() {
        return operator.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        long start = System.nanoTime();
        VectorSchemaRoot batch;
        try {
            batch = operator.next();
        } finally {
            elapsedNanos += System.nanoTime() - start;
        }
        if (batch != null) {
            batches++;
            outputRows += batch.getRowCount();
            outputBytes += Batches.sizeInBytes(batch);
        }
        return batch;
    }

    /** Closes the operator, then its allocator; a second call does nothing. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            operator.close();
        } catch (RuntimeException | Error e) {
            // The operator's own failure explains a leak in its allocator better than the allocator does.
            try {
                allocator.close();
            } catch (RuntimeException leak) {
                e.addSuppressed(leak);
            }
            throw e;
        }
        allocator.close();
    }

    int operatorId() {
        return operatorId;
    }

    long elapsedNanos() {
        return elapsedNanos;
    }

    /** The counters so far, with {@code inputsElapsedNanos} (the inputs' elapsed time) to derive the self time. */
    OperatorMetrics metrics(long inputsElapsedNanos) {
        long elapsed = elapsedNanos;
        return new OperatorMetrics(
                operatorId,
                operatorName,
                outputRows,
                outputBytes,
                batches,
                elapsed,
                // An operator that pulls its input outside next() (none does today) must not get a negative time.
                Math.max(0, elapsed - inputsElapsedNanos),
                allocator.getPeakMemoryAllocation(),
                operator.counters());
    }
}
