package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;

/** OCTET_LENGTH as BIGINT: the bytes of a VARBINARY, or of a VARCHAR's UTF-8 encoding. */
final class OctetLengthExpression extends UnaryExpression<BaseVariableWidthVector, BigIntVector> {
    OctetLengthExpression(VectorExpression operand) {
        super(operand, DataType.BIGINT);
    }

    @Override
    void compute(BaseVariableWidthVector input, BigIntVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                result.set(i, input.getEndOffset(i) - input.getStartOffset(i));
            }
        }
    }
}
