package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Arithmetic on scaled longs (unscaled DECIMAL values). The common cases stay on longs; BigDecimal is
 * used only when an intermediate result does not fit in 64 bits. Results round half up (away from
 * zero on a tie) and overflow throws NUMERIC_OUT_OF_RANGE.
 */
final class DecimalMath {
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private DecimalMath() {}

    static long powerOfTen(int exponent) {
        return POWERS_OF_TEN[exponent];
    }

    /** {@code value} at scale {@code from} expressed at scale {@code to}. */
    static long rescale(long value, int from, int to) {
        if (to == from) {
            return value;
        }
        if (to > from) {
            return multiply(value, powerOfTen(to - from));
        }
        return divideRoundHalfUp(value, powerOfTen(from - to));
    }

    /** {@code dividend / divisor} rounded half up; {@code divisor} must not be zero. */
    static long divideRoundHalfUp(long dividend, long divisor) {
        if (divisor == Long.MIN_VALUE || (dividend == Long.MIN_VALUE && divisor == -1)) {
            return toLong(BigDecimal.valueOf(dividend).divide(BigDecimal.valueOf(divisor), 0, RoundingMode.HALF_UP));
        }
        long quotient = dividend / divisor;
        long remainder = Math.abs(dividend % divisor);
        long absDivisor = Math.abs(divisor);
        if (remainder >= absDivisor - remainder) {
            quotient += (dividend < 0) == (divisor < 0) ? 1 : -1;
        }
        return quotient;
    }

    /** Product of unscaled values at scales {@code leftScale} and {@code rightScale}, at {@code scale}. */
    static long multiply(long left, int leftScale, long right, int rightScale, int scale) {
        int productScale = leftScale + rightScale;
        long high = Math.multiplyHigh(left, right);
        long low = left * right;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return rescale(low, productScale, scale);
        }
        BigInteger product = BigInteger.valueOf(left).multiply(BigInteger.valueOf(right));
        return toLong(new BigDecimal(product, productScale).setScale(scale, RoundingMode.HALF_UP));
    }

    /** Quotient of unscaled values at their scales, rounded half up to {@code scale}; divisor non-zero. */
    static long divide(long dividend, int dividendScale, long divisor, int divisorScale, int scale) {
        int exponent = scale - dividendScale + divisorScale;
        if (exponent >= 0 && exponent < POWERS_OF_TEN.length) {
            long factor = powerOfTen(exponent);
            long high = Math.multiplyHigh(dividend, factor);
            long low = dividend * factor;
            if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
                return divideRoundHalfUp(low, divisor);
            }
        }
        return toLong(BigDecimal.valueOf(dividend, dividendScale)
                .divide(BigDecimal.valueOf(divisor, divisorScale), scale, RoundingMode.HALF_UP));
    }

    static long multiply(long left, long right) {
        try {
            return Math.multiplyExact(left, right);
        } catch (ArithmeticException e) {
            throw outOfRange();
        }
    }

    /**
     * Fails unless {@code unscaled} has at most {@code precision} digits; 19 or more digits always fit. The message
     * shows the value at its {@code scale}: {@code Value 12345.60 does not fit DECIMAL(5, 2)}.
     */
    static long checkPrecision(long unscaled, int precision, int scale) {
        if (precision < POWERS_OF_TEN.length
                && (unscaled >= powerOfTen(precision) || unscaled <= -powerOfTen(precision))) {
            throw new AqueductException(
                    ErrorCode.NUMERIC_OUT_OF_RANGE,
                    "Value %s does not fit DECIMAL(%d, %d)"
                            .formatted(BigDecimal.valueOf(unscaled, scale).toPlainString(), precision, scale));
        }
        return unscaled;
    }

    static AqueductException outOfRange() {
        return new AqueductException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range");
    }

    private static long toLong(BigDecimal value) {
        try {
            return value.unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw outOfRange();
        }
    }
}
