package io.aqueduct.core.expr;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A compiled {@link Expression}: evaluates all rows of a batch at once. */
public interface VectorExpression {
    /**
     * Returns a new vector with one value per row of {@code batch}, allocated from {@code allocator}
     * and owned by the caller. The vector's Arrow field is {@code type().toField(name)}-compatible.
     */
    FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator);
}
