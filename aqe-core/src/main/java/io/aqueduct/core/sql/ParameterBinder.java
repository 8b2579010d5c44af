package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;

/** Turns the values bound to a statement's {@code ?} parameters into literals of the inferred types. */
final class ParameterBinder {
    static final ParameterBinder NONE = new ParameterBinder(List.of(), List.of());

    private final List<DataType> types;
    private final List<?> values;

    ParameterBinder(List<DataType> types, List<?> values) {
        this.types = types;
        this.values = values;
    }

    Literal literal(int index) {
        if (index >= values.size()) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "No value bound to parameter " + (index + 1));
        }
        DataType type = types.get(index);
        Object value = values.get(index);
        try {
            return new Literal(value == null ? null : convert(value, type), type);
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException | ClassCastException e) {
            throw new AqueductException(
                    ErrorCode.INVALID_CAST,
                    "Parameter " + (index + 1) + " value '" + value + "' is not a valid " + type);
        }
    }

    private static Object convert(Object value, DataType type) {
        return switch (type.kind()) {
            case BOOLEAN ->
                value instanceof Boolean b
                        ? b
                        : Boolean.parseBoolean(value.toString().trim());
            case INTEGER, BIGINT -> new BigDecimal(value.toString().trim()).longValueExact();
            case DOUBLE ->
                value instanceof Number n
                        ? n.doubleValue()
                        : Double.parseDouble(value.toString().trim());
            case DECIMAL ->
                new BigDecimal(value.toString().trim())
                        .setScale(type.scale(), RoundingMode.HALF_UP)
                        .unscaledValue()
                        .longValueExact();
            case DATE -> epochDay(value);
            case TIMESTAMP -> timestampMicros(value);
            case TIME -> timeMicros(value);
            case VARCHAR -> text(value);
            case VARBINARY -> bytes(value);
            case NULL -> null;
        };
    }

    /** A date as days since 1970-01-01; a timestamp's date. */
    private static long epochDay(Object value) {
        if (value instanceof Number days) {
            return days.longValue();
        }
        if (value instanceof LocalDate date) {
            return date.toEpochDay();
        }
        if (value instanceof LocalDateTime dateTime) {
            return dateTime.toLocalDate().toEpochDay();
        }
        return DateTimes.parseDate(value.toString().trim());
    }

    /**
     * Avatica sends a timestamp as the milliseconds of its wall-clock value read as UTC; java.time and
     * text values are taken as they are.
     */
    private static long timestampMicros(Object value) {
        if (value instanceof Number millis) {
            return Math.multiplyExact(millis.longValue(), DateTimes.MICROS_PER_MILLI);
        }
        if (value instanceof Timestamp timestamp) {
            return DateTimes.toMicros(timestamp.toLocalDateTime());
        }
        if (value instanceof LocalDateTime dateTime) {
            return DateTimes.toMicros(dateTime);
        }
        if (value instanceof LocalDate date) {
            return DateTimes.toMicros(date.atStartOfDay());
        }
        return DateTimes.parseTimestamp(value.toString().trim());
    }

    /** Avatica sends a time as milliseconds since midnight. */
    private static long timeMicros(Object value) {
        if (value instanceof Number millis) {
            return Math.floorMod(millis.longValue(), DateTimes.MICROS_PER_DAY / DateTimes.MICROS_PER_MILLI)
                    * DateTimes.MICROS_PER_MILLI;
        }
        if (value instanceof LocalTime time) {
            return DateTimes.toMicros(time);
        }
        if (value instanceof LocalDateTime dateTime) {
            return DateTimes.toMicros(dateTime.toLocalTime());
        }
        return DateTimes.parseTime(value.toString().trim());
    }

    /** A value as text; a timestamp as SQL writes it ({@code 2024-01-31 10:00:00}), not as ISO-8601. */
    private static String text(Object value) {
        if (value instanceof LocalDateTime dateTime) {
            return DateTimes.formatTimestamp(DateTimes.toMicros(dateTime));
        }
        return value.toString();
    }

    /** Avatica sends bytes as a ByteString, or as base64 text. */
    private static byte[] bytes(Object value) {
        if (value instanceof byte[] bytes) {
            return bytes;
        }
        if (value instanceof ByteString byteString) {
            return byteString.getBytes();
        }
        return Base64.getDecoder().decode(value.toString());
    }
}
