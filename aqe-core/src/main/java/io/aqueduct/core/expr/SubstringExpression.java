package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * SQL SUBSTRING(string FROM start [FOR length]): the characters at 1-based positions
 * {@code [start, start + length)} that exist in the string, so a start below 1 shortens the result.
 * A negative length is an error.
 */
final class SubstringExpression implements VectorExpression {
    private final VectorExpression string;
    private final VectorExpression start;
    private final VectorExpression length;

    /** {@code length} is null for the two-operand form. */
    SubstringExpression(VectorExpression string, VectorExpression start, VectorExpression length) {
        this.string = string;
        this.start = start;
        this.length = length;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        try (VarCharVector strings = (VarCharVector) string.evaluate(batch, allocator);
                BigIntVector starts = (BigIntVector) start.evaluate(batch, allocator);
                BigIntVector lengths = length == null ? null : (BigIntVector) length.evaluate(batch, allocator)) {
            return Vectors.<VarCharVector>build(
                    DataType.VARCHAR,
                    rowCount,
                    allocator,
                    result -> compute(strings, starts, lengths, result, rowCount));
        }
    }

    private static void compute(
            VarCharVector strings, BigIntVector starts, BigIntVector lengths, VarCharVector result, int rowCount) {
        ArrowBuf data = strings.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (strings.isNull(i) || starts.isNull(i) || (lengths != null && lengths.isNull(i))) {
                continue;
            }
            long first = starts.get(i);
            long end = Long.MAX_VALUE;
            if (lengths != null) {
                long count = lengths.get(i);
                if (count < 0) {
                    throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "Negative SUBSTRING length: " + count);
                }
                end = first > Long.MAX_VALUE - count ? Long.MAX_VALUE : first + count;
            }
            first = Math.max(first, 1);
            int stringStart = strings.getStartOffset(i);
            int stringEnd = strings.getEndOffset(i);
            int from = Utf8.advance(data, stringStart, stringEnd, first - 1);
            int to = end <= first ? from : Utf8.advance(data, from, stringEnd, end - first);
            result.setSafe(i, from, to - from, data);
        }
    }
}
