package io.aqueduct.server.coordinator;

import io.aqueduct.core.type.DataType;
import java.sql.Types;
import org.apache.calcite.avatica.ColumnMetaData;

/** How each engine type looks to JDBC: type code, name, Avatica representation and Java class. */
final class JdbcTypes {
    private JdbcTypes() {}

    static int sqlType(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> Types.BOOLEAN;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case DATE -> Types.DATE;
            case VARCHAR -> Types.VARCHAR;
            case NULL -> Types.NULL;
        };
    }

    static String typeName(DataType type) {
        return switch (type.kind()) {
            case DECIMAL -> "DECIMAL";
            case NULL -> "NULL";
            default -> type.kind().name();
        };
    }

    /** The representation rows travel in, as Avatica's own JDBC bridge uses for each type. */
    static ColumnMetaData.Rep rep(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> ColumnMetaData.Rep.BOOLEAN;
            case INTEGER -> ColumnMetaData.Rep.INTEGER;
            case BIGINT -> ColumnMetaData.Rep.LONG;
            case DOUBLE -> ColumnMetaData.Rep.DOUBLE;
            case DECIMAL -> ColumnMetaData.Rep.NUMBER;
            case DATE -> ColumnMetaData.Rep.PRIMITIVE_INT;
            case VARCHAR -> ColumnMetaData.Rep.STRING;
            case NULL -> ColumnMetaData.Rep.OBJECT;
        };
    }

    static String className(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> Boolean.class.getName();
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DOUBLE -> Double.class.getName();
            case DECIMAL -> java.math.BigDecimal.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case VARCHAR -> String.class.getName();
            case NULL -> Object.class.getName();
        };
    }

    /** Precision as JDBC reports it: digits for numbers, characters for text and dates. */
    static int precision(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> 1;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case DOUBLE -> 15;
            case DECIMAL -> type.precision();
            case DATE -> 10;
            case VARCHAR -> Integer.MAX_VALUE;
            case NULL -> 0;
        };
    }

    static int displaySize(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> 5;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DOUBLE -> 24;
            case DECIMAL -> type.precision() + 2;
            case DATE -> 10;
            case VARCHAR -> 65_536;
            case NULL -> 4;
        };
    }

    static ColumnMetaData column(int ordinal, String name, DataType type, String catalog, String schema, String table) {
        ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(sqlType(type), typeName(type), rep(type));
        return new ColumnMetaData(
                ordinal,
                false,
                type.kind() == io.aqueduct.core.type.TypeKind.VARCHAR,
                true,
                false,
                java.sql.ResultSetMetaData.columnNullable,
                type.isNumeric(),
                displaySize(type),
                name,
                name,
                schema,
                precision(type),
                type.scale(),
                table,
                catalog,
                avaticaType,
                true,
                false,
                false,
                className(type));
    }
}
