package io.aqueduct.it.oracle;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JDBC result into rows of normalized values, so that results of different drivers compare
 * directly: integers of any width become {@code Long} (or {@code BigDecimal} beyond 64 bits), floats
 * become {@code Double}, dates {@code LocalDate}, timestamps {@code LocalDateTime}, times {@code LocalTime} (whole
 * seconds), characters
 * {@code String}; {@code BigDecimal}, {@code String}, {@code Boolean} and null stay as they are.
 */
public final class ResultReader {
    private ResultReader() {}

    public static QueryResult read(ResultSet resultSet) throws SQLException {
        ResultSetMetaData metadata = resultSet.getMetaData();
        int columnCount = metadata.getColumnCount();
        List<String> names = new ArrayList<>(columnCount);
        List<String> types = new ArrayList<>(columnCount);
        for (int column = 1; column <= columnCount; column++) {
            names.add(metadata.getColumnLabel(column));
            types.add(metadata.getColumnTypeName(column));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (resultSet.next()) {
            List<Object> row = new ArrayList<>(columnCount);
            for (int column = 1; column <= columnCount; column++) {
                row.add(normalize(resultSet.getObject(column)));
            }
            rows.add(row);
        }
        return new QueryResult(names, types, rows);
    }

    public static Object normalize(Object value) {
        if (value == null || value instanceof BigDecimal || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            return big.bitLength() < Long.SIZE ? (Object) big.longValue() : new BigDecimal(big);
        }
        if (value instanceof Double || value instanceof Float) {
            return ((Number) value).doubleValue();
        }
        if (value instanceof Date date) {
            return date.toLocalDate();
        }
        if (value instanceof Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        if (value instanceof Time time) {
            return time.toLocalTime();
        }
        if (value instanceof LocalDate || value instanceof LocalDateTime || value instanceof LocalTime) {
            return value;
        }
        if (value instanceof Character character) {
            return character.toString();
        }
        throw new IllegalArgumentException(
                "Unsupported result value type: " + value.getClass().getName());
    }
}
