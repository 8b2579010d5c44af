package io.aqueduct.it.oracle;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/** Creates the eight TPC-H tables in DuckDB, typed as Aqueduct types them, and appends the generated rows. */
final class TpchDuckDbLoader {
    private TpchDuckDbLoader() {}

    static void load(DuckDBConnection connection, double scaleFactor) throws SQLException {
        for (TpchTable<?> table : TpchTable.getTables()) {
            loadTable(connection, table, scaleFactor);
        }
    }

    private static <E extends TpchEntity> void loadTable(
            DuckDBConnection connection, TpchTable<E> table, double scaleFactor) throws SQLException {
        List<TpchColumn<E>> columns = table.getColumns();
        try (Statement statement = connection.createStatement()) {
            statement.execute(createTable(table.getTableName(), columns));
        }
        try (DuckDBAppender appender = connection.createAppender(table.getTableName())) {
            for (E row : table.createGenerator(scaleFactor, 1, 1)) {
                appender.beginRow();
                for (TpchColumn<E> column : columns) {
                    append(appender, column, row);
                }
                appender.endRow();
            }
        }
    }

    private static String createTable(String name, List<? extends TpchColumn<?>> columns) {
        return columns.stream()
                .map(column -> column.getColumnName() + " " + sqlType(column))
                .collect(Collectors.joining(", ", "CREATE TABLE " + name + " (", ")"));
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

    private static <E extends TpchEntity> void append(DuckDBAppender appender, TpchColumn<E> column, E row)
            throws SQLException {
        switch (column.getType().getBase()) {
            case IDENTIFIER -> appender.append(column.getIdentifier(row));
            case INTEGER -> appender.append(column.getInteger(row));
            // Money columns hand out exact hundredths as their identifier: the unscaled DECIMAL(15,2).
            case DOUBLE -> appender.appendDecimal(column.getIdentifier(row));
            case DATE -> appender.appendEpochDays(column.getDate(row));
            case VARCHAR -> appender.append(column.getString(row));
        }
    }
}
