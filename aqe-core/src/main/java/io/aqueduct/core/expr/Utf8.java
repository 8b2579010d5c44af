package io.aqueduct.core.expr;

import org.apache.arrow.memory.ArrowBuf;

/** Character-level walks over UTF-8 bytes held in an Arrow buffer. */
final class Utf8 {
    private Utf8() {}

    /** Number of code points in {@code data[start..end)}. */
    static int codePointCount(ArrowBuf data, int start, int end) {
        int count = 0;
        for (int i = start; i < end; i++) {
            if (!isContinuation(data.getByte(i))) {
                count++;
            }
        }
        return count;
    }

    /** Offset after skipping {@code count} code points from {@code position}, stopping at {@code end}. */
    static int advance(ArrowBuf data, int position, int end, long count) {
        for (long skipped = 0; skipped < count && position < end; skipped++) {
            position++;
            while (position < end && isContinuation(data.getByte(position))) {
                position++;
            }
        }
        return position;
    }

    static boolean isAscii(ArrowBuf data, int start, int end) {
        for (int i = start; i < end; i++) {
            if (data.getByte(i) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
