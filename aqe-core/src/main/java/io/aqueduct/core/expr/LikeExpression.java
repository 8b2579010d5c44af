package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VarCharVector;

/** LIKE against a constant pattern, compiled once. */
final class LikeExpression extends UnaryExpression<VarCharVector, BitVector> {
    private final LikeMatcher matcher;

    LikeExpression(VectorExpression value, LikeMatcher matcher) {
        super(value, DataType.BOOLEAN);
        this.matcher = matcher;
    }

    @Override
    void compute(VarCharVector values, BitVector result, int rowCount) {
        ArrowBuf data = values.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i)) {
                result.set(i, matcher.matches(data, values.getStartOffset(i), values.getEndOffset(i)) ? 1 : 0);
            }
        }
    }
}
