package io.aqueduct.server.coordinator;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Common.Rep;
import org.apache.calcite.avatica.proto.Common.TypedValue;

/**
 * Writes the values of one Arrow column as Avatica's protobuf values, chosen once per column and batch
 * rather than per value: no boxed value, no {@link String} for text (its UTF-8 bytes go to the wire as
 * they are) and no {@link BigDecimal} for the usual decimal scales. The values are the ones Avatica's
 * own serialization writes for the Java objects its clients expect: DATE as epoch days and TIME as
 * milliseconds of the day (INTEGER), TIMESTAMP as the milliseconds of its wall-clock value read as UTC
 * (LONG), DECIMAL as its plain string (BIG_DECIMAL), VARBINARY as bytes. Avatica carries milliseconds:
 * the engine's microseconds are truncated here.
 */
@FunctionalInterface
interface ColumnEncoder {
    TypedValue NULL = TypedValue.newBuilder().setType(Rep.NULL).setNull(true).build();
    TypedValue TRUE =
            TypedValue.newBuilder().setType(Rep.BOOLEAN).setBoolValue(true).build();
    TypedValue FALSE =
            TypedValue.newBuilder().setType(Rep.BOOLEAN).setBoolValue(false).build();

    /** The value at {@code row}, {@link #NULL} for a null. */
    TypedValue encode(int row);

    /** The encoder of {@code vector}, a column of type {@code type}. */
    static ColumnEncoder of(FieldVector vector, DataType type) {
        return switch (type.kind()) {
            case BOOLEAN -> {
                BitVector bits = (BitVector) vector;
                yield row -> bits.isNull(row) ? NULL : bits.get(row) == 1 ? TRUE : FALSE;
            }
            case INTEGER -> {
                IntVector ints = (IntVector) vector;
                yield row -> ints.isNull(row) ? NULL : number(Rep.INTEGER, ints.get(row));
            }
            case DATE -> {
                DateDayVector days = (DateDayVector) vector;
                yield row -> days.isNull(row) ? NULL : number(Rep.INTEGER, days.get(row));
            }
            case TIME -> {
                TimeMicroVector micros = (TimeMicroVector) vector;
                yield row -> micros.isNull(row)
                        ? NULL
                        : number(Rep.INTEGER, (int) (micros.get(row) / DateTimes.MICROS_PER_MILLI));
            }
            case BIGINT -> {
                BigIntVector longs = (BigIntVector) vector;
                yield row -> longs.isNull(row) ? NULL : number(Rep.LONG, longs.get(row));
            }
            case TIMESTAMP -> {
                TimeStampMicroVector micros = (TimeStampMicroVector) vector;
                yield row -> micros.isNull(row)
                        ? NULL
                        : number(Rep.LONG, Math.floorDiv(micros.get(row), DateTimes.MICROS_PER_MILLI));
            }
            case DOUBLE -> {
                Float8Vector doubles = (Float8Vector) vector;
                yield row -> doubles.isNull(row)
                        ? NULL
                        : TypedValue.newBuilder()
                                .setType(Rep.DOUBLE)
                                .setDoubleValue(doubles.get(row))
                                .build();
            }
            case DECIMAL -> {
                BigIntVector unscaled = (BigIntVector) vector;
                DecimalText text = new DecimalText(type.scale());
                yield row -> unscaled.isNull(row)
                        ? NULL
                        : TypedValue.newBuilder()
                                .setType(Rep.BIG_DECIMAL)
                                .setStringValueBytes(text.of(unscaled.get(row)))
                                .build();
            }
            case VARCHAR -> {
                VarCharVector strings = (VarCharVector) vector;
                yield row -> strings.isNull(row)
                        ? NULL
                        : TypedValue.newBuilder()
                                .setType(Rep.STRING)
                                .setStringValueBytes(UnsafeByteOperations.unsafeWrap(strings.get(row)))
                                .build();
            }
            case VARBINARY -> {
                VarBinaryVector bytes = (VarBinaryVector) vector;
                yield row -> bytes.isNull(row)
                        ? NULL
                        : TypedValue.newBuilder()
                                .setType(Rep.BYTE_STRING)
                                .setBytesValue(UnsafeByteOperations.unsafeWrap(bytes.get(row)))
                                .build();
            }
            case NULL -> row -> NULL;
        };
    }

    private static TypedValue number(Rep rep, long value) {
        return TypedValue.newBuilder().setType(rep).setNumberValue(value).build();
    }

    /**
     * The scaled long of a DECIMAL as {@link BigDecimal#toString()} writes it, in ASCII. For scales from
     * 0 to 6 that is always plain notation, written here digit by digit; other scales go through
     * {@link BigDecimal}.
     */
    final class DecimalText {
        private static final int MAX_PLAIN_SCALE = 6;
        private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

        private final int scale;
        /** Sign, 19 digits, the point and up to 6 more leading zeros. */
        private final byte[] digits = new byte[28];

        DecimalText(int scale) {
            this.scale = scale;
        }

        ByteString of(long unscaled) {
            if (scale < 0 || scale > MAX_PLAIN_SCALE || unscaled == Long.MIN_VALUE) {
                return ByteString.copyFrom(BigDecimal.valueOf(unscaled, scale).toString(), StandardCharsets.US_ASCII);
            }
            long magnitude = Math.abs(unscaled);
            int end = digits.length;
            int position = end;
            if (scale > 0) {
                long fraction = magnitude % POWERS_OF_TEN[scale];
                for (int i = 0; i < scale; i++) {
                    digits[--position] = (byte) ('0' + fraction % 10);
                    fraction /= 10;
                }
                digits[--position] = '.';
                magnitude /= POWERS_OF_TEN[scale];
            }
            do {
                digits[--position] = (byte) ('0' + magnitude % 10);
                magnitude /= 10;
            } while (magnitude > 0);
            if (unscaled < 0) {
                digits[--position] = '-';
            }
            return ByteString.copyFrom(digits, position, end - position);
        }
    }

    /** A row of encoded values as Avatica's frame holds it (scalar values only, see {@link EncodedBatch}). */
    static Common.Row row(ColumnEncoder[] columns, int row) {
        Common.Row.Builder builder = Common.Row.newBuilder();
        for (ColumnEncoder column : columns) {
            builder.addValue(Common.ColumnValue.newBuilder().setScalarValue(column.encode(row)));
        }
        return builder.build();
    }
}
