package io.aqueduct.core.type;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;

/**
 * The engine's representation of TIMESTAMP (microseconds since 1970-01-01 00:00:00 of a wall-clock
 * value, no zone) and TIME (microseconds since midnight), with the conversions from and to
 * {@code java.time} and SQL text. Text follows SQL and DuckDB: {@code 2024-01-02 03:04:05.123456},
 * the fraction without trailing zeros and left out when zero.
 */
public final class DateTimes {
    public static final long MICROS_PER_MILLI = 1_000L;
    public static final long MICROS_PER_SECOND = 1_000_000L;
    public static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

    /** Calcite's day-time intervals count milliseconds, its year-month intervals months. */
    public static final long MILLIS_PER_SECOND = MICROS_PER_SECOND / MICROS_PER_MILLI;

    public static final long MILLIS_PER_MINUTE = 60 * MILLIS_PER_SECOND;
    public static final long MILLIS_PER_HOUR = 60 * MILLIS_PER_MINUTE;
    public static final long MILLIS_PER_DAY = MICROS_PER_DAY / MICROS_PER_MILLI;
    public static final long MONTHS_PER_YEAR = 12;

    /** The years of SQL's DATE and TIMESTAMP, which JDBC's date classes show. */
    private static final int MIN_YEAR = 1;

    private static final int MAX_YEAR = 9999;

    /** The first and the last microsecond of those years. */
    public static final long MIN_MICROS = toMicros(LocalDateTime.of(MIN_YEAR, 1, 1, 0, 0));

    public static final long MAX_MICROS = toMicros(LocalDateTime.of(MAX_YEAR, 12, 31, 23, 59, 59, 999_999_000));

    /**
     * {@code yyyy-m-d}: as ISO's {@code yyyy-mm-dd}, but with a month or day of one digit too ({@code 2020-2-3}), as
     * PostgreSQL and DuckDB read dates. Strict: February 30 is no date.
     */
    private static final DateTimeFormatter DATE_TEXT = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD)
            .appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, SignStyle.NOT_NEGATIVE)
            .appendLiteral('-')
            .appendValue(ChronoField.DAY_OF_MONTH, 1, 2, SignStyle.NOT_NEGATIVE)
            .toFormatter()
            .withChronology(IsoChronology.INSTANCE)
            .withResolverStyle(ResolverStyle.STRICT);

    /** {@code h:mm[:ss[.f...]]}: an hour of one digit too ({@code 4:05}), as PostgreSQL and DuckDB read times. */
    private static final DateTimeFormatter TIME_TEXT = new DateTimeFormatterBuilder()
            .appendValue(ChronoField.HOUR_OF_DAY, 1, 2, SignStyle.NOT_NEGATIVE)
            .appendPattern(":mm")
            .optionalStart()
            .appendPattern(":ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .optionalEnd()
            .toFormatter();

    /**
     * A date, optionally followed by a space or {@code T} and a time, and that by a UTC offset ({@code Z}, {@code +02},
     * {@code +0200}, {@code +02:00}, after an optional space).
     */
    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
            .append(DATE_TEXT)
            .optionalStart()
            .appendPattern("[ ]['T']")
            .append(TIME_TEXT)
            .optionalStart()
            .appendPattern("[ ][XXX][XX][X]")
            .optionalEnd()
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter()
            .withChronology(IsoChronology.INSTANCE)
            .withResolverStyle(ResolverStyle.STRICT);

    private DateTimes() {}

    public static long toMicros(LocalDateTime dateTime) {
        long seconds = dateTime.toEpochSecond(ZoneOffset.UTC);
        return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), dateTime.getNano() / 1_000);
    }

    public static LocalDateTime toLocalDateTime(long micros) {
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
        int nanos = (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1_000;
        return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    public static long toMicros(LocalTime time) {
        return time.toNanoOfDay() / 1_000;
    }

    public static LocalTime toLocalTime(long micros) {
        return LocalTime.ofNanoOfDay(micros * 1_000);
    }

    /** The timestamp at midnight starting {@code epochDay}. */
    public static long dateToMicros(long epochDay) {
        return Math.multiplyExact(epochDay, MICROS_PER_DAY);
    }

    /** The day a timestamp falls on. */
    public static long microsToDate(long micros) {
        return Math.floorDiv(micros, MICROS_PER_DAY);
    }

    /**
     * Parses {@code yyyy-m-d[( |T)h:mm[:ss[.f...]][offset]]}; fractions beyond microseconds are truncated. A UTC offset
     * ({@code 2024-01-02T03:04:05+02:00}, {@code ...Z}) is read and dropped: the TIMESTAMP is the wall-clock time as
     * written, as PostgreSQL and DuckDB read it. A year outside 1 to 9999 does not parse.
     */
    public static long parseTimestamp(String text) {
        LocalDateTime dateTime = LocalDateTime.parse(text, TIMESTAMP_TEXT);
        checkYear(dateTime.getYear(), text);
        return toMicros(dateTime);
    }

    /** Parses {@code yyyy-m-d} to its epoch day. A year outside 1 to 9999 does not parse. */
    public static long parseDate(String text) {
        LocalDate date = LocalDate.parse(text, DATE_TEXT);
        checkYear(date.getYear(), text);
        return date.toEpochDay();
    }

    /** Whether a DATE or TIMESTAMP may fall in {@code year}: 1 to 9999. */
    public static boolean isSupportedYear(int year) {
        return year >= MIN_YEAR && year <= MAX_YEAR;
    }

    private static void checkYear(int year, String text) {
        if (!isSupportedYear(year)) {
            throw new DateTimeParseException("The year " + year + " is outside 1 to 9999", text, 0);
        }
    }

    /** Parses {@code h:mm[:ss[.f...]]}. */
    public static long parseTime(String text) {
        return toMicros(LocalTime.parse(text, TIME_TEXT));
    }

    public static String formatTimestamp(long micros) {
        LocalDateTime dateTime = toLocalDateTime(micros);
        return dateTime.toLocalDate() + " " + formatTime(toMicros(dateTime.toLocalTime()));
    }

    public static String formatTime(long micros) {
        long seconds = micros / MICROS_PER_SECOND;
        long fraction = micros % MICROS_PER_SECOND;
        String text = String.format("%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        if (fraction == 0) {
            return text;
        }
        String digits = String.format("%06d", fraction).replaceFirst("0+$", "");
        return text + "." + digits;
    }

    public static String formatDate(long epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }
}
