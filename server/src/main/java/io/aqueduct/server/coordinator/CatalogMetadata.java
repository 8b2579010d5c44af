package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.MetaImpl;

/** The rows of JDBC's catalog, schema, table, column and type listings, filtered by JDBC patterns. */
final class CatalogMetadata {
    private final ConnectorRegistry connectors;

    CatalogMetadata(ConnectorRegistry connectors) {
        this.connectors = connectors;
    }

    List<MetaImpl.MetaCatalog> catalogs() {
        return connectors.all().stream()
                .map(c -> new MetaImpl.MetaCatalog(c.name()))
                .toList();
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
        return schemas;
    }

    List<MetaImpl.MetaTable> tables(String catalog, String schemaPattern, String tablePattern, List<String> types) {
        List<MetaImpl.MetaTable> tables = new ArrayList<>();
        if (types != null && !types.contains("TABLE")) {
            return tables;
        }
        for (MetaImpl.MetaSchema schema : schemas(catalog, schemaPattern)) {
            for (TableDefinition table :
                    connectors.connector(schema.tableCatalog).tables(schema.tableSchem)) {
                if (matches(tablePattern, table.name())) {
                    tables.add(new MetaImpl.MetaTable(schema.tableCatalog, schema.tableSchem, table.name(), "TABLE"));
                }
            }
        }
        return tables;
    }

    List<MetaImpl.MetaColumn> columns(String catalog, String schemaPattern, String tablePattern, String columnPattern) {
        List<MetaImpl.MetaColumn> columns = new ArrayList<>();
        for (MetaImpl.MetaTable table : tables(catalog, schemaPattern, tablePattern, null)) {
            TableDefinition definition = connectors
                    .connector(table.tableCat)
                    .table(table.tableSchem, table.tableName)
                    .orElseThrow();
            for (int i = 0; i < definition.columns().size(); i++) {
                String name = definition.columns().names().get(i);
                if (matches(columnPattern, name)) {
                    columns.add(column(table, name, definition.columns().type(i), i + 1));
                }
            }
        }
        return columns;
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
