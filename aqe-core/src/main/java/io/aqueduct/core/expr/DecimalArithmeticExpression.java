package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;

/** MULTIPLY and DIVIDE of DECIMAL operands whose scales may differ from each other and from the result's. */
final class DecimalArithmeticExpression extends BinaryExpression<BigIntVector, BigIntVector, BigIntVector> {
    private final Function function;
    private final int leftScale;
    private final int rightScale;
    private final int scale;

    DecimalArithmeticExpression(
            Function function,
            VectorExpression left,
            int leftScale,
            VectorExpression right,
            int rightScale,
            DataType type) {
        super(left, right, type);
        this.function = function;
        this.leftScale = leftScale;
        this.rightScale = rightScale;
        this.scale = type.scale();
    }

    @Override
    void compute(BigIntVector left, BigIntVector right, BigIntVector result, int rowCount) {
        switch (function) {
            case MULTIPLY -> {
                if (Vectors.noNulls(left, right)) {
                    multiplyDense(left.getDataBuffer(), right.getDataBuffer(), result.getDataBuffer(), rowCount);
                    Vectors.setAllValid(result, rowCount);
                    return;
                }
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        result.set(i, DecimalMath.multiply(left.get(i), leftScale, right.get(i), rightScale, scale));
                    }
                }
            }
            case DIVIDE -> {
                for (int i = 0; i < rowCount; i++) {
                    if (!left.isNull(i) && !right.isNull(i)) {
                        long divisor = LongArithmeticExpression.checkDivisor(right.get(i));
                        result.set(i, DecimalMath.divide(left.get(i), leftScale, divisor, rightScale, scale));
                    }
                }
            }
            default -> throw new IllegalArgumentException("Not a scaled decimal function: " + function);
        }
    }

    /** MULTIPLY of operands without NULLs, straight from buffer to buffer. */
    private void multiplyDense(ArrowBuf lefts, ArrowBuf rights, ArrowBuf results, int rowCount) {
        for (long at = 0; at < (long) rowCount * Long.BYTES; at += Long.BYTES) {
            results.setLong(
                    at, DecimalMath.multiply(lefts.getLong(at), leftScale, rights.getLong(at), rightScale, scale));
        }
    }
}
