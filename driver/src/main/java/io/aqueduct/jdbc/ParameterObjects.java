package io.aqueduct.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * The values {@code PreparedStatement.setObject} takes, as the classes Avatica's client sends: JDBC 4.2's {@code
 * java.time} values (which Avatica's client failed to send, without a SQLState), {@link BigInteger}, {@link UUID} (as
 * text) and {@code java.util.Date}. A LocalDate is a {@link Date}, a LocalDateTime a {@link Timestamp} and a LocalTime
 * a {@link Time} of the same wall-clock value; a value with an offset or an instant is read in UTC, as the driver
 * reads a TIMESTAMP back as an {@code OffsetDateTime} or {@code Instant}. With a target type of DATE, TIME or TIMESTAMP
 * a date or time value converts to it, which Avatica's client refused for its own {@code java.sql} values. Any other
 * class fails with SQLState 07006.
 */
final class ParameterObjects {
    private ParameterObjects() {}

    /** {@code value} as a class Avatica's client sends; null stays null. */
    static Object standard(Object value) throws SQLException {
        if (value == null
                || value instanceof String
                || value instanceof Boolean
                || value instanceof Character
                || value instanceof byte[]
                || value instanceof Array
                || value instanceof java.util.Date && isSqlDateTime(value)
                || value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte
                || value instanceof Double
                || value instanceof Float
                || value instanceof BigDecimal) {
            return value;
        }
        if (value instanceof LocalDate date) {
            return Date.valueOf(date);
        }
        if (value instanceof LocalDateTime dateTime) {
            return Timestamp.valueOf(dateTime);
        }
        if (value instanceof LocalTime time) {
            return time(time);
        }
        if (value instanceof OffsetDateTime dateTime) {
            return Timestamp.valueOf(
                    dateTime.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        if (value instanceof ZonedDateTime dateTime) {
            return Timestamp.valueOf(
                    dateTime.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        if (value instanceof Instant instant) {
            return Timestamp.valueOf(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
        }
        if (value instanceof OffsetTime time) {
            return time(time.withOffsetSameInstant(ZoneOffset.UTC).toLocalTime());
        }
        if (value instanceof java.util.Date date) {
            return new Timestamp(date.getTime());
        }
        if (value instanceof BigInteger number) {
            return new BigDecimal(number);
        }
        if (value instanceof Number number) {
            return new BigDecimal(number.toString());
        }
        if (value instanceof UUID uuid) {
            return uuid.toString();
        }
        throw new SQLException(
                "Cannot bind a " + value.getClass().getName() + " to a parameter: use a number, string, boolean,"
                        + " byte[], java.time or java.sql date/time value",
                "07006");
    }

    /**
     * {@code value} (already {@link #standard}) as the DATE, TIME or TIMESTAMP value of {@code targetSqlType}, when it
     * is one of the others; any other value or target as it is.
     */
    static Object asTarget(Object value, int targetSqlType) {
        if (!(value instanceof java.util.Date date) || !isSqlDateTime(value)) {
            return value;
        }
        LocalDateTime dateTime = localDateTime(date);
        return switch (targetSqlType) {
            case Types.DATE -> Date.valueOf(dateTime.toLocalDate());
            case Types.TIME -> time(dateTime.toLocalTime());
            case Types.TIMESTAMP -> Timestamp.valueOf(dateTime);
            default -> value;
        };
    }

    private static boolean isSqlDateTime(Object value) {
        return value instanceof Date || value instanceof Time || value instanceof Timestamp;
    }

    private static LocalDateTime localDateTime(java.util.Date value) {
        if (value instanceof Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        if (value instanceof Date date) {
            return date.toLocalDate().atStartOfDay();
        }
        return LocalDate.EPOCH.atTime(((Time) value).toLocalTime());
    }

    /** A {@link Time} of the time of day, with its milliseconds ({@link Time#valueOf(LocalTime)} drops them). */
    private static Time time(LocalTime time) {
        return new Time(Time.valueOf(time).getTime() + time.getNano() / 1_000_000);
    }
}
