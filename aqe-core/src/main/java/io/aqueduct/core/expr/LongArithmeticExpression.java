package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;

/**
 * ADD, SUBTRACT, MULTIPLY, DIVIDE and MOD on 64-bit integers: BIGINT, and DECIMAL operands that share
 * the result's scale (for which the unscaled values add, subtract and take remainders alike).
 */
final class LongArithmeticExpression extends BinaryExpression<BigIntVector, BigIntVector, BigIntVector> {
    private final Function function;

    LongArithmeticExpression(Function function, VectorExpression left, VectorExpression right, DataType type) {
        super(left, right, type);
        this.function = function;
    }

    @Override
    void compute(BigIntVector left, BigIntVector right, BigIntVector result, int rowCount) {
        try {
            if (Vectors.noNulls(left, right) && computeDense(left, right, result, rowCount)) {
                Vectors.setAllValid(result, rowCount);
                return;
            }
            switch (function) {
                case ADD -> {
                    for (int i = 0; i < rowCount; i++) {
                        if (!left.isNull(i) && !right.isNull(i)) {
                            result.set(i, Math.addExact(left.get(i), right.get(i)));
                        }
                    }
                }
                case SUBTRACT -> {
                    for (int i = 0; i < rowCount; i++) {
                        if (!left.isNull(i) && !right.isNull(i)) {
                            result.set(i, Math.subtractExact(left.get(i), right.get(i)));
                        }
                    }
                }
                case MULTIPLY -> {
                    for (int i = 0; i < rowCount; i++) {
                        if (!left.isNull(i) && !right.isNull(i)) {
                            result.set(i, Math.multiplyExact(left.get(i), right.get(i)));
                        }
                    }
                }
                case DIVIDE -> {
                    for (int i = 0; i < rowCount; i++) {
                        if (!left.isNull(i) && !right.isNull(i)) {
                            result.set(i, divide(left.get(i), right.get(i)));
                        }
                    }
                }
                case MOD -> {
                    for (int i = 0; i < rowCount; i++) {
                        if (!left.isNull(i) && !right.isNull(i)) {
                            result.set(i, left.get(i) % checkDivisor(right.get(i)));
                        }
                    }
                }
                default -> throw new IllegalArgumentException("Not an arithmetic function: " + function);
            }
        } catch (ArithmeticException e) {
            throw DecimalMath.outOfRange();
        }
    }

    /**
     * ADD, SUBTRACT and MULTIPLY of operands without NULLs, straight from buffer to buffer; false (nothing written)
     * for the other functions.
     */
    private boolean computeDense(BigIntVector left, BigIntVector right, BigIntVector result, int rowCount) {
        ArrowBuf lefts = left.getDataBuffer();
        ArrowBuf rights = right.getDataBuffer();
        ArrowBuf results = result.getDataBuffer();
        switch (function) {
            case ADD -> {
                for (long at = 0; at < (long) rowCount * Long.BYTES; at += Long.BYTES) {
                    results.setLong(at, Math.addExact(lefts.getLong(at), rights.getLong(at)));
                }
            }
            case SUBTRACT -> {
                for (long at = 0; at < (long) rowCount * Long.BYTES; at += Long.BYTES) {
                    results.setLong(at, Math.subtractExact(lefts.getLong(at), rights.getLong(at)));
                }
            }
            case MULTIPLY -> {
                for (long at = 0; at < (long) rowCount * Long.BYTES; at += Long.BYTES) {
                    results.setLong(at, Math.multiplyExact(lefts.getLong(at), rights.getLong(at)));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static long divide(long dividend, long divisor) {
        checkDivisor(divisor);
        if (dividend == Long.MIN_VALUE && divisor == -1) {
            throw DecimalMath.outOfRange();
        }
        return dividend / divisor;
    }

    static long checkDivisor(long divisor) {
        if (divisor == 0) {
            throw new AqueductException(ErrorCode.DIVISION_BY_ZERO, "Division by zero");
        }
        return divisor;
    }
}
