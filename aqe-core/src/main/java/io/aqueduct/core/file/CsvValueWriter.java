package io.aqueduct.core.file;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Parses one CSV field as its column's type into one slot of an Arrow vector; throws
 * {@link IllegalArgumentException} (or a subclass) when the text is not a value of the type. Fixed-width
 * vectors must have capacity for the index.
 */
@FunctionalInterface
interface CsvValueWriter {
    void write(String text, int index);

    static CsvValueWriter create(DataType type, FieldVector vector) {
        return switch (type.kind()) {
            case BOOLEAN -> {
                BitVector bits = (BitVector) vector;
                yield (text, index) -> bits.set(index, parseBoolean(text) ? 1 : 0);
            }
            case INTEGER -> {
                IntVector ints = (IntVector) vector;
                yield (text, index) -> ints.set(index, Integer.parseInt(text.trim()));
            }
            case BIGINT -> {
                BigIntVector longs = (BigIntVector) vector;
                yield (text, index) -> longs.set(index, Long.parseLong(text.trim()));
            }
            case DECIMAL -> {
                BigIntVector longs = (BigIntVector) vector;
                int scale = type.scale();
                long limit = BigDecimal.TEN.pow(type.precision()).longValueExact();
                yield (text, index) -> longs.set(index, unscaled(text, scale, limit));
            }
            case DOUBLE -> {
                Float8Vector doubles = (Float8Vector) vector;
                yield (text, index) -> doubles.set(index, Double.parseDouble(text));
            }
            case DATE -> {
                DateDayVector dates = (DateDayVector) vector;
                yield (text, index) -> dates.set(index, Math.toIntExact(DateTimes.parseDate(text.trim())));
            }
            case VARCHAR -> {
                VarCharVector strings = (VarCharVector) vector;
                yield (text, index) -> strings.setSafe(index, text.getBytes(UTF_8));
            }
            case TIMESTAMP -> {
                TimeStampMicroVector timestamps = (TimeStampMicroVector) vector;
                yield (text, index) -> timestamps.set(index, DateTimes.parseTimestamp(text.trim()));
            }
            case TIME -> {
                TimeMicroVector times = (TimeMicroVector) vector;
                yield (text, index) -> times.set(index, DateTimes.parseTime(text.trim()));
            }
            case VARBINARY -> {
                VarBinaryVector bytes = (VarBinaryVector) vector;
                yield (text, index) -> bytes.setSafe(index, text.getBytes(UTF_8));
            }
            case NULL -> throw new IllegalArgumentException("No CSV column has type NULL");
        };
    }

    private static boolean parseBoolean(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("not a boolean");
        };
    }

    /** The unscaled value at {@code scale}; more fractional digits than the scale are an error, not rounded. */
    private static long unscaled(String text, int scale, long limit) {
        long unscaled = new BigDecimal(text.trim())
                .setScale(scale, RoundingMode.UNNECESSARY)
                .unscaledValue()
                .longValueExact();
        if (unscaled <= -limit || unscaled >= limit) {
            throw new ArithmeticException("too many digits");
        }
        return unscaled;
    }
}
