package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Compiles the string functions computed on Java strings: POSITION, REPLACE, TRIM of given characters, LPAD, RPAD,
 * LEFT, RIGHT, REPEAT, REVERSE, INITCAP, SPLIT_PART, REGEXP_REPLACE, REGEXP_LIKE, SIMILAR TO, REGEXP_EXTRACT, MD5, ASCII, CHR (with PostgreSQL's meaning).
 * Counts, lengths and code points arrive as text, like every operand, and count characters (code points).
 */
final class StringFunctionCompiler {
    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);

    /** The longest string REPEAT, LPAD and RPAD build, in characters (PostgreSQL's limit is 1 GB). */
    static final long MAX_RESULT_CHARACTERS = 64L << 20;

    private StringFunctionCompiler() {}

    static VectorExpression compile(Call call) {
        var operands = call.operands().stream()
                .map(operand -> ExpressionCompiler.coerce(operand, DataType.VARCHAR))
                .toList();
        return switch (call.function()) {
            case POSITION ->
                CastExpression.create(
                        new StringFunctionExpression(operands, DataType.BIGINT, StringFunctionCompiler::position),
                        DataType.BIGINT,
                        call.type());
            case REPLACE -> new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::replace);
            case TRIM_CHARACTERS ->
                new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::trim);
            case LPAD -> new StringFunctionExpression(operands, DataType.VARCHAR, values -> pad(values, true));
            case RPAD -> new StringFunctionExpression(operands, DataType.VARCHAR, values -> pad(values, false));
            case LEFT -> new StringFunctionExpression(operands, DataType.VARCHAR, values -> end(values, true));
            case RIGHT -> new StringFunctionExpression(operands, DataType.VARCHAR, values -> end(values, false));
            case REPEAT -> new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::repeat);
            case REVERSE ->
                new StringFunctionExpression(operands, DataType.VARCHAR, values -> new StringBuilder(values[0])
                        .reverse()
                        .toString());
            case INITCAP -> new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::initcap);
            case SPLIT_PART ->
                new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::splitPart);
            case REGEXP_REPLACE -> new StringFunctionExpression(operands, DataType.VARCHAR, new RegexReplacement());
            case REGEXP_LIKE -> new StringFunctionExpression(operands, DataType.BOOLEAN, new RegexMatch());
            case SIMILAR_TO -> new StringFunctionExpression(operands, DataType.BOOLEAN, new SimilarToMatch());
            case REGEXP_EXTRACT -> new StringFunctionExpression(operands, DataType.VARCHAR, new RegexExtract());
            case MD5 -> new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::md5);
            case DAY_TIME_INTERVAL_TEXT ->
                new StringFunctionExpression(
                        operands, DataType.VARCHAR, values -> IntervalText.dayTime(Long.parseLong(values[0])));
            case YEAR_MONTH_INTERVAL_TEXT ->
                new StringFunctionExpression(
                        operands, DataType.VARCHAR, values -> IntervalText.yearMonth(Long.parseLong(values[0])));
            case ASCII ->
                CastExpression.create(
                        new StringFunctionExpression(
                                operands,
                                DataType.BIGINT,
                                values -> values[0].isEmpty() ? 0L : (long) values[0].codePointAt(0)),
                        DataType.BIGINT,
                        call.type());
            case CHR -> new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::character);
            case TRANSLATE ->
                new StringFunctionExpression(operands, DataType.VARCHAR, StringFunctionCompiler::translate);
            default -> throw new IllegalArgumentException("Not a string function: " + call.function());
        };
    }

    /** An empty search string leaves the string as it is (PostgreSQL, DuckDB), where Java's replace would insert. */
    private static String replace(String[] values) {
        return values[1].isEmpty() ? values[0] : values[0].replace(values[1], values[2]);
    }

    /** 1-based code point position of {@code values[0]} in {@code values[1]}, 0 when absent. */
    private static Long position(String[] values) {
        int index = values[1].indexOf(values[0]);
        return index < 0 ? 0L : values[1].codePointCount(0, index) + 1L;
    }

    /** {@code values}: the string, the characters to replace, and their replacements (fewer: the rest are removed). */
    private static String translate(String[] values) {
        int[] from = values[1].codePoints().toArray();
        int[] to = values[2].codePoints().toArray();
        StringBuilder result = new StringBuilder(values[0].length());
        values[0].codePoints().forEach(codePoint -> {
            int at = indexOf(from, codePoint);
            if (at < 0) {
                result.appendCodePoint(codePoint);
            } else if (at < to.length) {
                result.appendCodePoint(to[at]);
            }
        });
        return result.toString();
    }

    /** The first place of {@code codePoint} in {@code codePoints}, -1 where it is not. */
    private static int indexOf(int[] codePoints, int codePoint) {
        for (int i = 0; i < codePoints.length; i++) {
            if (codePoints[i] == codePoint) {
                return i;
            }
        }
        return -1;
    }

    /** {@code values}: flag (BOTH, LEADING, TRAILING), the characters to remove, the string. */
    private static String trim(String[] values) {
        String characters = values[1];
        String text = values[2];
        int start = 0;
        int end = text.length();
        if (!values[0].equals("TRAILING")) {
            while (start < end && characters.indexOf(text.codePointAt(start)) >= 0) {
                start += Character.charCount(text.codePointAt(start));
            }
        }
        if (!values[0].equals("LEADING")) {
            while (end > start && characters.indexOf(text.codePointBefore(end)) >= 0) {
                end -= Character.charCount(text.codePointBefore(end));
            }
        }
        return text.substring(start, end);
    }

    /** {@code values}: the string, the length, and the fill (a space when absent). */
    private static String repeat(String[] values) {
        int times = Math.max(0, count(values[1]));
        checkLength("REPEAT", (long) values[0].length() * times);
        return values[0].repeat(times);
    }

    /**
     * Fails with 54000 when a result of {@code length} characters exceeds {@link #MAX_RESULT_CHARACTERS}: a value that
     * size is built on the heap (while planning too, where constants are computed), and one call must not exhaust it.
     */
    private static void checkLength(String function, long length) {
        if (length > MAX_RESULT_CHARACTERS) {
            throw new AqueductException(
                    ErrorCode.VALUE_TOO_LONG,
                    "%s result of %d characters exceeds the limit of %d"
                            .formatted(function, length, MAX_RESULT_CHARACTERS));
        }
    }

    private static String pad(String[] values, boolean left) {
        int[] text = values[0].codePoints().toArray();
        int length = Math.max(0, count(values[1]));
        checkLength(left ? "LPAD" : "RPAD", length);
        int[] fill = (values.length > 2 ? values[2] : " ").codePoints().toArray();
        if (length <= text.length || fill.length == 0) {
            return new String(text, 0, Math.min(length, text.length));
        }
        int[] padding = new int[length - text.length];
        for (int i = 0; i < padding.length; i++) {
            padding[i] = fill[i % fill.length];
        }
        String pad = new String(padding, 0, padding.length);
        return left ? pad + values[0] : values[0] + pad;
    }

    /** {@code values}: the string and the count of characters to keep at its start ({@code first}) or its end. */
    private static String end(String[] values, boolean first) {
        int[] text = values[0].codePoints().toArray();
        int count = count(values[1]);
        int kept = count >= 0 ? Math.min(count, text.length) : Math.max(0, text.length + count);
        return first ? new String(text, 0, kept) : new String(text, text.length - kept, kept);
    }

    private static String initcap(String[] values) {
        StringBuilder result = new StringBuilder(values[0].length());
        boolean wordStart = true;
        for (int codePoint : values[0].codePoints().toArray()) {
            result.appendCodePoint(wordStart ? Character.toUpperCase(codePoint) : Character.toLowerCase(codePoint));
            wordStart = !Character.isLetterOrDigit(codePoint);
        }
        return result.toString();
    }

    /** {@code values}: the string, the delimiter and the field's 1-based position, negative from the end. */
    private static String splitPart(String[] values) {
        int position = count(values[2]);
        if (position == 0) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "SPLIT_PART's field position must not be zero");
        }
        String text = values[0];
        String delimiter = values[1];
        if (delimiter.isEmpty()) {
            return Math.abs(position) == 1 ? text : "";
        }
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, start)) {
            fields.add(text.substring(start, at));
            start = at + delimiter.length();
        }
        fields.add(text.substring(start));
        int index = position > 0 ? position - 1 : fields.size() + position;
        return index >= 0 && index < fields.size() ? fields.get(index) : "";
    }

    private static String character(String[] values) {
        long code = Long.parseLong(values[0].trim());
        if (code <= 0
                || code > Character.MAX_CODE_POINT
                || (code >= Character.MIN_SURROGATE && code <= Character.MAX_SURROGATE)) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "CHR of " + code + ": not a character's code point");
        }
        return Character.toString((int) code);
    }

    private static String md5(String[] values) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(values[0].getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has MD5", e);
        }
    }

    /**
     * A count or position given as text (the operand's cast to VARCHAR) as an int, clamped: a whole number, or a
     * DECIMAL or DOUBLE (a fraction or an exponent) rounded half away from zero, as a CAST to INTEGER rounds it.
     */
    private static int count(String value) {
        String text = value.trim();
        try {
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Long.parseLong(text)));
        } catch (NumberFormatException notWhole) {
            // fall through to a number with a fraction or an exponent
        }
        try {
            BigDecimal rounded = new BigDecimal(text).setScale(0, RoundingMode.HALF_UP);
            return rounded.max(INT_MIN).min(INT_MAX).intValueExact();
        } catch (NumberFormatException notFinite) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "A count or position must be a finite number: " + text);
        }
    }
}
