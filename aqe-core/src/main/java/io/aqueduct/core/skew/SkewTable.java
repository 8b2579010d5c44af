package io.aqueduct.core.skew;

import static io.aqueduct.core.skew.SkewColumn.D_GROUP;
import static io.aqueduct.core.skew.SkewColumn.D_KEY;
import static io.aqueduct.core.skew.SkewColumn.D_NAME;
import static io.aqueduct.core.skew.SkewColumn.F_DATE;
import static io.aqueduct.core.skew.SkewColumn.F_ID;
import static io.aqueduct.core.skew.SkewColumn.F_KEY;
import static io.aqueduct.core.skew.SkewColumn.F_NOTE;
import static io.aqueduct.core.skew.SkewColumn.F_VALUE;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** The tables of every skew schema and their columns. */
enum SkewTable {
    FACT("fact", List.of(F_ID, F_KEY, F_VALUE, F_DATE, F_NOTE)),
    DIM("dim", List.of(D_KEY, D_NAME, D_GROUP));

    private static final double VALIDITY_BYTES = 1.0 / 8;

    private final String tableName;
    private final List<SkewColumn> columns;

    SkewTable(String tableName, List<SkewColumn> columns) {
        this.tableName = tableName;
        this.columns = columns;
    }

    long rowCount(SkewSchema schema) {
        return switch (this) {
            case FACT -> schema.factRows();
            case DIM -> schema.dimKeys();
        };
    }

    /** Average Arrow bytes of a row with every column: values, string offsets and validity bits. */
    double averageRowBytes() {
        double bytes = 0;
        for (SkewColumn column : columns) {
            bytes += column.averageBytes() + VALIDITY_BYTES;
        }
        return bytes;
    }

    TableDefinition definition() {
        List<String> names = columns.stream().map(SkewColumn::columnName).toList();
        return new TableDefinition(
                tableName,
                new RowType(names, columns.stream().map(SkewColumn::type).toList()));
    }

    SkewColumn column(String name) {
        for (SkewColumn column : columns) {
            if (column.columnName().equals(name)) {
                return column;
            }
        }
        throw new AqueductException(
                ErrorCode.COLUMN_NOT_FOUND, "Column " + name + " does not exist in skew table " + tableName);
    }

    static SkewTable fromName(SkewSchema schema, String name) {
        for (SkewTable table : values()) {
            if (table.tableName.equals(name)) {
                return table;
            }
        }
        throw new AqueductException(
                ErrorCode.TABLE_NOT_FOUND, "Table skew.%s.%s does not exist".formatted(schema.schemaName(), name));
    }
}
