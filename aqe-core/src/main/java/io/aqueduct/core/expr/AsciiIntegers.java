package io.aqueduct.core.expr;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Integers to and from their decimal text as ASCII bytes, without a {@code String} per value: the common case
 * of text casts. Formatting matches {@link Long#toString(long)}; parsing accepts what {@link Long#parseLong}
 * accepts after {@link String#trim()}, for up to 18 digits, and reports anything else as unparsed so that the
 * caller can take the general path (and its error messages).
 */
final class AsciiIntegers {
    /** Room for the 20 characters of {@code Long.MIN_VALUE}. */
    static final int MAX_LENGTH = 20;

    private static final int MAX_FAST_DIGITS = 18;

    private AsciiIntegers() {}

    /** Writes {@code value}'s decimal text into {@code buffer[0..)} (at least {@link #MAX_LENGTH} long); returns its length. */
    static int format(long value, byte[] buffer) {
        if (value == Long.MIN_VALUE) {
            byte[] text = Long.toString(value).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            System.arraycopy(text, 0, buffer, 0, text.length);
            return text.length;
        }
        int length = 0;
        long magnitude = value;
        if (value < 0) {
            buffer[length++] = '-';
            magnitude = -value;
        }
        int digits = 1;
        for (long rest = magnitude / 10; rest != 0; rest /= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            buffer[i] = (byte) ('0' + magnitude % 10);
            magnitude /= 10;
        }
        return length + digits;
    }

    /**
     * The value of the text in {@code data[start..end)}, surrounding characters up to U+0020 ignored, in {@code
     * result[0]}; false when the text is not an optionally signed run of 1 to 18 ASCII digits.
     */
    static boolean parse(ArrowBuf data, int start, int end, long[] result) {
        while (start < end && (data.getByte(start) & 0xFF) <= ' ') {
            start++;
        }
        while (end > start && (data.getByte(end - 1) & 0xFF) <= ' ') {
            end--;
        }
        boolean negative = false;
        if (start < end && (data.getByte(start) == '-' || data.getByte(start) == '+')) {
            negative = data.getByte(start) == '-';
            start++;
        }
        int digits = end - start;
        if (digits < 1 || digits > MAX_FAST_DIGITS) {
            return false;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = data.getByte(i) - '0';
            if (digit < 0 || digit > 9) {
                return false;
            }
            value = value * 10 + digit;
        }
        result[0] = negative ? -value : value;
        return true;
    }
}
