package io.aqueduct.it.oracle;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Runs a query through JDBC and asserts that its answer is the oracle's: in the same order when the query has an
 * {@code ORDER BY}, as multisets otherwise.
 *
 * <p>Usage: {@code SameAnswers.assertSame(oracle.execute(sql), aqueduct, sql)}.
 */
public final class SameAnswers {
    private SameAnswers() {}

    /** Asserts that {@code sql} on {@code connection} answers {@code expected}. */
    public static void assertSame(QueryResult expected, Connection connection, String sql) throws SQLException {
        ResultComparator.assertSameResults(expected, run(connection, sql), ordered(sql));
    }

    /** The normalized result of {@code sql} on {@code connection}. */
    public static QueryResult run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet);
        }
    }

    /** Whether the rows of {@code sql}'s answer come in a defined order. */
    public static boolean ordered(String sql) {
        return sql.toLowerCase(Locale.ROOT).contains("order by");
    }
}
