package io.aqueduct.core.expr;

import java.math.BigDecimal;

/**
 * A DOUBLE as PostgreSQL writes it as text: the fewest digits that read back as the same double, in plain notation
 * ({@code 123456789.125}, {@code 100}, {@code 0.0001}) unless its decimal exponent is below -4 or from 15 up, then in
 * scientific notation with a signed exponent of at least two digits ({@code 1e+15}, {@code 1.5e-05});
 * {@code NaN}, {@code Infinity} and {@code -Infinity} as spelled. Java writes {@code 1.23456789125E8} and
 * {@code 100.0}.
 */
final class DoubleText {
    private static final int SMALLEST_PLAIN_EXPONENT = -4;
    private static final int LARGEST_PLAIN_EXPONENT = 14;

    private DoubleText() {}

    static String format(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        if (value == 0) {
            return (1 / value) < 0 ? "-0" : "0";
        }
        // Java's text of a double holds its shortest digits; only their layout changes.
        BigDecimal digits = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        int exponent = digits.precision() - digits.scale() - 1;
        if (exponent >= SMALLEST_PLAIN_EXPONENT && exponent <= LARGEST_PLAIN_EXPONENT) {
            return digits.toPlainString();
        }
        String unscaled = digits.unscaledValue().abs().toString();
        StringBuilder text = new StringBuilder(unscaled.length() + 8);
        if (digits.signum() < 0) {
            text.append('-');
        }
        text.append(unscaled.charAt(0));
        if (unscaled.length() > 1) {
            text.append('.').append(unscaled, 1, unscaled.length());
        }
        text.append('e').append(exponent < 0 ? '-' : '+');
        int magnitude = Math.abs(exponent);
        if (magnitude < 10) {
            text.append('0');
        }
        return text.append(magnitude).toString();
    }
}
