package io.aqueduct.tpch.bench;

import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * TPC-H as Parquet files for {@code bench tpch --format parquet}: written once per scale factor by DuckDB
 * under the data folder ({@code <data>/tpch-parquet-<sf>/tpch/<table>.parquet}) and kept for later runs.
 * Aqueduct reads them as file catalog {@value #CATALOG}; DuckDB reads the same files through views.
 */
final class ParquetTpch {
    static final String CATALOG = "files";
    static final String SCHEMA = "tpch";
    /** Written last: a folder without it was interrupted and is written again. */
    private static final String COMPLETE_MARKER = "_complete";

    private ParquetTpch() {}

    /** The catalog folder for {@code scaleFactor}, writing its files first if a previous run did not. */
    static Path ensure(Path dataFolder, ScaleFactor scaleFactor, PrintStream progress)
            throws SQLException, IOException {
        Path root = dataFolder.resolve("tpch-parquet-" + scaleFactor.label()).toAbsolutePath();
        if (Files.exists(root.resolve(COMPLETE_MARKER))) {
            return root;
        }
        Path schema = Files.createDirectories(root.resolve(SCHEMA));
        progress.printf("Writing TPC-H SF %s as Parquet into %s...%n", scaleFactor.label(), schema);
        try (Connection duckDb = DuckDbTpch.load(scaleFactor);
                Statement statement = duckDb.createStatement()) {
            for (TpchTable<?> table : TpchTable.getTables()) {
                statement.execute(
                        "COPY %s TO '%s' (FORMAT PARQUET)".formatted(table.getTableName(), quoted(file(root, table))));
            }
        }
        Files.writeString(root.resolve(COMPLETE_MARKER), "");
        return root;
    }

    /** A new in-memory DuckDB whose eight TPC-H tables are views over the Parquet files under {@code root}. */
    static Connection duckDb(Path root) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET threads = 2");
            for (TpchTable<?> table : TpchTable.getTables()) {
                statement.execute("CREATE VIEW %s AS SELECT * FROM read_parquet('%s')"
                        .formatted(table.getTableName(), quoted(file(root, table))));
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** The {@code serve} option that makes the folder catalog {@value #CATALOG}. */
    static String catalogOption(Path root) {
        return "--catalog=" + CATALOG + "=" + root;
    }

    /** The size on disk of table {@code table}'s file under {@code root}. */
    static long fileBytes(Path root, String table) throws IOException {
        return Files.size(root.resolve(SCHEMA).resolve(table + ".parquet"));
    }

    private static Path file(Path root, TpchTable<?> table) {
        return root.resolve(SCHEMA).resolve(table.getTableName() + ".parquet");
    }

    private static String quoted(Path path) {
        return path.toString().replace("'", "''");
    }
}
