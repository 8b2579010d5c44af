package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.BitVector;

/** Boolean negation; NOT NULL is NULL. */
final class NotExpression extends UnaryExpression<BitVector, BitVector> {
    NotExpression(VectorExpression operand) {
        super(operand, DataType.BOOLEAN);
    }

    @Override
    void compute(BitVector input, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                result.set(i, 1 - input.get(i));
            }
        }
    }
}
