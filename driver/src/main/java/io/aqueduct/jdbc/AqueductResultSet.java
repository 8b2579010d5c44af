package io.aqueduct.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.util.Cursor;

/**
 * Avatica's result set, ending after the statement's maximum row count, plus
 * {@link #getObject(int, Class)}; a query failing while its rows are fetched (canceled, timed out, a
 * worker lost) surfaces from {@link #next()} as an {@link SQLException} with the server's SQLState
 * rather than as Avatica's unchecked exception. A DATE's {@code getObject} and {@code getDate} give
 * Avatica's values, with its conversion done once per day ({@link EpochDayDates}); for the types whose
 * values the frame already holds as the JDBC objects, {@code getObject} hands them over as they are.
 *
 * <p>Avatica sends {@code setMaxRows} to the server for a plain statement's execution, never for a
 * prepared statement's, so the limit holds here for both. The count in force when the statement
 * executed applies, as the javadoc of {@code setMaxRows} says.
 *
 * <p>{@code getObject(int, Class)}, which Avatica 1.28 refuses for every type:
 * the JDBC 4.2 {@code java.time} classes, the boxed primitives, String, BigDecimal, byte[] and the
 * {@code java.sql} date/time classes. A TIMESTAMP column has no zone: its {@link LocalDateTime} is
 * the value as the server computed it, whatever the JVM's zone; {@link OffsetDateTime} and
 * {@link Instant} read it as UTC (as PostgreSQL's driver does for TIMESTAMP WITHOUT TIME ZONE).
 * Avatica carries milliseconds, so sub-millisecond digits do not reach the client.
 *
 * <p>A VARCHAR column's text converts on the numeric, boolean, date/time and stream getters
 * ({@link TextAccessor}), as JDBC's conversion table allows and PostgreSQL's driver does.
 */
final class AqueductResultSet extends AvaticaResultSet {
    private static final TimeZone UTC = TimeZone.getTimeZone(ZoneOffset.UTC);

    private final long maxRows;
    /** Per column: whether it is a DATE sent as epoch days, whose {@link Date}s {@link #dates} makes. */
    private final boolean[] epochDayColumns;

    /**
     * Per column: the class whose values {@code getObject} gives exactly as the frame holds them, or null.
     * For these types Avatica's {@code getObject} unboxes the value and boxes it again (INTEGER, BIGINT,
     * DOUBLE, BOOLEAN) or returns it as it is (VARCHAR, DECIMAL), after a dispatch on the type per call.
     */
    private final Class<?>[] heldClasses;

    private final EpochDayDates dates;
    private long rowsRead;

    AqueductResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            java.sql.ResultSetMetaData metaData,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        super(statement, state, signature, metaData, timeZone, firstFrame);
        this.maxRows = statement.getLargeMaxRows();
        this.epochDayColumns = new boolean[columnMetaDataList.size()];
        for (int i = 0; i < epochDayColumns.length; i++) {
            ColumnMetaData.AvaticaType type = columnMetaDataList.get(i).type;
            epochDayColumns[i] = type.id == Types.DATE
                    && (type.rep == ColumnMetaData.Rep.PRIMITIVE_INT
                            || type.rep == ColumnMetaData.Rep.INTEGER
                            || type.rep == ColumnMetaData.Rep.NUMBER);
        }
        this.heldClasses = new Class<?>[columnMetaDataList.size()];
        for (int i = 0; i < heldClasses.length; i++) {
            heldClasses[i] = heldClass(columnMetaDataList.get(i));
        }
        this.dates = new EpochDayDates(localCalendar);
    }

    private static Class<?> heldClass(ColumnMetaData column) {
        return switch (column.type.id) {
            case Types.INTEGER -> column.signed ? Integer.class : null;
            case Types.BIGINT -> column.signed ? Long.class : null;
            case Types.DOUBLE -> Double.class;
            case Types.BOOLEAN -> Boolean.class;
            case Types.VARCHAR -> String.class;
            case Types.DECIMAL -> BigDecimal.class;
            default -> null;
        };
    }

    @Override
    protected AvaticaResultSet execute() throws SQLException {
        super.execute();
        wrapAccessors();
        return this;
    }

    @Override
    public AvaticaResultSet execute2(Cursor cursor, List<ColumnMetaData> columns) {
        super.execute2(cursor, columns);
        wrapAccessors();
        return this;
    }

    /**
     * VARCHAR columns read through {@link TextAccessor}, which converts text on the typed getters, and TIMESTAMP
     * columns through {@link EpochTimestampAccessor}, which keeps their microseconds.
     */
    private void wrapAccessors() {
        List<Cursor.Accessor> accessors = new ArrayList<>(accessorList);
        for (int i = 0; i < accessors.size(); i++) {
            ColumnMetaData column = columnMetaDataList.get(i);
            if (column.type.id == Types.VARCHAR) {
                accessors.set(i, new TextAccessor(accessors.get(i)));
            } else if (EpochTimestampAccessor.carries(column)) {
                accessors.set(i, new EpochTimestampAccessor(accessors.get(i), localCalendar, column.scale));
            }
        }
        accessorList = accessors;
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        if (columnIndex >= 1 && columnIndex <= heldClasses.length && heldClasses[columnIndex - 1] != null) {
            checkOpen();
            Object value = accessorList.get(columnIndex - 1).getObject();
            if (value == null || value.getClass() == heldClasses[columnIndex - 1]) {
                return value;
            }
        }
        return isEpochDays(columnIndex) ? date(columnIndex) : super.getObject(columnIndex);
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return isEpochDays(columnIndex) ? date(columnIndex) : super.getDate(columnIndex);
    }

    private boolean isEpochDays(int columnIndex) {
        return columnIndex >= 1 && columnIndex <= epochDayColumns.length && epochDayColumns[columnIndex - 1];
    }

    /** What Avatica's accessor gives for the DATE column, with its conversion done once per day. */
    private Date date(int columnIndex) throws SQLException {
        int day = getInt(columnIndex);
        return wasNull() ? null : dates.of(day);
    }

    @Override
    public boolean next() throws SQLException {
        if (maxRows > 0 && rowsRead >= maxRows) {
            return false;
        }
        boolean next;
        try {
            next = super.next();
        } catch (SQLException e) {
            throw QueryErrors.typed(e);
        } catch (RuntimeException e) {
            throw QueryErrors.fromFetch(e);
        }
        if (next) {
            rowsRead++;
        }
        return next;
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("type is null", "22023");
        }
        Object value = value(columnIndex, type);
        return wasNull() ? null : type.cast(value);
    }

    @Override
    public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
        return getObject(findColumn(columnLabel), type);
    }

    private Object value(int column, Class<?> type) throws SQLException {
        if (type == LocalDateTime.class) {
            return localDateTime(column);
        }
        if (type == OffsetDateTime.class) {
            LocalDateTime dateTime = localDateTime(column);
            return dateTime == null ? null : dateTime.atOffset(ZoneOffset.UTC);
        }
        if (type == Instant.class) {
            LocalDateTime dateTime = localDateTime(column);
            return dateTime == null ? null : dateTime.toInstant(ZoneOffset.UTC);
        }
        if (type == LocalDate.class) {
            LocalDateTime dateTime = localDateTime(column);
            return dateTime == null ? null : dateTime.toLocalDate();
        }
        if (type == LocalTime.class) {
            LocalDateTime dateTime = localDateTime(column);
            return dateTime == null ? null : dateTime.toLocalTime();
        }
        if (type == String.class) {
            return getString(column);
        }
        if (type == Boolean.class) {
            return getBoolean(column);
        }
        if (type == Integer.class) {
            return getInt(column);
        }
        if (type == Long.class) {
            return getLong(column);
        }
        if (type == Short.class) {
            return getShort(column);
        }
        if (type == Byte.class) {
            return getByte(column);
        }
        if (type == Double.class) {
            return getDouble(column);
        }
        if (type == Float.class) {
            return getFloat(column);
        }
        if (type == BigDecimal.class) {
            return getBigDecimal(column);
        }
        if (type == byte[].class) {
            return getBytes(column);
        }
        if (type == Timestamp.class) {
            return getTimestamp(column);
        }
        if (type == Date.class) {
            return getDate(column);
        }
        if (type == Time.class) {
            return getTime(column);
        }
        Object value = getObject(column);
        if (value == null || type.isInstance(value)) {
            return value;
        }
        throw new SQLDataException("Cannot convert column " + column + " to " + type.getName(), "22018");
    }

    /**
     * The column's wall-clock value: a TIMESTAMP column computes it from its count since the epoch; any other takes
     * Avatica's timestamp with a UTC calendar, which it leaves unshifted, and reads it in UTC.
     */
    private LocalDateTime localDateTime(int column) throws SQLException {
        checkOpen();
        if (column >= 1
                && column <= accessorList.size()
                && accessorList.get(column - 1) instanceof EpochTimestampAccessor timestamps) {
            return timestamps.localDateTime();
        }
        Timestamp timestamp = getTimestamp(column, Calendar.getInstance(UTC));
        if (timestamp == null) {
            return null;
        }
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(timestamp.getTime(), 1000), timestamp.getNanos(), ZoneOffset.UTC);
    }
}
