package io.aqueduct.core.exec;

import io.aqueduct.core.type.RowType;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A pull-based columnar operator. The consumer calls {@link #next()} until it returns {@code null}
 * (end of data), then {@link #close()}; it may call {@code close()} at any time to stop early (LIMIT,
 * cancel), and {@code close()} must release every buffer the operator and its inputs hold.
 *
 * <p>Each batch returned by {@code next()} is owned by the caller, who must close it. Batches follow
 * {@link #outputType()}'s schema (as {@link RowType#toSchema()}) and may have zero rows.
 */
public interface Operator extends AutoCloseable {
    RowType outputType();

    VectorSchemaRoot next();

    /**
     * Counts particular to this operator, by name, for reporting beside its metrics (a cached scan's {@code
     * split_cache_hits}); summed over a stage's tasks. Read by the task's thread after {@code next()} calls and
     * after {@code close()}. None by default.
     */
    default Map<String, Long> counters() {
        return Map.of();
    }

    @Override
    void close();
}
