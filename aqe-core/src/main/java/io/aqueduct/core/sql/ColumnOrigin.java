package io.aqueduct.core.sql;

import java.util.List;

/**
 * The table a result column reads as it is, as JDBC's {@code ResultSetMetaData} names it ({@code getCatalogName},
 * {@code getSchemaName}, {@code getTableName}): empty strings for a column that is computed, as JDBC asks when a name
 * does not apply. Tools use it to tell which table a result shows.
 */
public record ColumnOrigin(String catalog, String schema, String table) {
    public static final ColumnOrigin COMPUTED = new ColumnOrigin("", "", "");

    /** The origin of a column from Calcite's qualified name of it: the table's name parts, then the column's. */
    static ColumnOrigin of(List<String> qualifiedColumn) {
        if (qualifiedColumn == null || qualifiedColumn.size() < 2) {
            return COMPUTED;
        }
        int table = qualifiedColumn.size() - 2;
        return new ColumnOrigin(
                table >= 2 ? qualifiedColumn.get(table - 2) : "",
                table >= 1 ? qualifiedColumn.get(table - 1) : "",
                qualifiedColumn.get(table));
    }
}
