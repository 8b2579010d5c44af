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
            case TIMESTAMP -> Types.TIMESTAMP;
            case TIME -> Types.TIME;
            case VARCHAR -> Types.VARCHAR;
            case VARBINARY -> Types.VARBINARY;
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
            case DATE, TIME -> ColumnMetaData.Rep.PRIMITIVE_INT;
            case TIMESTAMP -> ColumnMetaData.Rep.PRIMITIVE_LONG;
            case VARCHAR -> ColumnMetaData.Rep.STRING;
            case VARBINARY -> ColumnMetaData.Rep.BYTE_STRING;
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
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case TIME -> java.sql.Time.class.getName();
            case VARCHAR -> String.class.getName();
            case VARBINARY -> byte[].class.getName();
            case NULL -> Object.class.getName();
        };
    }

    /** Precision as JDBC reports it: digits for numbers, characters for text, dates and times, bytes for binaries. */
    static int precision(DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> 1;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case DOUBLE -> 15;
            case DECIMAL -> type.precision();
            case DATE -> 10;
            case TIMESTAMP -> 26;
            case TIME -> 15;
            case VARCHAR, VARBINARY -> Integer.MAX_VALUE;
            case NULL -> 0;
        };
    }

    /** Digits after the point: a DECIMAL's scale, the microseconds of TIMESTAMP and TIME. */
    static int scale(DataType type) {
        return switch (type.kind()) {
            case TIMESTAMP, TIME -> DataType.TIME_PRECISION;
            default -> type.scale();
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
            case TIMESTAMP -> 26;
            case TIME -> 15;
            case VARCHAR, VARBINARY -> 65_536;
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
                scale(type),
                table,
                catalog,
                avaticaType,
                true,
                false,
                false,
                className(type));
    }
}
