package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import io.aqueduct.server.system.TableListing;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.MetaImpl;

/**
 * The rows of JDBC's catalog, schema, table, column and type listings, filtered by JDBC patterns:
 * the connectors' tables (type {@code TABLE}) and the system tables (catalog {@code system}, schemas
 * {@code sys} and {@code information_schema}, type {@code SYSTEM TABLE}).
 */
final class CatalogMetadata {
    private final TableListing listing;
    private final boolean hasSystemTables;

    CatalogMetadata(ConnectorRegistry connectors, SystemTables<?> systemTables) {
        this.listing = new TableListing(connectors, () -> systemTables);
        this.hasSystemTables = !systemTables.isEmpty();
    }

    /** The table types {@link #tables} reports, in JDBC's order (by name). */
    List<MetaImpl.MetaTableType> tableTypes() {
        List<MetaImpl.MetaTableType> types = new ArrayList<>();
        if (hasSystemTables) {
            types.add(new MetaImpl.MetaTableType(SystemTables.TABLE_TYPE));
        }
        types.add(new MetaImpl.MetaTableType(TableListing.TABLE));
        return types;
    }

    /** JDBC orders catalogs by name. */
    List<MetaImpl.MetaCatalog> catalogs() {
        return listing.catalogs().stream()
                .sorted()
                .map(MetaImpl.MetaCatalog::new)
                .toList();
    }

    /** JDBC orders schemas by catalog, then name. */
    List<MetaImpl.MetaSchema> schemas(String catalog, String schemaPattern) {
        return matchingSchemas(catalog, schemaPattern).stream()
                .map(schema -> new MetaImpl.MetaSchema(schema.catalog(), schema.schema()))
                .sorted(Comparator.<MetaImpl.MetaSchema, String>comparing(schema -> schema.tableCatalog)
                        .thenComparing(schema -> schema.tableSchem))
                .toList();
    }

    List<MetaImpl.MetaTable> tables(String catalog, String schemaPattern, String tablePattern, List<String> types) {
        // JDBC orders tables by type, catalog, schema and name.
        return matchingTables(catalog, schemaPattern, tablePattern, types).stream()
                .map(table -> new MetaImpl.MetaTable(table.catalog(), table.schema(), table.name(), table.type()))
                .sorted(Comparator.<MetaImpl.MetaTable, String>comparing(table -> table.tableType)
                        .thenComparing(table -> table.tableCat)
                        .thenComparing(table -> table.tableSchem)
                        .thenComparing(table -> table.tableName))
                .toList();
    }

    /** JDBC orders columns by catalog, schema, table and position. */
    List<MetaImpl.MetaColumn> columns(String catalog, String schemaPattern, String tablePattern, String columnPattern) {
        List<MetaImpl.MetaColumn> columns = new ArrayList<>();
        List<TableListing.Table> tables = new ArrayList<>(matchingTables(catalog, schemaPattern, tablePattern, null));
        tables.sort(Comparator.comparing(TableListing.Table::catalog)
                .thenComparing(TableListing.Table::schema)
                .thenComparing(TableListing.Table::name));
        for (TableListing.Table table : tables) {
            RowType type = table.columns();
            for (int i = 0; i < type.size(); i++) {
                String name = type.names().get(i);
                if (matches(columnPattern, name)) {
                    columns.add(column(table, name, type.type(i), i + 1, table.isNullable(i)));
                }
            }
        }
        return columns;
    }

    private List<TableListing.Schema> matchingSchemas(String catalog, String schemaPattern) {
        return listing.schemas().stream()
                .filter(schema -> catalog == null || catalog.equals(schema.catalog()))
                .filter(schema -> matches(schemaPattern, schema.schema()))
                .toList();
    }

    private List<TableListing.Table> matchingTables(
            String catalog, String schemaPattern, String tablePattern, List<String> types) {
        List<TableListing.Table> tables = new ArrayList<>();
        for (TableListing.Schema schema : matchingSchemas(catalog, schemaPattern)) {
            for (TableListing.Table table : listing.tables(schema)) {
                if (matches(tablePattern, table.name()) && (types == null || types.contains(table.type()))) {
                    tables.add(table);
                }
            }
        }
        return tables;
    }

    private static MetaImpl.MetaColumn column(
            TableListing.Table table, String name, DataType type, int ordinal, boolean nullable) {
        return new MetaImpl.MetaColumn(
                        table.catalog(),
                        table.schema(),
                        table.name(),
                        name,
                        JdbcTypes.sqlType(type),
                        JdbcTypes.typeName(type),
                        JdbcTypes.precision(type),
                        JdbcTypes.decimalDigits(type),
                        JdbcTypes.radix(type),
                        nullable ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
                        JdbcTypes.charOctetLength(type),
                        ordinal,
                        nullable ? "YES" : "NO")
                .withIsAutoincrement("NO")
                .withIsGeneratedcolumn("NO");
    }

    /** One row per type the engine runs, every column filled where the javadoc gives it a meaning. */
    List<TypeInfoRow> typeInfo() {
        List<TypeInfoRow> types = new ArrayList<>();
        for (DataType type : JdbcTypes.supportedTypes()) {
            boolean text = type.kind() == TypeKind.VARCHAR;
            types.add(new TypeInfoRow(
                    JdbcTypes.typeName(type),
                    JdbcTypes.sqlType(type),
                    JdbcTypes.precision(type),
                    JdbcTypes.literalPrefix(type),
                    JdbcTypes.literalSuffix(type),
                    JdbcTypes.createParams(type),
                    (short) DatabaseMetaData.typeNullable,
                    text,
                    (short) (text ? DatabaseMetaData.typeSearchable : DatabaseMetaData.typePredBasic),
                    false,
                    false,
                    false,
                    JdbcTypes.typeName(type),
                    (short) 0,
                    (short) (type.kind() == TypeKind.DECIMAL ? DataType.MAX_DECIMAL_PRECISION : 0),
                    JdbcTypes.sqlType(type),
                    0,
                    type.isNumeric() ? 10 : 0));
        }
        return types;
    }

    /**
     * A row of {@code getTypeInfo}, in the javadoc's column order ({@link MetadataResults} names each
     * column after its field). Avatica's own {@code MetaTypeInfo} leaves four columns null.
     */
    static final class TypeInfoRow {
        public final String typeName;
        public final int dataType;
        public final Integer precision;
        public final String literalPrefix;
        public final String literalSuffix;
        public final String createParams;
        public final short nullable;
        public final boolean caseSensitive;
        public final short searchable;
        public final boolean unsignedAttribute;
        public final boolean fixedPrecScale;
        public final boolean autoIncrement;
        public final String localTypeName;
        public final short minimumScale;
        public final short maximumScale;
        public final int sqlDataType;
        public final int sqlDatetimeSub;
        public final int numPrecRadix;

        TypeInfoRow(
                String typeName,
                int dataType,
                Integer precision,
                String literalPrefix,
                String literalSuffix,
                String createParams,
                short nullable,
                boolean caseSensitive,
                short searchable,
                boolean unsignedAttribute,
                boolean fixedPrecScale,
                boolean autoIncrement,
                String localTypeName,
                short minimumScale,
                short maximumScale,
                int sqlDataType,
                int sqlDatetimeSub,
                int numPrecRadix) {
            this.typeName = typeName;
            this.dataType = dataType;
            this.precision = precision;
            this.literalPrefix = literalPrefix;
            this.literalSuffix = literalSuffix;
            this.createParams = createParams;
            this.nullable = nullable;
            this.caseSensitive = caseSensitive;
            this.searchable = searchable;
            this.unsignedAttribute = unsignedAttribute;
            this.fixedPrecScale = fixedPrecScale;
            this.autoIncrement = autoIncrement;
            this.localTypeName = localTypeName;
            this.minimumScale = minimumScale;
            this.maximumScale = maximumScale;
            this.sqlDataType = sqlDataType;
            this.sqlDatetimeSub = sqlDatetimeSub;
            this.numPrecRadix = numPrecRadix;
        }
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
