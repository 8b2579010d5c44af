package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Evaluates two operands, then computes the result from their vectors in one pass. */
abstract class BinaryExpression<L extends FieldVector, R extends FieldVector, V extends FieldVector>
        implements VectorExpression {
    private final VectorExpression left;
    private final VectorExpression right;
    private final DataType type;

    BinaryExpression(VectorExpression left, VectorExpression right, DataType type) {
        this.left = left;
        this.right = right;
        this.type = type;
    }

    @Override
    @SuppressWarnings("unchecked")
    public final FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        try (FieldVector leftValues = left.evaluate(batch, allocator);
                FieldVector rightValues = right.evaluate(batch, allocator)) {
            return Vectors.<V>build(
                    type, rowCount, allocator, result -> compute((L) leftValues, (R) rightValues, result, rowCount));
        }
    }

    /** Writes {@code result[0..rowCount)}; rows left unset are NULL. */
    abstract void compute(L left, R right, V result, int rowCount);
}
