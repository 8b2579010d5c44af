package io.aqueduct.server.system;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Every schema and table the coordinator knows, the connectors' and the system tables', with their
 * columns: what JDBC metadata and {@code information_schema} both list, so the two cannot disagree.
 */
public final class TableListing {
    /** JDBC {@code TABLE_TYPE} of a connector's tables. */
    public static final String TABLE = "TABLE";

    /** A schema of a catalog. */
    public record Schema(String catalog, String schema) {}

    /**
     * A table with its JDBC table type, its columns and which of them may hold NULL, and the column sets unique in it
     * (the first is its primary key).
     */
    public record Table(
            String catalog,
            String schema,
            String name,
            String type,
            TableDefinition definition,
            List<List<String>> uniqueKeys) {
        public Table {
            uniqueKeys = List.copyOf(uniqueKeys);
        }

        public RowType columns() {
            return definition.columns();
        }

        /** Whether column {@code column} (from 0) may hold NULL. */
        public boolean isNullable(int column) {
            return definition.isNullable(column);
        }
    }

    private final ConnectorRegistry connectors;
    private final Supplier<? extends SystemTables<?>> systemTables;

    /**
     * @param systemTables the system tables, asked on each listing: the tables of
     *     {@code information_schema} list themselves, so they are not known yet when this is made
     */
    public TableListing(ConnectorRegistry connectors, Supplier<? extends SystemTables<?>> systemTables) {
        this.connectors = requireNonNull(connectors, "connectors is null");
        this.systemTables = requireNonNull(systemTables, "systemTables is null");
    }

    /** The catalogs: the connectors' in registration order, then {@value SystemTables#CATALOG} if there are system tables. */
    public List<String> catalogs() {
        List<String> catalogs = new ArrayList<>();
        connectors.all().forEach(connector -> catalogs.add(connector.name()));
        if (!systemTables.get().isEmpty()) {
            catalogs.add(SystemTables.CATALOG);
        }
        return catalogs;
    }

    /** The schemas of every catalog, in the order of {@link #catalogs()}. */
    public List<Schema> schemas() {
        List<Schema> schemas = new ArrayList<>();
        for (Connector connector : connectors.all()) {
            connector.schemaNames().forEach(schema -> schemas.add(new Schema(connector.name(), schema)));
        }
        systemTables.get().schemas().forEach(schema -> schemas.add(new Schema(SystemTables.CATALOG, schema)));
        return schemas;
    }

    /** The tables of one schema of {@link #schemas()}. */
    public List<Table> tables(Schema schema) {
        List<Table> tables = new ArrayList<>();
        if (schema.catalog().equals(SystemTables.CATALOG)) {
            for (SystemTable<?> table : systemTables.get().tables(schema.schema())) {
                tables.add(new Table(
                        SystemTables.CATALOG,
                        schema.schema(),
                        table.name(),
                        SystemTables.TABLE_TYPE,
                        new TableDefinition(table.name(), table.columns()),
                        List.of()));
            }
            return tables;
        }
        Connector connector = connectors.connector(schema.catalog());
        for (TableDefinition table : connector.tables(schema.schema())) {
            tables.add(new Table(
                    schema.catalog(),
                    schema.schema(),
                    table.name(),
                    TABLE,
                    table,
                    connector.uniqueKeys(schema.schema(), table.name())));
        }
        return tables;
    }

    /** Every table of every schema. */
    public List<Table> tables() {
        List<Table> tables = new ArrayList<>();
        schemas().forEach(schema -> tables.addAll(tables(schema)));
        return tables;
    }
}
