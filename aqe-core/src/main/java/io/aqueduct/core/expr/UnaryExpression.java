package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Evaluates one operand, then computes the result from its vector in one pass. */
abstract class UnaryExpression<I extends FieldVector, V extends FieldVector> implements VectorExpression {
    private final VectorExpression operand;
    private final DataType type;

    UnaryExpression(VectorExpression operand, DataType type) {
        this.operand = operand;
        this.type = type;
    }

    @Override
    @SuppressWarnings("unchecked")
    public final FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        try (FieldVector input = operand.evaluate(batch, allocator)) {
            return Vectors.<V>build(type, rowCount, allocator, result -> compute((I) input, result, rowCount));
        }
    }

    /** Writes {@code result[0..rowCount)}; rows left unset are NULL. */
    abstract void compute(I input, V result, int rowCount);
}
