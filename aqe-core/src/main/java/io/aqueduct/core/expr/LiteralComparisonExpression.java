package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A comparison of a column with a constant, {@code column op constant}: the constant side (a literal, brought
 * to the comparison type) is evaluated once, on the first batch with rows, and every batch is compared against
 * that value without materializing it as a vector. Same results as {@link ComparisonExpression}.
 */
final class LiteralComparisonExpression implements VectorExpression {
    private final int outcomeMask;
    private final VectorExpression column;
    private final VectorExpression constant;

    private boolean evaluated;
    private boolean constantIsNull;
    private long longValue;
    private double doubleValue;
    private byte[] bytesValue;
    /** The constant's bytes as 8-byte words in the buffers' (native) order, for equality a word at a time. */
    private long[] bytesValueWords;

    /** @param function the comparison with the column on its left */
    LiteralComparisonExpression(Function function, VectorExpression column, VectorExpression constant) {
        this.outcomeMask = ComparisonExpression.outcomeMask(function);
        this.column = column;
        this.constant = constant;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        if (!evaluated && rowCount > 0) {
            readConstant(batch, allocator);
        }
        try (FieldVector values = column.evaluate(batch, allocator)) {
            return Vectors.<BitVector>build(DataType.BOOLEAN, rowCount, allocator, result -> {
                if (!constantIsNull) {
                    compare(values, result, rowCount);
                }
            });
        }
    }

    private void readConstant(VectorSchemaRoot batch, BufferAllocator allocator) {
        try (FieldVector value = constant.evaluate(batch, allocator)) {
            constantIsNull = value.isNull(0);
            if (!constantIsNull) {
                if (value instanceof Float8Vector doubles) {
                    doubleValue = doubles.get(0);
                } else if (value instanceof BaseVariableWidthVector bytes) {
                    bytesValue = bytes.get(0);
                    bytesValueWords = words(bytesValue);
                } else if (value instanceof BitVector bits) {
                    longValue = bits.get(0);
                } else {
                    longValue = fixedWidthValue((BaseFixedWidthVector) value, 0);
                }
            }
        }
        evaluated = true;
    }

    private void compare(FieldVector values, BitVector result, int rowCount) {
        if (values instanceof Float8Vector doubles) {
            for (int i = 0; i < rowCount; i++) {
                if (!doubles.isNull(i)) {
                    double value = doubles.get(i);
                    result.set(i, outcome(value == doubleValue ? 0 : Double.compare(value, doubleValue)));
                }
            }
        } else if (values instanceof BaseVariableWidthVector strings
                && ComparisonExpression.equalityOnly(outcomeMask)) {
            compareStringsForEquality(strings, result, rowCount);
        } else if (values instanceof BaseVariableWidthVector strings) {
            ArrowBuf data = strings.getDataBuffer();
            for (int i = 0; i < rowCount; i++) {
                if (!strings.isNull(i)) {
                    int comparison = ByteFunctionHelpers.compare(
                            data, strings.getStartOffset(i), strings.getEndOffset(i), bytesValue, 0, bytesValue.length);
                    result.set(i, outcome(comparison));
                }
            }
        } else if (values instanceof BitVector bits) {
            for (int i = 0; i < rowCount; i++) {
                if (!bits.isNull(i)) {
                    result.set(i, outcome(Long.compare(bits.get(i), longValue)));
                }
            }
        } else if (PackedComparisons.compareWithConstant(outcomeMask, values, longValue, result, rowCount)) {
            return;
        } else if (((BaseFixedWidthVector) values).getTypeWidth() == Integer.BYTES) {
            ArrowBuf data = values.getDataBuffer();
            for (int i = 0; i < rowCount; i++) {
                if (!values.isNull(i)) {
                    result.set(i, outcome(Long.compare(data.getInt((long) i * Integer.BYTES), longValue)));
                }
            }
        } else {
            ArrowBuf data = values.getDataBuffer();
            for (int i = 0; i < rowCount; i++) {
                if (!values.isNull(i)) {
                    result.set(i, outcome(Long.compare(data.getLong((long) i * Long.BYTES), longValue)));
                }
            }
        }
    }

    /**
     * {@code =} or {@code <>} of each string with the constant. Without NULLs the results are packed eight rows to a
     * byte and every row marked valid at once, as {@link PackedComparisons} does for numbers.
     */
    private void compareStringsForEquality(BaseVariableWidthVector strings, BitVector result, int rowCount) {
        ArrowBuf data = strings.getDataBuffer();
        if (strings.getNullCount() > 0) {
            for (int i = 0; i < rowCount; i++) {
                if (!strings.isNull(i)) {
                    int start = strings.getStartOffset(i);
                    result.set(i, outcome(equalsConstant(data, start, strings.getEndOffset(i) - start) ? 0 : 1));
                }
            }
            return;
        }
        ArrowBuf offsets = strings.getOffsetBuffer();
        ArrowBuf bits = result.getDataBuffer();
        int whenEqual = outcome(0);
        int otherwise = outcome(1);
        for (int start = 0; start < rowCount; start += Byte.SIZE) {
            int end = Math.min(rowCount, start + Byte.SIZE);
            int from = offsets.getInt((long) start * BaseVariableWidthVector.OFFSET_WIDTH);
            int packed = 0;
            for (int row = start; row < end; row++) {
                int to = offsets.getInt((long) (row + 1) * BaseVariableWidthVector.OFFSET_WIDTH);
                packed |= (equalsConstant(data, from, to - from) ? whenEqual : otherwise) << (row - start);
                from = to;
            }
            bits.setByte(start / Byte.SIZE, packed);
        }
        Vectors.setAllValid(result, rowCount);
    }

    /**
     * Whether the {@code length} bytes at {@code start} equal the constant's: lengths first (most values that differ,
     * differ there), then a word at a time; a general byte comparison per value cost a tenth of TPC-H's worker time.
     */
    private boolean equalsConstant(ArrowBuf data, long start, int length) {
        if (length != bytesValue.length) {
            return false;
        }
        int at = 0;
        for (long word : bytesValueWords) {
            if (data.getLong(start + at) != word) {
                return false;
            }
            at += Long.BYTES;
        }
        for (; at < length; at++) {
            if (data.getByte(start + at) != bytesValue[at]) {
                return false;
            }
        }
        return true;
    }

    /** The whole 8-byte words of {@code bytes}, in native order (the tail bytes are left out). */
    private static long[] words(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        long[] words = new long[bytes.length / Long.BYTES];
        for (int i = 0; i < words.length; i++) {
            words[i] = buffer.getLong(i * Long.BYTES);
        }
        return words;
    }

    /** INTEGER and DATE are 4-byte values, the other integral types 8-byte ones. */
    private static long fixedWidthValue(BaseFixedWidthVector vector, int row) {
        return vector.getTypeWidth() == Integer.BYTES
                ? vector.getDataBuffer().getInt((long) row * Integer.BYTES)
                : vector.getDataBuffer().getLong((long) row * Long.BYTES);
    }

    private int outcome(int comparison) {
        return ComparisonExpression.outcome(outcomeMask, comparison);
    }
}
