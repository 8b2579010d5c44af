package io.aqueduct.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reading JDBC result sets in assertions: their column labels, one column's values, a plan that ran. */
final class JdbcResults {
    /** The first columns of {@code DatabaseMetaData.getColumns}, in the order JDBC specifies. */
    static final List<String> GET_COLUMNS_LABELS = List.of(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "COLUMN_NAME",
            "DATA_TYPE",
            "TYPE_NAME",
            "COLUMN_SIZE",
            "BUFFER_LENGTH",
            "DECIMAL_DIGITS",
            "NUM_PREC_RADIX",
            "NULLABLE",
            "REMARKS",
            "COLUMN_DEF",
            "SQL_DATA_TYPE",
            "SQL_DATETIME_SUB",
            "CHAR_OCTET_LENGTH",
            "ORDINAL_POSITION",
            "IS_NULLABLE");

    private JdbcResults() {}

    static List<String> labels(ResultSet resultSet) throws SQLException {
        ResultSetMetaData metadata = resultSet.getMetaData();
        List<String> labels = new ArrayList<>();
        for (int column = 1; column <= metadata.getColumnCount(); column++) {
            labels.add(metadata.getColumnLabel(column));
        }
        return labels;
    }

    /** The values of column {@code label} in the remaining rows, which this reads. */
    static List<String> column(ResultSet resultSet, String label) throws SQLException {
        List<String> values = new ArrayList<>();
        while (resultSet.next()) {
            values.add(resultSet.getString(label));
        }
        return values;
    }

    /** The number of rows {@code sql} returns, every one read. */
    static long countRows(Connection connection, String sql) throws SQLException {
        long rows = 0;
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            while (resultSet.next()) {
                rows++;
            }
        }
        return rows;
    }

    /** The lines of {@code EXPLAIN ANALYZE sql}: the plan that ran, with its metrics. */
    static List<String> explainAnalyze(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE " + sql)) {
            return column(rows, "PLAN");
        }
    }
}
