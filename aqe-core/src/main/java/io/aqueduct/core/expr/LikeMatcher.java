package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.arrow.memory.ArrowBuf;

/**
 * A compiled SQL LIKE pattern that tests UTF-8 values in place. Patterns without {@code _} (exact,
 * {@code abc%}, {@code %abc}, {@code %a%b%}) match raw bytes, which is exact because UTF-8 never
 * matches across a character boundary; patterns with {@code _} use a regular expression.
 */
abstract class LikeMatcher {
    abstract boolean matches(ArrowBuf data, int start, int end);

    /** Compiles {@code pattern}; {@code escape} is null or one character that makes the next one literal. */
    static LikeMatcher compile(String pattern, String escape) {
        if (escape != null && escape.codePointCount(0, escape.length()) != 1) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "LIKE escape must be one character: '" + escape + "'");
        }
        int escapeChar = escape == null ? -1 : escape.codePointAt(0);
        // The literal runs between % wildcards, used when the pattern has no _.
        List<StringBuilder> segments = new ArrayList<>();
        segments.add(new StringBuilder());
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        boolean hasSingleWildcard = false;
        for (int i = 0; i < pattern.length(); ) {
            int c = pattern.codePointAt(i);
            i += Character.charCount(c);
            if (c == escapeChar) {
                if (i >= pattern.length()) {
                    throw invalidEscape(pattern);
                }
                int escaped = pattern.codePointAt(i);
                i += Character.charCount(escaped);
                if (escaped != '%' && escaped != '_' && escaped != escapeChar) {
                    throw invalidEscape(pattern);
                }
                segments.get(segments.size() - 1).appendCodePoint(escaped);
                literal.appendCodePoint(escaped);
            } else if (c == '%' || c == '_') {
                regex.append(Pattern.quote(literal.toString())).append(c == '%' ? ".*" : ".");
                literal.setLength(0);
                if (c == '%') {
                    segments.add(new StringBuilder());
                } else {
                    hasSingleWildcard = true;
                }
            } else {
                segments.get(segments.size() - 1).appendCodePoint(c);
                literal.appendCodePoint(c);
            }
        }
        if (hasSingleWildcard) {
            regex.append(Pattern.quote(literal.toString()));
            return new RegexMatcher(Pattern.compile(regex.toString(), Pattern.DOTALL));
        }
        byte[][] bytes = new byte[segments.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = segments.get(i).toString().getBytes(UTF_8);
        }
        return new SegmentMatcher(bytes);
    }

    private static AqueductException invalidEscape(String pattern) {
        return new AqueductException(
                ErrorCode.INVALID_ARGUMENT,
                "LIKE pattern has an escape not followed by %, _ or the escape: '" + pattern + "'");
    }

    /** Literal segments separated by %: the first anchors at the start, the last at the end. */
    private static final class SegmentMatcher extends LikeMatcher {
        private final byte[][] segments;

        SegmentMatcher(byte[][] segments) {
            this.segments = segments;
        }

        @Override
        boolean matches(ArrowBuf data, int start, int end) {
            byte[] prefix = segments[0];
            if (segments.length == 1) {
                return end - start == prefix.length && regionEquals(data, start, prefix);
            }
            byte[] suffix = segments[segments.length - 1];
            int limit = end - suffix.length;
            if (limit - start < prefix.length
                    || !regionEquals(data, start, prefix)
                    || !regionEquals(data, limit, suffix)) {
                return false;
            }
            int position = start + prefix.length;
            for (int s = 1; s < segments.length - 1; s++) {
                int found = indexOf(data, position, limit, segments[s]);
                if (found < 0) {
                    return false;
                }
                position = found + segments[s].length;
            }
            return true;
        }

        private static boolean regionEquals(ArrowBuf data, int offset, byte[] bytes) {
            for (int i = 0; i < bytes.length; i++) {
                if (data.getByte(offset + i) != bytes[i]) {
                    return false;
                }
            }
            return true;
        }

        private static int indexOf(ArrowBuf data, int from, int limit, byte[] bytes) {
            if (bytes.length == 0) {
                return from;
            }
            byte first = bytes[0];
            for (int i = from; i <= limit - bytes.length; i++) {
                if (data.getByte(i) == first && regionEquals(data, i, bytes)) {
                    return i;
                }
            }
            return -1;
        }
    }

    private static final class RegexMatcher extends LikeMatcher {
        private final Pattern pattern;

        RegexMatcher(Pattern pattern) {
            this.pattern = pattern;
        }

        @Override
        boolean matches(ArrowBuf data, int start, int end) {
            byte[] bytes = new byte[end - start];
            data.getBytes(start, bytes);
            return pattern.matcher(new String(bytes, UTF_8)).matches();
        }
    }
}
