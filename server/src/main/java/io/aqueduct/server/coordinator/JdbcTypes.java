package io.aqueduct.server.coordinator;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * How each engine type looks to JDBC: type code, name, Avatica representation, Java class, and the
 * sizes {@code getColumns}, {@code information_schema.columns} and {@code getTypeInfo} report. The
 * switches over {@link TypeKind} are exhaustive, so a new engine type must be described here, and then
 * appears in {@code getTypeInfo} by itself.
 */
public final class JdbcTypes {
    /** Digits of fractional seconds a TIME value keeps on the wire: Avatica carries milliseconds. */
    private static final int TIME_WIRE_FRACTION_DIGITS = 3;

    private JdbcTypes() {}

    /**
     * The widest type of each kind the engine runs, in {@code getTypeInfo}'s order (by JDBC type
     * code); the {@code NULL} literal's type is not one a column can have.
     */
    static List<DataType> supportedTypes() {
        List<DataType> types = new ArrayList<>();
        for (TypeKind kind : TypeKind.values()) {
            widest(kind).ifPresent(types::add);
        }
        types.sort(Comparator.comparingInt(JdbcTypes::sqlType));
        return types;
    }

    private static Optional<DataType> widest(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN -> Optional.of(DataType.BOOLEAN);
            case INTEGER -> Optional.of(DataType.INTEGER);
            case BIGINT -> Optional.of(DataType.BIGINT);
            case DOUBLE -> Optional.of(DataType.DOUBLE);
            case DECIMAL -> Optional.of(DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0));
            case DATE -> Optional.of(DataType.DATE);
            case TIMESTAMP -> Optional.of(DataType.TIMESTAMP);
            case TIME -> Optional.of(DataType.TIME);
            case VARCHAR -> Optional.of(DataType.VARCHAR);
            case VARBINARY -> Optional.of(DataType.VARBINARY);
            case NULL -> Optional.empty();
        };
    }

    /** The text before a literal of the type, as the engine parses it; null when literals are bare. */
    static String literalPrefix(DataType type) {
        return switch (type.kind()) {
            case VARCHAR -> "'";
            case DATE -> "DATE '";
            case TIMESTAMP -> "TIMESTAMP '";
            case TIME -> "TIME '";
            case VARBINARY -> "X'";
            case BOOLEAN, INTEGER, BIGINT, DOUBLE, DECIMAL, NULL -> null;
        };
    }

    static String literalSuffix(DataType type) {
        return literalPrefix(type) == null ? null : "'";
    }

    /** The parameters a type takes when named in SQL ({@code CAST(x AS DECIMAL(10, 2))}). */
    static String createParams(DataType type) {
        return switch (type.kind()) {
            case DECIMAL -> "precision,scale";
            case VARCHAR, VARBINARY -> "length";
            case TIMESTAMP, TIME -> "precision";
            case BOOLEAN, INTEGER, BIGINT, DOUBLE, DATE, NULL -> null;
        };
    }

    /** Digits after the point for exact numbers, of the seconds for times; null where it does not apply. */
    public static Integer decimalDigits(DataType type) {
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL -> type.scale();
            case TIMESTAMP, TIME -> DataType.TIME_PRECISION;
            case BOOLEAN, DOUBLE, DATE, VARCHAR, VARBINARY, NULL -> null;
        };
    }

    /** The radix of {@link #precision} for numbers; null for other types. */
    public static Integer radix(DataType type) {
        return type.isNumeric() ? 10 : null;
    }

    /** The maximum length in bytes of a character value; null for other types. */
    public static Integer charOctetLength(DataType type) {
        return type.kind() == TypeKind.VARCHAR ? Integer.MAX_VALUE : null;
    }

    public static int sqlType(DataType type) {
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

    public static String typeName(DataType type) {
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
    public static int precision(DataType type) {
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

    /**
     * The precision of a result column. Avatica reads it for TIME and TIMESTAMP as the digits of fractional seconds
     * that {@code getString} prints (the JDBC character length, 26, printed 26 of them): those the wire keeps.
     */
    private static int resultPrecision(DataType type, TimestampUnit timestampUnit) {
        return wireFractionDigits(type, timestampUnit).orElse(precision(type));
    }

    /** Digits after the point of a result column: a DECIMAL's scale, the fractional seconds TIME and TIMESTAMP keep. */
    private static int resultScale(DataType type, TimestampUnit timestampUnit) {
        return wireFractionDigits(type, timestampUnit).orElse(type.scale());
    }

    private static Optional<Integer> wireFractionDigits(DataType type, TimestampUnit timestampUnit) {
        return switch (type.kind()) {
            case TIMESTAMP -> Optional.of(timestampUnit.fractionDigits());
            case TIME -> Optional.of(TIME_WIRE_FRACTION_DIGITS);
            default -> Optional.empty();
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
            case TIMESTAMP -> 23;
            case TIME -> 12;
            case VARCHAR, VARBINARY -> 65_536;
            case NULL -> 4;
        };
    }

    /** A result column; its TIMESTAMP values travel in {@code timestampUnit}. */
    static ColumnMetaData column(
            int ordinal,
            String name,
            DataType type,
            boolean nullable,
            String catalog,
            String schema,
            String table,
            TimestampUnit timestampUnit) {
        ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(sqlType(type), typeName(type), rep(type));
        return new ColumnMetaData(
                ordinal,
                false,
                type.kind() == TypeKind.VARCHAR,
                true,
                false,
                nullable ? java.sql.ResultSetMetaData.columnNullable : java.sql.ResultSetMetaData.columnNoNulls,
                type.isNumeric(),
                displaySize(type),
                name,
                name,
                schema,
                resultPrecision(type, timestampUnit),
                resultScale(type, timestampUnit),
                table,
                catalog,
                avaticaType,
                true,
                false,
                false,
                className(type));
    }
}
