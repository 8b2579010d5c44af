package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VarCharVector;

/** LIKE against a pattern that varies by row: each distinct pattern of a batch is compiled once. */
final class DynamicLikeExpression extends BinaryExpression<VarCharVector, VarCharVector, BitVector> {
    private final String escape;

    DynamicLikeExpression(VectorExpression value, VectorExpression pattern, String escape) {
        super(value, pattern, DataType.BOOLEAN);
        this.escape = escape;
    }

    @Override
    void compute(VarCharVector values, VarCharVector patterns, BitVector result, int rowCount) {
        Map<String, LikeMatcher> matchers = new HashMap<>();
        ArrowBuf data = values.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i) && !patterns.isNull(i)) {
                LikeMatcher matcher = matchers.computeIfAbsent(
                        new String(patterns.get(i), UTF_8), pattern -> LikeMatcher.compile(pattern, escape));
                result.set(i, matcher.matches(data, values.getStartOffset(i), values.getEndOffset(i)) ? 1 : 0);
            }
        }
    }
}
