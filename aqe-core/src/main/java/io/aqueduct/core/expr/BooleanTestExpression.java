package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/** IS [NOT] NULL, IS [NOT] TRUE and IS [NOT] FALSE: never NULL. */
final class BooleanTestExpression extends UnaryExpression<FieldVector, BitVector> {
    private final Function function;

    BooleanTestExpression(Function function, VectorExpression operand) {
        super(operand, DataType.BOOLEAN);
        this.function = function;
    }

    @Override
    void compute(FieldVector input, BitVector result, int rowCount) {
        switch (function) {
            case IS_NULL -> {
                for (int i = 0; i < rowCount; i++) {
                    result.set(i, input.isNull(i) ? 1 : 0);
                }
            }
            case IS_NOT_NULL -> {
                for (int i = 0; i < rowCount; i++) {
                    result.set(i, input.isNull(i) ? 0 : 1);
                }
            }
            case IS_TRUE, IS_NOT_TRUE ->
                testValue((BitVector) input, 1, function == Function.IS_NOT_TRUE, result, rowCount);
            case IS_FALSE, IS_NOT_FALSE ->
                testValue((BitVector) input, 0, function == Function.IS_NOT_FALSE, result, rowCount);
            default -> throw new IllegalArgumentException("Not a boolean test: " + function);
        }
    }

    /** {@code result = (input IS wanted)}, negated when {@code negate}. */
    private static void testValue(BitVector input, int wanted, boolean negate, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            boolean matches = !input.isNull(i) && input.get(i) == wanted;
            result.set(i, matches != negate ? 1 : 0);
        }
    }
}
