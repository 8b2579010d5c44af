package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;

/**
 * The six comparisons over two operands of the same vector type (the compiler rescales DECIMALs and
 * widens mixed numeric types first). VARCHAR compares UTF-8 bytes unsigned, which is code point order,
 * VARBINARY unsigned bytes.
 * DOUBLE follows PostgreSQL: NaN equals NaN and is greater than any other value, and -0.0 equals 0.0.
 */
final class ComparisonExpression extends BinaryExpression<FieldVector, FieldVector, BitVector> {
    private static final int LESS = 1;
    private static final int EQUAL = 2;
    private static final int GREATER = 4;

    /** Bit {@code sign(compare(left, right)) + 1} of the mask is the comparison's result. */
    private final int outcomeMask;

    ComparisonExpression(Function function, VectorExpression left, VectorExpression right) {
        super(left, right, DataType.BOOLEAN);
        this.outcomeMask = outcomeMask(function);
    }

    /** The outcomes of {@code compare(left, right)} for which {@code function} is TRUE, as a mask for {@link #outcome}. */
    static int outcomeMask(Function function) {
        return switch (function) {
            case EQUAL -> EQUAL;
            case NOT_EQUAL -> LESS | GREATER;
            case LESS_THAN -> LESS;
            case LESS_THAN_OR_EQUAL -> LESS | EQUAL;
            case GREATER_THAN -> GREATER;
            case GREATER_THAN_OR_EQUAL -> GREATER | EQUAL;
            default -> throw new IllegalArgumentException("Not a comparison: " + function);
        };
    }

    /** The comparison with its operands swapped: {@code a < b} is {@code b > a}. */
    static Function mirrored(Function function) {
        return switch (function) {
            case LESS_THAN -> Function.GREATER_THAN;
            case LESS_THAN_OR_EQUAL -> Function.GREATER_THAN_OR_EQUAL;
            case GREATER_THAN -> Function.LESS_THAN;
            case GREATER_THAN_OR_EQUAL -> Function.LESS_THAN_OR_EQUAL;
            default -> function;
        };
    }

    /** Whether the comparison only tells equal from not equal ({@code =}, {@code <>}): no order is needed. */
    static boolean equalityOnly(int mask) {
        return mask == EQUAL || mask == (LESS | GREATER);
    }

    /** 1 if the outcome of a comparison (its sign) is in {@code mask}, else 0. */
    static int outcome(int mask, int comparison) {
        return (mask >>> (Integer.signum(comparison) + 1)) & 1;
    }

    @Override
    void compute(FieldVector left, FieldVector right, BitVector result, int rowCount) {
        if (PackedComparisons.compareColumns(outcomeMask, left, right, result, rowCount)) {
            return;
        }
        if (left instanceof BigIntVector longs) {
            compareLongs(longs, (BigIntVector) right, result, rowCount);
        } else if (left instanceof IntVector ints) {
            compareInts(ints, (IntVector) right, result, rowCount);
        } else if (left instanceof DateDayVector dates) {
            compareDates(dates, (DateDayVector) right, result, rowCount);
        } else if (left instanceof Float8Vector doubles) {
            compareDoubles(doubles, (Float8Vector) right, result, rowCount);
        } else if (left instanceof TimeStampVector timestamps) {
            compareMicros(timestamps, (TimeStampVector) right, result, rowCount);
        } else if (left instanceof TimeMicroVector times) {
            compareMicros(times, (TimeMicroVector) right, result, rowCount);
        } else if (left instanceof BaseVariableWidthVector strings) {
            compareBytes(strings, (BaseVariableWidthVector) right, result, rowCount);
        } else if (left instanceof BitVector booleans) {
            compareBooleans(booleans, (BitVector) right, result, rowCount);
        }
        // NULL-typed operands leave every row NULL.
    }

    private int outcome(int comparison) {
        return outcome(outcomeMask, comparison);
    }

    private void compareLongs(BigIntVector left, BigIntVector right, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                result.set(i, outcome(Long.compare(left.get(i), right.get(i))));
            }
        }
    }

    private void compareInts(IntVector left, IntVector right, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                result.set(i, outcome(Integer.compare(left.get(i), right.get(i))));
            }
        }
    }

    private void compareDates(DateDayVector left, DateDayVector right, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                result.set(i, outcome(Integer.compare(left.get(i), right.get(i))));
            }
        }
    }

    private void compareDoubles(Float8Vector left, Float8Vector right, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                double l = left.get(i);
                double r = right.get(i);
                result.set(i, outcome(l == r ? 0 : Double.compare(l, r)));
            }
        }
    }

    /** TIMESTAMP and TIME: 64-bit microseconds. */
    private void compareMicros(BaseFixedWidthVector left, BaseFixedWidthVector right, BitVector result, int rowCount) {
        ArrowBuf leftData = left.getDataBuffer();
        ArrowBuf rightData = right.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                long l = leftData.getLong((long) i * Long.BYTES);
                long r = rightData.getLong((long) i * Long.BYTES);
                result.set(i, outcome(Long.compare(l, r)));
            }
        }
    }

    private void compareBytes(
            BaseVariableWidthVector left, BaseVariableWidthVector right, BitVector result, int rowCount) {
        ArrowBuf leftData = left.getDataBuffer();
        ArrowBuf rightData = right.getDataBuffer();
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                int comparison = ByteFunctionHelpers.compare(
                        leftData,
                        left.getStartOffset(i),
                        left.getEndOffset(i),
                        rightData,
                        right.getStartOffset(i),
                        right.getEndOffset(i));
                result.set(i, outcome(comparison));
            }
        }
    }

    private void compareBooleans(BitVector left, BitVector right, BitVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!left.isNull(i) && !right.isNull(i)) {
                result.set(i, outcome(Integer.compare(left.get(i), right.get(i))));
            }
        }
    }
}
