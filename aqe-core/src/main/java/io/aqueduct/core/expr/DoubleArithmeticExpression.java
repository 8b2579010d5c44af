package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.Float8Vector;

/** ADD, SUBTRACT, MULTIPLY, DIVIDE, MOD, POWER and ATAN2 on doubles, with IEEE semantics (x / 0 is infinite or NaN). */
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
                        result.set(i, Math.pow(left.get(i), right.get(i)));
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
}
