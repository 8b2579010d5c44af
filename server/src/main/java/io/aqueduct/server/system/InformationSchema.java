package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.server.coordinator.JdbcTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The SQL standard's {@code information_schema}: {@code schemata}, {@code tables}, {@code columns},
 * {@code views}, {@code table_constraints} and {@code key_column_usage} (the connectors' unique
 * keys, the first of each table its primary key), over every catalog including {@code system} (whose {@code sys} and
 * {@code information_schema} list themselves). Rows come from the same {@link TableListing} as JDBC
 * metadata; column types are named as {@code DatabaseMetaData.getColumns} names them.
 */
final class InformationSchema {
    private static final SystemColumns<TableListing.Schema> SCHEMATA = SystemColumns.<TableListing.Schema>builder()
            .varchar("catalog_name", TableListing.Schema::catalog)
            .varchar("schema_name", TableListing.Schema::schema)
            .varchar("schema_owner", schema -> null)
            .build();

    private static final SystemColumns<TableListing.Table> TABLES = SystemColumns.<TableListing.Table>builder()
            .varchar("table_catalog", TableListing.Table::catalog)
            .varchar("table_schema", TableListing.Table::schema)
            .varchar("table_name", TableListing.Table::name)
            .varchar("table_type", InformationSchema::tableType)
            .build();

    private static final SystemColumns<Column> COLUMNS = SystemColumns.<Column>builder()
            .varchar("table_catalog", column -> column.table().catalog())
            .varchar("table_schema", column -> column.table().schema())
            .varchar("table_name", column -> column.table().name())
            .varchar("column_name", Column::name)
            .integer("ordinal_position", Column::ordinal)
            .varchar("column_default", column -> null)
            .varchar("is_nullable", column -> column.nullable() ? "YES" : "NO")
            .varchar("data_type", column -> JdbcTypes.typeName(column.type()))
            .integer("character_maximum_length", column -> JdbcTypes.charOctetLength(column.type()))
            .integer(
                    "numeric_precision",
                    column -> column.type().isNumeric() ? JdbcTypes.precision(column.type()) : null)
            .integer("numeric_precision_radix", column -> JdbcTypes.radix(column.type()))
            .integer("numeric_scale", column -> JdbcTypes.decimalDigits(column.type()))
            .build();

    /** No catalog has views: the table is there, with the standard's columns, because tools probe it. */
    private static final SystemColumns<TableListing.Table> VIEWS = SystemColumns.<TableListing.Table>builder()
            .varchar("table_catalog", TableListing.Table::catalog)
            .varchar("table_schema", TableListing.Table::schema)
            .varchar("table_name", TableListing.Table::name)
            .varchar("view_definition", table -> null)
            .varchar("check_option", table -> "NONE")
            .varchar("is_updatable", table -> "NO")
            .build();

    private static final SystemColumns<Constraint> TABLE_CONSTRAINTS = SystemColumns.<Constraint>builder()
            .varchar("constraint_catalog", constraint -> constraint.table().catalog())
            .varchar("constraint_schema", constraint -> constraint.table().schema())
            .varchar("constraint_name", Constraint::name)
            .varchar("table_catalog", constraint -> constraint.table().catalog())
            .varchar("table_schema", constraint -> constraint.table().schema())
            .varchar("table_name", constraint -> constraint.table().name())
            .varchar("constraint_type", Constraint::type)
            .build();

    private static final SystemColumns<KeyColumn> KEY_COLUMN_USAGE = SystemColumns.<KeyColumn>builder()
            .varchar("constraint_catalog", key -> key.constraint().table().catalog())
            .varchar("constraint_schema", key -> key.constraint().table().schema())
            .varchar("constraint_name", key -> key.constraint().name())
            .varchar("table_catalog", key -> key.constraint().table().catalog())
            .varchar("table_schema", key -> key.constraint().table().schema())
            .varchar("table_name", key -> key.constraint().table().name())
            .varchar("column_name", KeyColumn::column)
            .integer("ordinal_position", KeyColumn::ordinal)
            .build();

    private InformationSchema() {}

    /**
     * A table's unique key: its first is the primary key ({@code <table>_pk}), the others are
     * {@code UNIQUE} ({@code <table>_unique_<n>}).
     */
    private record Constraint(TableListing.Table table, int index, List<String> columns) {
        String name() {
            return index == 0 ? table.name() + "_pk" : table.name() + "_unique_" + index;
        }

        String type() {
            return index == 0 ? "PRIMARY KEY" : "UNIQUE";
        }
    }

    /** One column of a key; ordinals start at 1. */
    private record KeyColumn(Constraint constraint, String column, int ordinal) {}

    private static List<Constraint> constraints(TableListing listing) {
        List<Constraint> constraints = new ArrayList<>();
        for (TableListing.Table table : listing.tables()) {
            for (int i = 0; i < table.uniqueKeys().size(); i++) {
                constraints.add(new Constraint(table, i, table.uniqueKeys().get(i)));
            }
        }
        return constraints;
    }

    private static List<KeyColumn> keyColumns(TableListing listing) {
        List<KeyColumn> columns = new ArrayList<>();
        for (Constraint constraint : constraints(listing)) {
            for (int i = 0; i < constraint.columns().size(); i++) {
                columns.add(new KeyColumn(constraint, constraint.columns().get(i), i + 1));
            }
        }
        return columns;
    }

    /** One column of a listed table; ordinals start at 1. */
    private record Column(TableListing.Table table, String name, DataType type, int ordinal, boolean nullable) {}

    static List<SystemTable<SystemContext>> tables(TableListing listing) {
        return List.of(
                new Table<>("schemata", SCHEMATA, listing::schemas),
                new Table<>("tables", TABLES, listing::tables),
                new Table<>("columns", COLUMNS, () -> columns(listing)),
                new Table<>("views", VIEWS, List::of),
                new Table<>("table_constraints", TABLE_CONSTRAINTS, () -> constraints(listing)),
                new Table<>("key_column_usage", KEY_COLUMN_USAGE, () -> keyColumns(listing)));
    }

    /** The standard's names: a connector's table is a {@code BASE TABLE}. */
    private static String tableType(TableListing.Table table) {
        return table.type().equals(TableListing.TABLE) ? "BASE TABLE" : table.type();
    }

    private static List<Column> columns(TableListing listing) {
        List<Column> columns = new ArrayList<>();
        for (TableListing.Table table : listing.tables()) {
            RowType type = table.columns();
            for (int i = 0; i < type.size(); i++) {
                columns.add(new Column(table, type.names().get(i), type.type(i), i + 1, table.isNullable(i)));
            }
        }
        return columns;
    }

    /** A table of {@code information_schema} over records that {@code records} lists afresh on each scan. */
    private static final class Table<R> implements SystemTable<SystemContext> {
        private final String name;
        private final SystemColumns<R> columns;
        private final Supplier<List<R>> records;

        Table(String name, SystemColumns<R> columns, Supplier<List<R>> records) {
            this.name = name;
            this.columns = columns;
            this.records = records;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String schema() {
            return SystemTables.INFORMATION_SCHEMA;
        }

        @Override
        public RowType columns() {
            return columns.rowType();
        }

        @Override
        public List<List<Object>> rows(SystemContext context, SystemScan scan) {
            return columns.rows(records.get(), scan);
        }
    }
}
