package io.aqueduct.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.Map;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.util.Cursor;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * A TIMESTAMP column whose values the server sends as a count of milliseconds or, to this driver, microseconds since
 * the epoch (the driver asks for them with {@code timestampUnit=micros}; the column's scale, 3 or 6, says which unit
 * came). Avatica's accessor reads the number as milliseconds; this one gives the objects Avatica gives, with the
 * value's whole fraction: a {@link Timestamp}'s nanos, the scale's fractional digits in {@code getString}, and the
 * ISO calendar's {@link LocalDateTime} (a {@link Timestamp} reads dates before 1582 in the Julian calendar). The
 * numeric getters give the milliseconds, as Avatica's do for a TIMESTAMP; the getters Avatica refuses for one are
 * refused by it.
 */
final class EpochTimestampAccessor extends ForwardingAccessor {
    private static final long SECONDS_PER_DAY = 86_400;
    private static final long NANOS_PER_SECOND = 1_000_000_000;

    private final Calendar localCalendar;
    /** Digits of the fraction of a second the values keep: 3 (milliseconds) or 6 (microseconds), see {@link #carries}. */
    private final int fractionDigits;

    private final long unitsPerSecond;
    private final long unitsPerMilli;

    EpochTimestampAccessor(Cursor.Accessor numbers, Calendar localCalendar, int fractionDigits) {
        super(numbers);
        this.localCalendar = localCalendar;
        this.fractionDigits = fractionDigits;
        this.unitsPerSecond = fractionDigits == 6 ? 1_000_000 : 1_000;
        this.unitsPerMilli = unitsPerSecond / 1_000;
    }

    /** Whether a column of this type, representation and scale carries its values as such counts. */
    static boolean carries(ColumnMetaData column) {
        boolean number = column.type.rep == ColumnMetaData.Rep.PRIMITIVE_LONG
                || column.type.rep == ColumnMetaData.Rep.LONG
                || column.type.rep == ColumnMetaData.Rep.NUMBER;
        return column.type.id == Types.TIMESTAMP && number && (column.scale == 3 || column.scale == 6);
    }

    /** The value's count of units since the epoch, or null for NULL. */
    private Long units() throws SQLException {
        long value = delegate.getLong();
        return delegate.wasNull() ? null : value;
    }

    private long millis() throws SQLException {
        return Math.floorDiv(delegate.getLong(), unitsPerMilli);
    }

    /** As Avatica prints a TIMESTAMP: its date, then its time of day with the column's fractional digits. */
    @Override
    public String getString() throws SQLException {
        Long units = units();
        if (units == null) {
            return null;
        }
        long seconds = Math.floorDiv(units, unitsPerSecond);
        String fraction = Long.toString(Math.floorMod(units, unitsPerSecond));
        return DateTimeUtils.unixDateToString((int) Math.floorDiv(seconds, SECONDS_PER_DAY))
                + ' '
                + DateTimeUtils.unixTimeToString((int) Math.floorMod(seconds, SECONDS_PER_DAY) * 1000)
                + '.'
                + "0".repeat(fractionDigits - fraction.length())
                + fraction;
    }

    @Override
    public String getNString() throws SQLException {
        return getString();
    }

    /** Avatica's timestamp of the value's milliseconds in {@code calendar}, its nanos then the value's. */
    @Override
    public Timestamp getTimestamp(Calendar calendar) throws SQLException {
        Long units = units();
        if (units == null) {
            return null;
        }
        Timestamp timestamp = DateTimeUtils.unixTimestampToSqlTimestamp(Math.floorDiv(units, unitsPerMilli), calendar);
        timestamp.setNanos(nanosOfSecond(units));
        return timestamp;
    }

    private int nanosOfSecond(long units) {
        return (int) (Math.floorMod(units, unitsPerSecond) * (NANOS_PER_SECOND / unitsPerSecond));
    }

    /**
     * The value's wall-clock date and time in the ISO calendar, as the engine computes with it (a {@link Timestamp}
     * of a date before 1582 reads in the Julian calendar); null for NULL.
     */
    LocalDateTime localDateTime() throws SQLException {
        Long units = units();
        if (units == null) {
            return null;
        }
        return LocalDateTime.ofEpochSecond(Math.floorDiv(units, unitsPerSecond), nanosOfSecond(units), ZoneOffset.UTC);
    }

    @Override
    public Object getObject() throws SQLException {
        return getTimestamp(localCalendar);
    }

    @Override
    public Date getDate(Calendar calendar) throws SQLException {
        Timestamp timestamp = getTimestamp(calendar);
        return timestamp == null ? null : new Date(timestamp.getTime());
    }

    @Override
    public Time getTime(Calendar calendar) throws SQLException {
        Timestamp timestamp = getTimestamp(calendar);
        return timestamp == null ? null : new Time(timestamp.getTime());
    }

    @Override
    public <T> T getObject(Class<T> type) throws SQLException {
        Object value = getObject();
        if (value == null || type.isInstance(value)) {
            return type.cast(value);
        }
        throw new SQLDataException("Cannot convert a TIMESTAMP to " + type.getName(), "22018");
    }

    @Override
    public Object getObject(Map<String, Class<?>> map) throws SQLException {
        return getObject();
    }

    @Override
    public long getLong() throws SQLException {
        return millis();
    }

    @Override
    public int getInt() throws SQLException {
        return (int) millis();
    }

    @Override
    public short getShort() throws SQLException {
        return (short) millis();
    }

    @Override
    public byte getByte() throws SQLException {
        return (byte) millis();
    }

    @Override
    public float getFloat() throws SQLException {
        return millis();
    }

    @Override
    public double getDouble() throws SQLException {
        return millis();
    }

    @Override
    public BigDecimal getBigDecimal() throws SQLException {
        long millis = millis();
        return delegate.wasNull() ? null : BigDecimal.valueOf(millis);
    }

    @Override
    public BigDecimal getBigDecimal(int scale) throws SQLException {
        BigDecimal millis = getBigDecimal();
        return millis == null ? null : millis.setScale(scale);
    }
}
