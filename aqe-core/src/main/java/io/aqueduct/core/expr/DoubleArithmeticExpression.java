package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.Float8Vector;

/**
 * ADD, SUBTRACT, MULTIPLY, DIVIDE, MOD, POWER and ATAN2 on doubles, with IEEE semantics (x / 0 is infinite or NaN),
 * except that POWER fails where PostgreSQL's does (a complex or undefined result).
 */
final class DoubleArithmeticExpression extends BinaryExpression<Float8Vector, Float8Vector, Float8Vector> {
    private final Function function;

    DoubleArithmeticExpression(Function function, VectorExpression left, VectorExpression right, DataType type) {
        super(left, right, type);
        this.function = function;
    }

    @Override
    void compute(Float8Vector left, Float8Vector right, Float8Vector result, int rowCount) {
        switch (function) {
            case ADD -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, left.get(i) + right.get(i));
                    }
                }
            }
            case SUBTRACT -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, left.get(i) - right.get(i));
                    }
                }
            }
            case MULTIPLY -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, left.get(i) * right.get(i));
                    }
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, left.get(i) / right.get(i));
                    }
                }
            }
            case MOD -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, left.get(i) % right.get(i));
                    }
                }
            }
            case POWER -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, power(left.get(i), right.get(i)));
                    }
                }
            }
            case ATAN2 -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, Math.atan2(left.get(i), right.get(i)));
                    }
                }
            }
            default -> throw new IllegalArgumentException("Not an arithmetic function: " + function);
        }
    }

    /** {@code base} to the power {@code exponent}; an undefined or complex result fails, as in PostgreSQL. */
    private static double power(double base, double exponent) {
        double power = Math.pow(base, exponent);
        if (Double.isNaN(power) && !Double.isNaN(base) && !Double.isNaN(exponent)) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT_FOR_POWER,
                    exponent == 0.5
                            ? "cannot take square root of a negative number"
                            : "a negative number raised to a non-integer power yields a complex result");
        }
        if (base == 0 && exponent < 0) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT_FOR_POWER, "zero raised to a negative power is undefined");
        }
        return power;
    }
}
