package io.aqueduct.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Calendar;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.Cursor;
import org.joou.UByte;
import org.joou.UInteger;
import org.joou.ULong;
import org.joou.UShort;

/**
 * A VARCHAR column's accessor that converts its text on the getters JDBC's conversion table allows for
 * character columns (numbers, booleans, dates and times, streams) where Avatica's string accessor
 * refuses them. Numbers may carry surrounding blanks, an exponent and, for the integer getters, a
 * fraction that is cut off, as PostgreSQL's driver reads them; text that is no value of the type fails
 * with SQLState 22018, a number outside the getter's range with 22003. Everything else goes to
 * Avatica's accessor.
 */
final class TextAccessor extends ForwardingAccessor {
    private static final Set<String> TRUE_WORDS = Set.of("true", "t", "yes", "y", "on", "1");
    private static final Set<String> FALSE_WORDS = Set.of("false", "f", "no", "n", "off", "0");
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    /** A time of day with optional fractional seconds. */
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm[:ss]")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);
    /** A date, then optionally a time of day after a blank or a {@code T}. */
    private static final DateTimeFormatter DATE_TIME = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart()
            .appendPattern("[ ]['T']")
            .append(TIME)
            .optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);

    TextAccessor(Cursor.Accessor text) {
        super(text);
    }

    @Override
    public boolean getBoolean() throws SQLException {
        String value = getString();
        if (value == null) {
            return false;
        }
        String word = value.strip().toLowerCase(Locale.ROOT);
        if (TRUE_WORDS.contains(word)) {
            return true;
        }
        if (FALSE_WORDS.contains(word)) {
            return false;
        }
        throw notA("boolean", value);
    }

    @Override
    public byte getByte() throws SQLException {
        return (byte) integer(Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
    }

    @Override
    public UByte getUByte() throws SQLException {
        return UByte.valueOf(integer(0, UByte.MAX_VALUE, "unsigned byte"));
    }

    @Override
    public short getShort() throws SQLException {
        return (short) integer(Short.MIN_VALUE, Short.MAX_VALUE, "short");
    }

    @Override
    public UShort getUShort() throws SQLException {
        return UShort.valueOf((int) integer(0, UShort.MAX_VALUE, "unsigned short"));
    }

    @Override
    public int getInt() throws SQLException {
        return (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
    }

    @Override
    public UInteger getUInt() throws SQLException {
        return UInteger.valueOf(integer(0, UInteger.MAX_VALUE, "unsigned int"));
    }

    @Override
    public long getLong() throws SQLException {
        return integer(Long.MIN_VALUE, Long.MAX_VALUE, "long");
    }

    @Override
    public ULong getULong() throws SQLException {
        BigDecimal value = getBigDecimal();
        return value == null ? null : ULong.valueOf(value.toBigInteger());
    }

    @Override
    public float getFloat() throws SQLException {
        return (float) getDouble();
    }

    @Override
    public double getDouble() throws SQLException {
        String value = getString();
        if (value == null) {
            return 0;
        }
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw notA("double", value);
        }
    }

    @Override
    public BigDecimal getBigDecimal() throws SQLException {
        String value = getString();
        return value == null ? null : decimal(value, "BigDecimal");
    }

    @Override
    public BigDecimal getBigDecimal(int scale) throws SQLException {
        BigDecimal value = getBigDecimal();
        return value == null ? null : value.setScale(scale, RoundingMode.DOWN);
    }

    /** The text as a whole number in [min, max], its fraction cut off; 0 for NULL. */
    private long integer(long min, long max, String type) throws SQLException {
        String value = getString();
        if (value == null) {
            return 0;
        }
        String digits = value.strip();
        long whole;
        try {
            whole = Long.parseLong(digits);
        } catch (NumberFormatException notPlain) {
            BigInteger cut = decimal(value, type).toBigInteger();
            if (cut.compareTo(LONG_MIN) < 0 || cut.compareTo(LONG_MAX) > 0) {
                throw outOfRange(type, value);
            }
            whole = cut.longValue();
        }
        if (whole < min || whole > max) {
            throw outOfRange(type, value);
        }
        return whole;
    }

    private static BigDecimal decimal(String value, String type) throws SQLDataException {
        try {
            return new BigDecimal(value.strip());
        } catch (NumberFormatException e) {
            throw notA(type, value);
        }
    }

    @Override
    public byte[] getBytes() throws SQLException {
        String value = getString();
        return value == null ? null : value.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public InputStream getAsciiStream() throws SQLException {
        String value = getString();
        return value == null ? null : new ByteArrayInputStream(value.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public InputStream getUnicodeStream() throws SQLException {
        return getBinaryStream();
    }

    @Override
    public InputStream getBinaryStream() throws SQLException {
        byte[] bytes = getBytes();
        return bytes == null ? null : new ByteArrayInputStream(bytes);
    }

    @Override
    public Reader getCharacterStream() throws SQLException {
        String value = getString();
        return value == null ? null : new StringReader(value);
    }

    @Override
    public String getNString() throws SQLException {
        return getString();
    }

    @Override
    public Reader getNCharacterStream() throws SQLException {
        return getCharacterStream();
    }

    @Override
    public Date getDate(Calendar calendar) throws SQLException {
        LocalDateTime value = dateTime("Date");
        return value == null ? null : new Date(millis(value.toLocalDate().atStartOfDay(), calendar));
    }

    @Override
    public Timestamp getTimestamp(Calendar calendar) throws SQLException {
        LocalDateTime value = dateTime("Timestamp");
        if (value == null) {
            return null;
        }
        Timestamp timestamp = new Timestamp(millis(value, calendar));
        timestamp.setNanos(value.getNano());
        return timestamp;
    }

    /** A time of day, or the time of a date-time's text. */
    @Override
    public Time getTime(Calendar calendar) throws SQLException {
        String value = getString();
        if (value == null) {
            return null;
        }
        LocalTime time;
        try {
            time = LocalTime.parse(value.strip(), TIME);
        } catch (DateTimeParseException notATime) {
            time = dateTime("Time").toLocalTime();
        }
        return new Time(millis(LocalDate.EPOCH.atTime(time), calendar));
    }

    private LocalDateTime dateTime(String type) throws SQLException {
        String value = getString();
        if (value == null) {
            return null;
        }
        try {
            return LocalDateTime.parse(value.strip(), DATE_TIME);
        } catch (DateTimeParseException e) {
            throw notA(type, value);
        }
    }

    /** The instant of a wall-clock value in the calendar's zone, as Avatica reads its own dates and times. */
    private static long millis(LocalDateTime value, Calendar calendar) {
        ZoneId zone = calendar == null
                ? ZoneId.systemDefault()
                : calendar.getTimeZone().toZoneId();
        return value.atZone(zone).toInstant().toEpochMilli();
    }

    private static SQLDataException notA(String type, String value) {
        return new SQLDataException("Cannot convert the text '" + value + "' to " + type, "22018");
    }

    private static SQLDataException outOfRange(String type, String value) {
        return new SQLDataException("The number '" + value + "' is out of range for " + type, "22003");
    }
}
