package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.util.function.DoubleUnaryOperator;
import java.util.function.UnaryOperator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;

/**
 * A one-operand numeric function (SQRT, LN, ROUND, CEIL, ...), NULL for NULL. DOUBLE operands compute with a
 * {@link DoubleUnaryOperator}; exact operands (BIGINT or unscaled DECIMAL, held in a BIGINT vector) with
 * {@link BigDecimal}, so rounding to a number of digits is exact, and the result is rescaled to the call's
 * scale.
 */
final class NumericFunctionExpression extends UnaryExpression<FieldVector, FieldVector> {
    private final DoubleUnaryOperator doubles;
    private final UnaryOperator<BigDecimal> exact;
    private final int operandScale;
    private final int resultScale;

    private NumericFunctionExpression(
            VectorExpression operand,
            DataType type,
            DoubleUnaryOperator doubles,
            UnaryOperator<BigDecimal> exact,
            int operandScale) {
        super(operand, type);
        this.doubles = doubles;
        this.exact = exact;
        this.operandScale = operandScale;
        this.resultScale = NumericCasts.scale(type);
    }

    /** {@code function} of a DOUBLE operand; DOUBLE result. */
    static NumericFunctionExpression ofDoubles(VectorExpression operand, DoubleUnaryOperator function) {
        return new NumericFunctionExpression(operand, DataType.DOUBLE, function, null, 0);
    }

    /** {@code function} of an exact operand of {@code operandType} (BIGINT or DECIMAL); a result of {@code type}. */
    static NumericFunctionExpression ofExact(
            VectorExpression operand, DataType operandType, DataType type, UnaryOperator<BigDecimal> function) {
        return new NumericFunctionExpression(operand, type, null, function, NumericCasts.scale(operandType));
    }

    @Override
    void compute(FieldVector input, FieldVector result, int rowCount) {
        if (doubles != null) {
            Float8Vector values = (Float8Vector) input;
            Float8Vector results = (Float8Vector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!values.isNull(i)) {
                    results.set(i, doubles.applyAsDouble(values.get(i)));
                }
            }
            return;
        }
        BigIntVector values = (BigIntVector) input;
        BigIntVector results = (BigIntVector) result;
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i)) {
                BigDecimal value = exact.apply(BigDecimal.valueOf(values.get(i), operandScale));
                try {
                    results.set(i, value.setScale(resultScale).unscaledValue().longValueExact());
                } catch (ArithmeticException e) {
                    throw DecimalMath.outOfRange();
                }
            }
        }
    }
}
