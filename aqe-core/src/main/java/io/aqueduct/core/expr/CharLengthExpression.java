package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;

/** CHAR_LENGTH as BIGINT: the number of code points, counted on the UTF-8 bytes. */
final class CharLengthExpression extends UnaryExpression<VarCharVector, BigIntVector> {
    CharLengthExpression(VectorExpression operand) {
        super(operand, DataType.BIGINT);
    }

    @Override
    void compute(VarCharVector input, BigIntVector result, int rowCount) {
        ArrowBuf data = input.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                result.set(i, Utf8.codePointCount(data, input.getStartOffset(i), input.getEndOffset(i)));
            }
        }
    }
}
