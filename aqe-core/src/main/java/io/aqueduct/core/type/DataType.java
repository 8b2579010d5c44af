package io.aqueduct.core.type;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A column type as the engine sees it. DECIMAL values travel as scaled longs in an Arrow Int64 vector
 * whose field metadata carries precision and scale, so that every operator can recover the type from
 * an Arrow schema alone.
 *
 * <p>A connector produces a column of a type by creating the vector of {@link #toField} (for example a
 * {@code TimeStampMicroVector} for TIMESTAMP, holding microseconds since the epoch of the wall-clock
 * value, a {@code BitVector} for BOOLEAN, a {@code Float8Vector} for DOUBLE); {@link #fromField} also
 * accepts plain Arrow fields without the engine's metadata, with time units other than microseconds
 * rejected.
 */
public record DataType(TypeKind kind, int precision, int scale) {
    public static final int MAX_DECIMAL_PRECISION = 18;
    /** Digits of fractional seconds TIMESTAMP and TIME keep: microseconds. */
    public static final int TIME_PRECISION = 6;

    private static final String METADATA_KIND = "aqueduct.type";
    private static final String METADATA_PRECISION = "aqueduct.precision";
    private static final String METADATA_SCALE = "aqueduct.scale";

    public static final DataType BOOLEAN = new DataType(TypeKind.BOOLEAN, 0, 0);
    public static final DataType INTEGER = new DataType(TypeKind.INTEGER, 0, 0);
    public static final DataType BIGINT = new DataType(TypeKind.BIGINT, 0, 0);
    public static final DataType DOUBLE = new DataType(TypeKind.DOUBLE, 0, 0);
    public static final DataType DATE = new DataType(TypeKind.DATE, 0, 0);
    public static final DataType TIMESTAMP = new DataType(TypeKind.TIMESTAMP, 0, 0);
    public static final DataType TIME = new DataType(TypeKind.TIME, 0, 0);
    public static final DataType VARCHAR = new DataType(TypeKind.VARCHAR, 0, 0);
    public static final DataType VARBINARY = new DataType(TypeKind.VARBINARY, 0, 0);
    public static final DataType NULL = new DataType(TypeKind.NULL, 0, 0);

    @JsonCreator
    public DataType(
            @JsonProperty("kind") TypeKind kind,
            @JsonProperty("precision") int precision,
            @JsonProperty("scale") int scale) {
        this.kind = requireNonNull(kind, "kind is null");
        this.precision = precision;
        this.scale = scale;
        if (kind == TypeKind.DECIMAL) {
            checkArgument(
                    precision > 0 && precision <= MAX_DECIMAL_PRECISION,
                    "decimal precision must be in 1..%s: %s",
                    MAX_DECIMAL_PRECISION,
                    precision);
            checkArgument(scale >= 0 && scale <= precision, "decimal scale must be in 0..%s: %s", precision, scale);
        }
    }

    public static DataType decimal(int precision, int scale) {
        return new DataType(TypeKind.DECIMAL, precision, scale);
    }

    public boolean isNumeric() {
        return kind == TypeKind.INTEGER
                || kind == TypeKind.BIGINT
                || kind == TypeKind.DOUBLE
                || kind == TypeKind.DECIMAL;
    }

    /** Arrow type of the vectors holding values of this type. */
    public ArrowType arrowType() {
        return switch (kind) {
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case INTEGER -> new ArrowType.Int(32, true);
            case BIGINT, DECIMAL -> new ArrowType.Int(64, true);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
            case VARCHAR -> ArrowType.Utf8.INSTANCE;
            case VARBINARY -> ArrowType.Binary.INSTANCE;
            case NULL -> ArrowType.Null.INSTANCE;
        };
    }

    public Field toField(String name) {
        Map<String, String> metadata = Map.of(
                METADATA_KIND, kind.name(),
                METADATA_PRECISION, Integer.toString(precision),
                METADATA_SCALE, Integer.toString(scale));
        return new Field(name, new FieldType(true, arrowType(), null, metadata), null);
    }

    /** Recovers the engine type of an Arrow field written by {@link #toField}. */
    public static DataType fromField(Field field) {
        Map<String, String> metadata = field.getMetadata();
        String kind = metadata == null ? null : metadata.get(METADATA_KIND);
        if (kind != null) {
            return new DataType(
                    TypeKind.valueOf(kind),
                    Integer.parseInt(metadata.get(METADATA_PRECISION)),
                    Integer.parseInt(metadata.get(METADATA_SCALE)));
        }
        ArrowType type = field.getType();
        return switch (type.getTypeID()) {
            case Bool -> BOOLEAN;
            case Int -> ((ArrowType.Int) type).getBitWidth() == 64 ? BIGINT : INTEGER;
            case FloatingPoint -> DOUBLE;
            case Date -> DATE;
            case Timestamp -> inMicroseconds(((ArrowType.Timestamp) type).getUnit(), TIMESTAMP, type);
            case Time -> inMicroseconds(((ArrowType.Time) type).getUnit(), TIME, type);
            case Utf8 -> VARCHAR;
            case Binary -> VARBINARY;
            case Null -> NULL;
            default -> throw new IllegalArgumentException("Unsupported Arrow type: " + type);
        };
    }

    private static DataType inMicroseconds(TimeUnit unit, DataType type, ArrowType arrowType) {
        if (unit != TimeUnit.MICROSECOND) {
            throw new IllegalArgumentException(
                    "Unsupported Arrow type: " + arrowType + " (the engine's unit is MICROSECOND)");
        }
        return type;
    }

    @Override
    public String toString() {
        return kind == TypeKind.DECIMAL ? "DECIMAL(" + precision + "," + scale + ")" : kind.name();
    }
}
