package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.DoubleToLongFunction;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;

/**
 * Conversions between INTEGER, BIGINT, DECIMAL and DOUBLE. DECIMAL targets round half up (away from zero), a DOUBLE
 * cast to INTEGER or BIGINT rounds half to even; exact targets fail with NUMERIC_OUT_OF_RANGE when the value does not
 * fit.
 */
final class NumericCasts {
    private static final int UNCHECKED_PRECISION = 19;
    private static final double TWO_TO_63 = 0x1p63;

    private NumericCasts() {}

    /** Scale of a value of an exact numeric type: INTEGER and BIGINT are scale 0. */
    static int scale(DataType type) {
        return type.kind() == TypeKind.DECIMAL ? type.scale() : 0;
    }

    /** Digits a value of an exact type may have; BIGINT is bounded by its 64 bits only. */
    static int precision(DataType type) {
        return type.kind() == TypeKind.DECIMAL ? type.precision() : UNCHECKED_PRECISION;
    }

    static CastExpression.Conversion intToLong(DataType to) {
        int scale = scale(to);
        long factor = DecimalMath.powerOfTen(scale);
        int precision = precision(to);
        return (input, result, rowCount) -> {
            IntVector ints = (IntVector) input;
            BigIntVector longs = (BigIntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!ints.isNull(i)) {
                    longs.set(
                            i, DecimalMath.checkPrecision(DecimalMath.multiply(ints.get(i), factor), precision, scale));
                }
            }
        };
    }

    static CastExpression.Conversion longToLong(DataType from, DataType to) {
        int fromScale = scale(from);
        int toScale = scale(to);
        int precision = precision(to);
        return (input, result, rowCount) -> {
            BigIntVector source = (BigIntVector) input;
            BigIntVector target = (BigIntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!source.isNull(i)) {
                    long value = DecimalMath.rescale(source.get(i), fromScale, toScale);
                    target.set(i, DecimalMath.checkPrecision(value, precision, toScale));
                }
            }
        };
    }

    static CastExpression.Conversion longToInt(DataType from) {
        int fromScale = scale(from);
        return (input, result, rowCount) -> {
            BigIntVector longs = (BigIntVector) input;
            IntVector ints = (IntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!longs.isNull(i)) {
                    ints.set(i, toInt(DecimalMath.rescale(longs.get(i), fromScale, 0)));
                }
            }
        };
    }

    static CastExpression.Conversion intToDouble() {
        return (input, result, rowCount) -> {
            IntVector ints = (IntVector) input;
            Float8Vector doubles = (Float8Vector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!ints.isNull(i)) {
                    doubles.set(i, ints.get(i));
                }
            }
        };
    }

    static CastExpression.Conversion longToDouble(DataType from) {
        // Powers of ten up to 10^18 are exact doubles, so one division rounds correctly.
        double divisor = DecimalMath.powerOfTen(scale(from));
        return (input, result, rowCount) -> {
            BigIntVector longs = (BigIntVector) input;
            Float8Vector doubles = (Float8Vector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!longs.isNull(i)) {
                    doubles.set(i, longs.get(i) / divisor);
                }
            }
        };
    }

    static CastExpression.Conversion doubleToInt() {
        return (input, result, rowCount) -> {
            Float8Vector doubles = (Float8Vector) input;
            IntVector ints = (IntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!doubles.isNull(i)) {
                    ints.set(i, toInt(roundHalfEven(doubles.get(i))));
                }
            }
        };
    }

    static CastExpression.Conversion doubleToLong(DataType to) {
        int scale = scale(to);
        int precision = precision(to);
        DoubleToLongFunction toLong = rounding(to.kind() == TypeKind.BIGINT, scale);
        return (input, result, rowCount) -> {
            Float8Vector doubles = (Float8Vector) input;
            BigIntVector longs = (BigIntVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!doubles.isNull(i)) {
                    longs.set(i, DecimalMath.checkPrecision(toLong.applyAsLong(doubles.get(i)), precision, scale));
                }
            }
        };
    }

    /** How a DOUBLE becomes a BIGINT ({@code integer}) or the unscaled value of a DECIMAL of {@code scale}. */
    private static DoubleToLongFunction rounding(boolean integer, int scale) {
        if (integer) {
            return NumericCasts::roundHalfEven;
        }
        if (scale == 0) {
            return NumericCasts::roundToLong;
        }
        return value -> toUnscaled(value, scale);
    }

    /**
     * The nearest integer, ties to the even one (2.5 is 2, -2.5 is -2), as PostgreSQL and DuckDB cast a DOUBLE to an
     * integer type; a DECIMAL target rounds ties away from zero, as their decimals do.
     */
    private static long roundHalfEven(double value) {
        double rounded = Math.rint(value);
        if (!(rounded >= -TWO_TO_63 && rounded < TWO_TO_63)) {
            throw DecimalMath.outOfRange();
        }
        return (long) rounded;
    }

    private static long roundToLong(double value) {
        double magnitude = Math.abs(value);
        double rounded = Math.floor(magnitude);
        if (magnitude - rounded >= 0.5) {
            rounded += 1;
        }
        if (!(rounded < TWO_TO_63)) {
            throw DecimalMath.outOfRange();
        }
        long result = (long) rounded;
        return value < 0 ? -result : result;
    }

    // Goes through the shortest decimal representation, so that 1.005 becomes 1.01 at scale 2.
    private static long toUnscaled(double value, int scale) {
        if (!Double.isFinite(value)) {
            throw DecimalMath.outOfRange();
        }
        try {
            return BigDecimal.valueOf(value)
                    .setScale(scale, RoundingMode.HALF_UP)
                    .unscaledValue()
                    .longValueExact();
        } catch (ArithmeticException e) {
            throw DecimalMath.outOfRange();
        }
    }

    private static int toInt(long value) {
        if (value != (int) value) {
            throw DecimalMath.outOfRange();
        }
        return (int) value;
    }
}
