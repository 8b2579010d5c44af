package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.MetaImpl;

/**
 * The rows of JDBC's catalog, schema, table, column and type listings, filtered by JDBC patterns:
 * the connectors' tables (type {@code TABLE}) and the system tables (catalog {@code system}, schema
 * {@code sys}, type {@code SYSTEM TABLE}).
 */
final class CatalogMetadata {
    private static final String TABLE = "TABLE";

    private final ConnectorRegistry connectors;
    private final SystemTables<?> systemTables;

    CatalogMetadata(ConnectorRegistry connectors, SystemTables<?> systemTables) {
        this.connectors = connectors;
        this.systemTables = systemTables;
    }

    /** The table types {@link #tables} reports. */
    List<MetaImpl.MetaTableType> tableTypes() {
        List<MetaImpl.MetaTableType> types = new ArrayList<>();
        if (!systemTables.isEmpty()) {
            types.add(new MetaImpl.MetaTableType(SystemTables.TABLE_TYPE));
        }
        types.add(new MetaImpl.MetaTableType(TABLE));
        return types;
    }

    List<MetaImpl.MetaCatalog> catalogs() {
        List<MetaImpl.MetaCatalog> catalogs = new ArrayList<>();
        connectors.all().forEach(connector -> catalogs.add(new MetaImpl.MetaCatalog(connector.name())));
        if (!systemTables.isEmpty()) {
            catalogs.add(new MetaImpl.MetaCatalog(SystemTables.CATALOG));
        }
        return catalogs;
    }

    List<MetaImpl.MetaSchema> schemas(String catalog, String schemaPattern) {
        List<MetaImpl.MetaSchema> schemas = new ArrayList<>();
        for (Connector connector : matchingCatalogs(catalog)) {
            for (String schema : connector.schemaNames()) {
                if (matches(schemaPattern, schema)) {
                    schemas.add(new MetaImpl.MetaSchema(connector.name(), schema));
                }
            }
        }
        if (systemSchemaMatches(catalog, schemaPattern)) {
            schemas.add(new MetaImpl.MetaSchema(SystemTables.CATALOG, SystemTables.SCHEMA));
        }
        return schemas;
    }

    List<MetaImpl.MetaTable> tables(String catalog, String schemaPattern, String tablePattern, List<String> types) {
        // JDBC orders tables by type, catalog, schema and name.
        return describedTables(catalog, schemaPattern, tablePattern, types).stream()
                .map(DescribedTable::table)
                .sorted(Comparator.<MetaImpl.MetaTable, String>comparing(table -> table.tableType)
                        .thenComparing(table -> table.tableCat)
                        .thenComparing(table -> table.tableSchem)
                        .thenComparing(table -> table.tableName))
                .toList();
    }

    List<MetaImpl.MetaColumn> columns(String catalog, String schemaPattern, String tablePattern, String columnPattern) {
        List<MetaImpl.MetaColumn> columns = new ArrayList<>();
        for (DescribedTable described : describedTables(catalog, schemaPattern, tablePattern, null)) {
            RowType type = described.columns();
            for (int i = 0; i < type.size(); i++) {
                String name = type.names().get(i);
                if (matches(columnPattern, name)) {
                    columns.add(column(described.table(), name, type.type(i), i + 1));
                }
            }
        }
        return columns;
    }

    /** A table's metadata row with its columns. */
    private record DescribedTable(MetaImpl.MetaTable table, RowType columns) {}

    private List<DescribedTable> describedTables(
            String catalog, String schemaPattern, String tablePattern, List<String> types) {
        List<DescribedTable> tables = new ArrayList<>();
        if (types == null || types.contains(TABLE)) {
            for (MetaImpl.MetaSchema schema : schemas(catalog, schemaPattern)) {
                if (schema.tableCatalog.equals(SystemTables.CATALOG)) {
                    continue;
                }
                for (TableDefinition table :
                        connectors.connector(schema.tableCatalog).tables(schema.tableSchem)) {
                    if (matches(tablePattern, table.name())) {
                        tables.add(new DescribedTable(
                                new MetaImpl.MetaTable(schema.tableCatalog, schema.tableSchem, table.name(), TABLE),
                                table.columns()));
                    }
                }
            }
        }
        if ((types == null || types.contains(SystemTables.TABLE_TYPE)) && systemSchemaMatches(catalog, schemaPattern)) {
            for (SystemTable<?> table : systemTables.tables()) {
                if (matches(tablePattern, table.name())) {
                    tables.add(new DescribedTable(
                            new MetaImpl.MetaTable(
                                    SystemTables.CATALOG, SystemTables.SCHEMA, table.name(), SystemTables.TABLE_TYPE),
                            table.columns()));
                }
            }
        }
        return tables;
    }

    private boolean systemSchemaMatches(String catalog, String schemaPattern) {
        return !systemTables.isEmpty()
                && (catalog == null || catalog.equals(SystemTables.CATALOG))
                && matches(schemaPattern, SystemTables.SCHEMA);
    }

    private static MetaImpl.MetaColumn column(MetaImpl.MetaTable table, String name, DataType type, int ordinal) {
        boolean varchar = type.kind() == TypeKind.VARCHAR;
        return new MetaImpl.MetaColumn(
                table.tableCat,
                table.tableSchem,
                table.tableName,
                name,
                JdbcTypes.sqlType(type),
                JdbcTypes.typeName(type),
                JdbcTypes.precision(type),
                type.isNumeric() ? type.scale() : null,
                type.isNumeric() ? 10 : null,
                DatabaseMetaData.columnNullable,
                varchar ? Integer.MAX_VALUE : null,
                ordinal,
                "YES");
    }

    List<MetaImpl.MetaTypeInfo> typeInfo() {
        List<MetaImpl.MetaTypeInfo> types = new ArrayList<>();
        for (DataType type : List.of(
                DataType.BOOLEAN,
                DataType.INTEGER,
                DataType.BIGINT,
                DataType.DOUBLE,
                DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0),
                DataType.DATE,
                DataType.VARCHAR)) {
            boolean decimal = type.kind() == TypeKind.DECIMAL;
            types.add(new MetaImpl.MetaTypeInfo(
                    JdbcTypes.typeName(type),
                    JdbcTypes.sqlType(type),
                    JdbcTypes.precision(type),
                    type.kind() == TypeKind.VARCHAR ? "'" : type.kind() == TypeKind.DATE ? "DATE '" : null,
                    type.kind() == TypeKind.VARCHAR || type.kind() == TypeKind.DATE ? "'" : null,
                    (short) DatabaseMetaData.typeNullable,
                    type.kind() == TypeKind.VARCHAR,
                    (short) DatabaseMetaData.typeSearchable,
                    !type.isNumeric(),
                    false,
                    false,
                    (short) 0,
                    (short) (decimal ? DataType.MAX_DECIMAL_PRECISION : 0),
                    type.isNumeric() ? 10 : null));
        }
        return types;
    }

    private List<Connector> matchingCatalogs(String catalog) {
        return connectors.all().stream()
                .filter(c -> catalog == null || catalog.equals(c.name()))
                .toList();
    }

    /** JDBC pattern match: {@code %} any run, {@code _} one character, {@code \} escapes; null matches all. */
    static boolean matches(String pattern, String name) {
        if (pattern == null || pattern.equals("%")) {
            return true;
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return name.matches(regex.toString());
    }
}
