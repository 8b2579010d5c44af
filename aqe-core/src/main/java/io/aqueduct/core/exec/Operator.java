package io.aqueduct.core.exec;

import io.aqueduct.core.type.RowType;
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

    @Override
    void close();
}
