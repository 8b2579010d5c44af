package io.aqueduct.jdbc;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * The columns of each {@code DatabaseMetaData} result set the driver answers itself, named, ordered
 * and typed as the JDBC 4.3 javadoc of the method lists them. (Avatica computes these on the client
 * from its own row classes, with names such as {@code DEFERABILITY} that differ from the
 * specification's.) The six calls that reach the server (catalogs, schemas, tables, table types,
 * type info, columns) come with the server's layouts.
 */
enum MetadataLayout {
    PROCEDURES(
            "PROCEDURE_CAT",
            "PROCEDURE_SCHEM",
            "PROCEDURE_NAME",
            "RESERVED1",
            "RESERVED2",
            "RESERVED3",
            "REMARKS",
            "PROCEDURE_TYPE:short",
            "SPECIFIC_NAME"),
    PROCEDURE_COLUMNS(
            "PROCEDURE_CAT",
            "PROCEDURE_SCHEM",
            "PROCEDURE_NAME",
            "COLUMN_NAME",
            "COLUMN_TYPE:short",
            "DATA_TYPE:int",
            "TYPE_NAME",
            "PRECISION:int",
            "LENGTH:int",
            "SCALE:short",
            "RADIX:short",
            "NULLABLE:short",
            "REMARKS",
            "COLUMN_DEF",
            "SQL_DATA_TYPE:int",
            "SQL_DATETIME_SUB:int",
            "CHAR_OCTET_LENGTH:int",
            "ORDINAL_POSITION:int",
            "IS_NULLABLE",
            "SPECIFIC_NAME"),
    TABLE_PRIVILEGES("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE"),
    COLUMN_PRIVILEGES(
            "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE", "IS_GRANTABLE"),
    BEST_ROW_IDENTIFIER(
            "SCOPE:short",
            "COLUMN_NAME",
            "DATA_TYPE:int",
            "TYPE_NAME",
            "COLUMN_SIZE:int",
            "BUFFER_LENGTH:int",
            "DECIMAL_DIGITS:short",
            "PSEUDO_COLUMN:short"),
    VERSION_COLUMNS(
            "SCOPE:short",
            "COLUMN_NAME",
            "DATA_TYPE:int",
            "TYPE_NAME",
            "COLUMN_SIZE:int",
            "BUFFER_LENGTH:int",
            "DECIMAL_DIGITS:short",
            "PSEUDO_COLUMN:short"),
    PRIMARY_KEYS("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ:short", "PK_NAME"),
    /** Also {@code getExportedKeys} and {@code getCrossReference}. */
    IMPORTED_KEYS(
            "PKTABLE_CAT",
            "PKTABLE_SCHEM",
            "PKTABLE_NAME",
            "PKCOLUMN_NAME",
            "FKTABLE_CAT",
            "FKTABLE_SCHEM",
            "FKTABLE_NAME",
            "FKCOLUMN_NAME",
            "KEY_SEQ:short",
            "UPDATE_RULE:short",
            "DELETE_RULE:short",
            "FK_NAME",
            "PK_NAME",
            "DEFERRABILITY:short"),
    INDEX_INFO(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "NON_UNIQUE:boolean",
            "INDEX_QUALIFIER",
            "INDEX_NAME",
            "TYPE:short",
            "ORDINAL_POSITION:short",
            "COLUMN_NAME",
            "ASC_OR_DESC",
            "CARDINALITY:long",
            "PAGES:long",
            "FILTER_CONDITION"),
    UDTS("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:int", "REMARKS", "BASE_TYPE:short"),
    SUPER_TYPES("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM", "SUPERTYPE_NAME"),
    SUPER_TABLES("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME"),
    ATTRIBUTES(
            "TYPE_CAT",
            "TYPE_SCHEM",
            "TYPE_NAME",
            "ATTR_NAME",
            "DATA_TYPE:int",
            "ATTR_TYPE_NAME",
            "ATTR_SIZE:int",
            "DECIMAL_DIGITS:int",
            "NUM_PREC_RADIX:int",
            "NULLABLE:int",
            "REMARKS",
            "ATTR_DEF",
            "SQL_DATA_TYPE:int",
            "SQL_DATETIME_SUB:int",
            "CHAR_OCTET_LENGTH:int",
            "ORDINAL_POSITION:int",
            "IS_NULLABLE",
            "SCOPE_CATALOG",
            "SCOPE_SCHEMA",
            "SCOPE_TABLE",
            "SOURCE_DATA_TYPE:short"),
    CLIENT_INFO_PROPERTIES("NAME", "MAX_LEN:int", "DEFAULT_VALUE", "DESCRIPTION"),
    FUNCTIONS("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE:short", "SPECIFIC_NAME"),
    FUNCTION_COLUMNS(
            "FUNCTION_CAT",
            "FUNCTION_SCHEM",
            "FUNCTION_NAME",
            "COLUMN_NAME",
            "COLUMN_TYPE:short",
            "DATA_TYPE:int",
            "TYPE_NAME",
            "PRECISION:int",
            "LENGTH:int",
            "SCALE:short",
            "RADIX:short",
            "NULLABLE:short",
            "REMARKS",
            "CHAR_OCTET_LENGTH:int",
            "ORDINAL_POSITION:int",
            "IS_NULLABLE",
            "SPECIFIC_NAME"),
    PSEUDO_COLUMNS(
            "TABLE_CAT",
            "TABLE_SCHEM",
            "TABLE_NAME",
            "COLUMN_NAME",
            "DATA_TYPE:int",
            "COLUMN_SIZE:int",
            "DECIMAL_DIGITS:int",
            "NUM_PREC_RADIX:int",
            "COLUMN_USAGE",
            "REMARKS",
            "CHAR_OCTET_LENGTH:int",
            "IS_NULLABLE");

    /** What a tool may size a grid column by; the values are names and small numbers. */
    private static final int DISPLAY_SIZE = 128;

    private final List<ColumnMetaData> columns;

    /** Each column is {@code NAME} (a VARCHAR) or {@code NAME:type}. */
    MetadataLayout(String... columns) {
        List<ColumnMetaData> metadata = new ArrayList<>();
        for (String column : columns) {
            String[] parts = column.split(":");
            metadata.add(column(metadata.size(), parts[0], parts.length == 1 ? "varchar" : parts[1]));
        }
        this.columns = List.copyOf(metadata);
    }

    List<ColumnMetaData> columns() {
        return columns;
    }

    private static ColumnMetaData column(int ordinal, String name, String type) {
        ColumnMetaData.AvaticaType avaticaType =
                switch (type) {
                    case "varchar" -> ColumnMetaData.scalar(Types.VARCHAR, "VARCHAR", ColumnMetaData.Rep.STRING);
                    case "int" -> ColumnMetaData.scalar(Types.INTEGER, "INTEGER", ColumnMetaData.Rep.INTEGER);
                    case "short" -> ColumnMetaData.scalar(Types.SMALLINT, "SMALLINT", ColumnMetaData.Rep.SHORT);
                    case "long" -> ColumnMetaData.scalar(Types.BIGINT, "BIGINT", ColumnMetaData.Rep.LONG);
                    case "boolean" -> ColumnMetaData.scalar(Types.BOOLEAN, "BOOLEAN", ColumnMetaData.Rep.BOOLEAN);
                    default -> throw new IllegalArgumentException("Unknown column type " + type);
                };
        return new ColumnMetaData(
                ordinal,
                false,
                true,
                false,
                false,
                java.sql.ResultSetMetaData.columnNullable,
                false,
                DISPLAY_SIZE,
                name,
                name,
                null,
                0,
                0,
                null,
                null,
                avaticaType,
                true,
                false,
                false,
                avaticaType.columnClassName());
    }
}
