package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;

/** NEGATE and ABS of a BIGINT, DECIMAL (unscaled, scale unchanged) or DOUBLE operand. */
final class SignExpression extends UnaryExpression<FieldVector, FieldVector> {
    private final boolean absolute;

    SignExpression(Function function, VectorExpression operand, DataType type) {
        super(operand, type);
        this.absolute = function == Function.ABS;
    }

    @Override
    void compute(FieldVector input, FieldVector result, int rowCount) {
        if (input instanceof Float8Vector doubles) {
            computeDoubles(doubles, (Float8Vector) result, rowCount);
        } else {
            computeLongs((BigIntVector) input, (BigIntVector) result, rowCount);
        }
    }

    private void computeLongs(BigIntVector input, BigIntVector result, int rowCount) {
        try {
            for (int i = 0; i < rowCount; i++) {
                if (!input.isNull(i)) {
                    long value = input.get(i);
                    result.set(i, absolute ? Math.absExact(value) : Math.negateExact(value));
                }
            }
        } catch (ArithmeticException e) {
            throw DecimalMath.outOfRange();
        }
    }

    private void computeDoubles(Float8Vector input, Float8Vector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                double value = input.get(i);
                result.set(i, absolute ? Math.abs(value) : -value);
            }
        }
    }
}
