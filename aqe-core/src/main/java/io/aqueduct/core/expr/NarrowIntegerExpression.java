package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.IntVector;

/**
 * An INTEGER that must be a SMALLINT's or TINYINT's value, which the engine holds as INTEGERs: values outside the
 * narrower type's range fail with NUMERIC_OUT_OF_RANGE, as PostgreSQL's {@code smallint out of range}.
 */
final class NarrowIntegerExpression extends UnaryExpression<IntVector, IntVector> {
    private final String typeName;
    private final int min;
    private final int max;

    NarrowIntegerExpression(Function function, VectorExpression operand) {
        super(operand, DataType.INTEGER);
        boolean small = function == Function.CHECK_SMALLINT;
        this.typeName = small ? "smallint" : "tinyint";
        this.min = small ? Short.MIN_VALUE : Byte.MIN_VALUE;
        this.max = small ? Short.MAX_VALUE : Byte.MAX_VALUE;
    }

    @Override
    void compute(IntVector input, IntVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                int value = input.get(i);
                if (value < min || value > max) {
                    throw new AqueductException(ErrorCode.NUMERIC_OUT_OF_RANGE, typeName + " out of range: " + value);
                }
                result.set(i, value);
            }
        }
    }
}
