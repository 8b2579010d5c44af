package io.aqueduct.tpch.bench;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * A query's whole result in a form two runs can be compared in: one line per row, values separated by
 * {@code " | "}, decimals in plain notation, nulls as {@code NULL}, the lines sorted so that row order does
 * not matter. Exact: meant for results without floating-point values.
 */
final class QueryResults {
    private QueryResults() {}

    static List<String> read(Connection connection, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            ResultSetMetaData metaData = resultSet.getMetaData();
            int columns = metaData.getColumnCount();
            while (resultSet.next()) {
                StringJoiner row = new StringJoiner(" | ");
                for (int column = 1; column <= columns; column++) {
                    row.add(text(resultSet.getObject(column)));
                }
                rows.add(row.toString());
            }
        }
        rows.sort(null);
        return rows;
    }

    private static String text(Object value) {
        if (value == null) {
            return "NULL";
        }
        return value instanceof BigDecimal decimal ? decimal.toPlainString() : value.toString();
    }

    /** Whether {@code actual} has exactly the rows of {@code expected}, both as {@link #read} returns them. */
    static ResultCheck compare(String expectedLabel, List<String> expected, String actualLabel, List<String> actual) {
        if (expected.equals(actual)) {
            return new ResultCheck.Equal(expected.size());
        }
        int common = Math.min(expected.size(), actual.size());
        int first = 0;
        while (first < common && expected.get(first).equals(actual.get(first))) {
            first++;
        }
        String rowCounts =
                "%s returned %d rows, %s %d".formatted(expectedLabel, expected.size(), actualLabel, actual.size());
        String difference = first < common
                ? "; first difference at sorted row %d: %s [%s], %s [%s]"
                        .formatted(first + 1, expectedLabel, expected.get(first), actualLabel, actual.get(first))
                : "; the first %d sorted rows are equal".formatted(common);
        return new ResultCheck.Different(rowCounts + difference);
    }
}
