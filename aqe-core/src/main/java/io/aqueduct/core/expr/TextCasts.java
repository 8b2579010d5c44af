package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Conversions to and from VARCHAR. VARBINARY converts as UTF-8 bytes, both ways. Text is trimmed before parsing; text that does not parse fails with
 * INVALID_CAST naming the value, a parsed value that does not fit with NUMERIC_OUT_OF_RANGE.
 */
final class TextCasts {
    private TextCasts() {}

    static CastExpression.Conversion toText(DataType from) {
        if (from.kind() == TypeKind.INTEGER || from.kind() == TypeKind.BIGINT) {
            return TextCasts::integersToText;
        }
        return (input, result, rowCount) -> {
            IntFunction<String> formatter = formatter(from, input);
            VarCharVector strings = (VarCharVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!input.isNull(i)) {
                    strings.setSafe(i, formatter.apply(i).getBytes(UTF_8));
                }
            }
        };
    }

    /** INTEGER or BIGINT to text, the digits written into one reused buffer. */
    private static void integersToText(FieldVector input, FieldVector result, int rowCount) {
        VarCharVector strings = (VarCharVector) result;
        byte[] text = new byte[AsciiIntegers.MAX_LENGTH];
        for (int i = 0; i < rowCount; i++) {
            if (!input.isNull(i)) {
                long value = input instanceof IntVector ints ? ints.get(i) : ((BigIntVector) input).get(i);
                strings.setSafe(i, text, 0, AsciiIntegers.format(value, text));
            }
        }
    }

    private static IntFunction<String> formatter(DataType from, FieldVector input) {
        return switch (from.kind()) {
            case BOOLEAN -> row -> ((BitVector) input).get(row) == 1 ? "true" : "false";
            case INTEGER -> row -> Integer.toString(((IntVector) input).get(row));
            case BIGINT -> row -> Long.toString(((BigIntVector) input).get(row));
            case DECIMAL ->
                row -> BigDecimal.valueOf(((BigIntVector) input).get(row), from.scale())
                        .toPlainString();
            case DOUBLE -> row -> DoubleText.format(((Float8Vector) input).get(row));
            case DATE -> row -> DateTimes.formatDate(((DateDayVector) input).get(row));
            case TIMESTAMP -> row -> DateTimes.formatTimestamp(((TimeStampMicroVector) input).get(row));
            case TIME -> row -> DateTimes.formatTime(((TimeMicroVector) input).get(row));
            case VARCHAR, VARBINARY -> row -> new String(((BaseVariableWidthVector) input).get(row), UTF_8);
            case NULL -> row -> null;
        };
    }

    static CastExpression.Conversion toBoolean() {
        return (input, result, rowCount) -> parseEach(
                input, rowCount, DataType.BOOLEAN, (text, row) -> ((BitVector) result).set(row, parseBoolean(text)));
    }

    /**
     * PostgreSQL's spellings of a boolean, in any case: {@code true}, {@code yes}, {@code false} and {@code no} or a
     * prefix of one ({@code t}, {@code f}, {@code y}, {@code n}), {@code on}, {@code off} (or {@code of}), {@code 1}
     * and {@code 0}.
     */
    private static int parseBoolean(String text) {
        String word = text.toLowerCase(Locale.ROOT);
        if (!word.isEmpty()
                && ("true".startsWith(word) || "yes".startsWith(word) || word.equals("on") || word.equals("1"))) {
            return 1;
        }
        if (!word.isEmpty()
                && ("false".startsWith(word)
                        || "no".startsWith(word)
                        || (word.length() >= 2 && "off".startsWith(word))
                        || word.equals("0"))) {
            return 0;
        }
        throw new IllegalArgumentException(text);
    }

    static CastExpression.Conversion toInteger() {
        return (input, result, rowCount) -> parseIntegers(input, rowCount, DataType.INTEGER, (value, row) -> {
            if (value != (int) value) {
                throw DecimalMath.outOfRange();
            }
            ((IntVector) result).set(row, (int) value);
        });
    }

    static CastExpression.Conversion toBigint() {
        return (input, result, rowCount) -> parseIntegers(
                input, rowCount, DataType.BIGINT, (value, row) -> ((BigIntVector) result).set(row, value));
    }

    @FunctionalInterface
    private interface LongRowConsumer {
        void accept(long value, int row);
    }

    /**
     * Text to an integer type: plain digits are parsed from the bytes, anything else (more digits, junk) by
     * {@link Long#parseLong} on the text, which also words the error.
     */
    private static void parseIntegers(FieldVector input, int rowCount, DataType to, LongRowConsumer setter) {
        VarCharVector strings = (VarCharVector) input;
        long[] parsed = new long[1];
        for (int i = 0; i < rowCount; i++) {
            if (!strings.isNull(i)
                    && AsciiIntegers.parse(
                            strings.getDataBuffer(), strings.getStartOffset(i), strings.getEndOffset(i), parsed)) {
                setter.accept(parsed[0], i);
            } else if (!strings.isNull(i)) {
                parseRow(strings, i, to, (text, row) -> setter.accept(Long.parseLong(text), row));
            }
        }
    }

    static CastExpression.Conversion toDecimal(DataType to) {
        return (input, result, rowCount) -> parseEach(input, rowCount, to, (text, row) -> {
            BigDecimal value = new BigDecimal(text).setScale(to.scale(), RoundingMode.HALF_UP);
            long unscaled;
            try {
                unscaled = value.unscaledValue().longValueExact();
            } catch (ArithmeticException e) {
                throw DecimalMath.outOfRange();
            }
            ((BigIntVector) result).set(row, DecimalMath.checkPrecision(unscaled, to.precision(), to.scale()));
        });
    }

    static CastExpression.Conversion toDouble() {
        return (input, result, rowCount) -> parseEach(
                input, rowCount, DataType.DOUBLE, (text, row) -> ((Float8Vector) result).set(row, parseDouble(text)));
    }

    /** A number, or PostgreSQL's spellings of the special values in any case: inf, infinity (signed) and nan. */
    private static double parseDouble(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            case "nan", "+nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    static CastExpression.Conversion toDate() {
        return (input, result, rowCount) -> parseEach(input, rowCount, DataType.DATE, (text, row) -> {
            long epochDay = DateTimes.parseDate(text);
            if (epochDay != (int) epochDay) {
                throw DecimalMath.outOfRange();
            }
            ((DateDayVector) result).set(row, (int) epochDay);
        });
    }

    static CastExpression.Conversion toTimestamp() {
        return (input, result, rowCount) -> parseEach(input, rowCount, DataType.TIMESTAMP, (text, row) -> {
            try {
                ((TimeStampMicroVector) result).set(row, DateTimes.parseTimestamp(text));
            } catch (ArithmeticException e) {
                throw DecimalMath.outOfRange();
            }
        });
    }

    static CastExpression.Conversion toTime() {
        return (input, result, rowCount) ->
                parseEach(input, rowCount, DataType.TIME, (text, row) -> ((TimeMicroVector) result)
                        .set(row, DateTimes.parseTime(text)));
    }

    /** VARCHAR to VARBINARY: the UTF-8 bytes of the text, which is not trimmed. */
    static CastExpression.Conversion toBinary() {
        return (input, result, rowCount) -> {
            VarCharVector strings = (VarCharVector) input;
            VarBinaryVector bytes = (VarBinaryVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!strings.isNull(i)) {
                    bytes.setSafe(i, strings.get(i));
                }
            }
        };
    }

    private static void parseEach(FieldVector input, int rowCount, DataType to, ObjIntConsumer<String> parser) {
        VarCharVector strings = (VarCharVector) input;
        for (int i = 0; i < rowCount; i++) {
            if (!strings.isNull(i)) {
                parseRow(strings, i, to, parser);
            }
        }
    }

    private static void parseRow(VarCharVector strings, int row, DataType to, ObjIntConsumer<String> parser) {
        String text = new String(strings.get(row), UTF_8);
        try {
            parser.accept(text.trim(), row);
        } catch (IllegalArgumentException | DateTimeException e) {
            throw new AqueductException(ErrorCode.INVALID_CAST, "Cannot cast '" + text + "' to " + to, e);
        }
    }
}
