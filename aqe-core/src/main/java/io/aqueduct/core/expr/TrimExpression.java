package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;

/** TRIM: removes leading and trailing spaces (U+0020), copying the remaining bytes. */
final class TrimExpression extends UnaryExpression<VarCharVector, VarCharVector> {
    private static final byte SPACE = ' ';

    TrimExpression(VectorExpression operand) {
        super(operand, DataType.VARCHAR);
    }

    @Override
    void compute(VarCharVector input, VarCharVector result, int rowCount) {
        ArrowBuf data = input.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (input.isNull(i)) {
                continue;
            }
            int start = input.getStartOffset(i);
            int end = input.getEndOffset(i);
            while (start < end && data.getByte(start) == SPACE) {
                start++;
            }
            while (end > start && data.getByte(end - 1) == SPACE) {
                end--;
            }
            result.setSafe(i, start, end - start, data);
        }
    }
}
