package io.aqueduct.tpch.bench;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An in-process DuckDB with two threads holding the TPC-H rows {@code io.trino.tpch} generates, typed as
 * Aqueduct's {@code tpch} catalog types them.
 *
 * <p>DuckDB is reached only through {@link DriverManager} and loaded with SQL ({@code COPY} from CSV files
 * in a temporary folder), so it stays a test-scope dependency that ships with nothing.
 */
final class DuckDbTpch {
    static final String ENGINE = "DuckDB";
    private static final String URL = "jdbc:duckdb:";
    private static final int THREADS = 2;

    private DuckDbTpch() {}

    /** A connection to a new in-memory DuckDB holding the eight tables at {@code scaleFactor}. */
    static Connection load(ScaleFactor scaleFactor) throws SQLException, IOException {
        Connection connection = DriverManager.getConnection(URL);
        Path folder = Files.createTempDirectory("aqueduct-tpch-csv-");
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET threads = " + THREADS);
            for (TpchTable<?> table : TpchTable.getTables()) {
                Path csv = folder.resolve(table.getTableName() + ".csv");
                TpchCsvWriter.write(table, scaleFactor.value(), csv);
                statement.execute(createTable(table));
                statement.execute("COPY %s FROM '%s' (FORMAT csv, HEADER false, DELIMITER ',', QUOTE '\"')"
                        .formatted(table.getTableName(), csv.toString().replace("'", "''")));
                Files.delete(csv);
            }
            return connection;
        } catch (SQLException | IOException | RuntimeException e) {
            connection.close();
            throw e;
        } finally {
            deleteFolder(folder);
        }
    }

    private static String createTable(TpchTable<?> table) {
        List<? extends TpchColumn<?>> columns = table.getColumns();
        return columns.stream()
                .map(column -> column.getColumnName() + " " + sqlType(column))
                .collect(Collectors.joining(", ", "CREATE TABLE " + table.getTableName() + " (", ")"));
    }

    private static String sqlType(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> "BIGINT";
            case INTEGER -> "INTEGER";
            case DOUBLE -> "DECIMAL(15,2)";
            case DATE -> "DATE";
            case VARCHAR -> "VARCHAR";
        };
    }

    private static void deleteFolder(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(folder);
    }
}
