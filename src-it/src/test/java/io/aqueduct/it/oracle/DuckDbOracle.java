package io.aqueduct.it.oracle;

import io.trino.tpch.TpchTable;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBConnection;

/**
 * An in-memory DuckDB holding exactly the TPC-H rows {@code io.trino.tpch} generates for a scale factor,
 * with the column names and types of Aqueduct's {@code tpch} catalog: the reference that integration
 * tests compare Aqueduct's answers to.
 *
 * <p>Usage: {@code try (DuckDbOracle oracle = DuckDbOracle.load(0.01)) { oracle.query(sql); }}
 */
public final class DuckDbOracle implements AutoCloseable {
    private final DuckDBConnection connection;

    private DuckDbOracle(DuckDBConnection connection) {
        this.connection = connection;
    }

    public static DuckDbOracle load(double scaleFactor) throws SQLException {
        DuckDBConnection connection = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        try {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET threads = 2");
            }
            TpchDuckDbLoader.load(connection, scaleFactor);
            return new DuckDbOracle(connection);
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Rows of {@code sql}'s result, normalized by {@link ResultReader}. */
    public List<List<Object>> query(String sql) throws SQLException {
        return execute(sql).rows();
    }

    /** Column names, column types and rows of {@code sql}'s result. */
    public QueryResult execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet);
        }
    }

    /** Reads a result set into something smaller than its rows, a checksum for example. */
    @FunctionalInterface
    public interface ResultSetReader<T> {
        T read(ResultSet resultSet) throws SQLException;
    }

    /** What {@code reader} makes of {@code sql}'s result, for results too large to hold as rows. */
    public <T> T read(String sql, ResultSetReader<T> reader) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return reader.read(resultSet);
        }
    }

    /** Runs a statement that changes data or definitions; its update count. */
    public int update(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    /**
     * The TPC-H tables also as {@code tpch.<schema>.<table>}, the names Aqueduct's {@code tpch} catalog gives them,
     * so that one SQL text runs on both; DuckDB's own catalog is called {@code memory}, like Aqueduct's writable one.
     */
    public void nameTpchTablesAs(String schema) throws SQLException {
        update("ATTACH ':memory:' AS tpch");
        update("CREATE SCHEMA tpch." + schema);
        for (TpchTable<?> table : TpchTable.getTables()) {
            String name = table.getTableName();
            update("CREATE VIEW tpch.%s.%s AS SELECT * FROM memory.main.%s".formatted(schema, name, name));
        }
    }

    /**
     * Writes each TPC-H table to {@code directory} as {@code TABLE.<extension>} with DuckDB's {@code COPY}
     * and these options, e.g. {@code "parquet", "FORMAT PARQUET"} or {@code "csv", "HEADER"}.
     */
    public void export(Path directory, String extension, String copyOptions) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (TpchTable<?> table : TpchTable.getTables()) {
                String name = table.getTableName();
                Path file = directory.resolve(name + "." + extension);
                statement.execute("COPY %s TO '%s' (%s)".formatted(name, file, copyOptions));
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
