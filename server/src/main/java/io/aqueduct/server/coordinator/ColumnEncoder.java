package io.aqueduct.server.coordinator;

import static com.google.protobuf.CodedOutputStream.computeSInt64SizeNoTag;
import static com.google.protobuf.CodedOutputStream.computeUInt32SizeNoTag;

import com.google.protobuf.CodedOutputStream;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.calcite.avatica.proto.Common.Rep;
import org.apache.calcite.avatica.proto.Common.TypedValue;

/**
 * Writes the values of one Arrow column as the bytes of Avatica's protobuf {@code TypedValue}s with
 * protobuf's {@link CodedOutputStream}, chosen once per column and batch rather than per value: no
 * message object, no boxed value, no {@link String} for text (its UTF-8 bytes go to the wire as they
 * are) and no {@link BigDecimal} for the usual decimal scales. The bytes are the ones the generated
 * {@code TypedValue} writes for the value Avatica's own serialization gives the Java object its
 * clients expect: DATE as epoch days and TIME as milliseconds of the day (INTEGER), TIMESTAMP as the
 * milliseconds of its wall-clock value read as UTC (LONG), DECIMAL as its plain string (BIG_DECIMAL),
 * VARBINARY as bytes. Avatica carries milliseconds: the engine's microseconds are truncated here, except a
 * TIMESTAMP's for a connection that reads microseconds ({@link TimestampUnit}).
 *
 * <p>A value is sized first ({@link #prepare}, which a message's length prefix needs), then written.
 */
abstract class ColumnEncoder {
    /** A tag or an enum value below 128 takes one byte. */
    private static final int SMALL_VARINT = 1;
    /** The type field and the null flag. */
    private static final int NULL_SIZE = 4;

    private final FieldVector vector;
    private boolean isNull;

    ColumnEncoder(FieldVector vector) {
        this.vector = vector;
    }

    /** The encoder of {@code vector}, a column of type {@code type}, TIMESTAMP values in {@code timestampUnit}. */
    static ColumnEncoder of(FieldVector vector, DataType type, TimestampUnit timestampUnit) {
        return switch (type.kind()) {
            case BOOLEAN -> new Booleans((BitVector) vector);
            case INTEGER -> new Numbers(vector, Rep.INTEGER, ((IntVector) vector)::get);
            case DATE -> new Numbers(vector, Rep.INTEGER, ((DateDayVector) vector)::get);
            case TIME -> {
                TimeMicroVector micros = (TimeMicroVector) vector;
                yield new Numbers(vector, Rep.INTEGER, row -> micros.get(row) / DateTimes.MICROS_PER_MILLI);
            }
            case BIGINT -> new Numbers(vector, Rep.LONG, ((BigIntVector) vector)::get);
            case TIMESTAMP -> {
                TimeStampMicroVector micros = (TimeStampMicroVector) vector;
                yield new Numbers(vector, Rep.LONG, row -> timestampUnit.wireValue(micros.get(row)));
            }
            case DOUBLE -> new Doubles((Float8Vector) vector);
            case DECIMAL -> new Decimals((BigIntVector) vector, type.scale());
            case VARCHAR ->
                new Bytes((BaseVariableWidthVector) vector, Rep.STRING, TypedValue.STRING_VALUE_FIELD_NUMBER);
            case VARBINARY ->
                new Bytes((BaseVariableWidthVector) vector, Rep.BYTE_STRING, TypedValue.BYTES_VALUE_FIELD_NUMBER);
            case NULL -> new Nulls(vector);
        };
    }

    /** The size of the value at {@code row}, which the next {@link #write} writes. */
    final int prepare(int row) {
        isNull = vector.isNull(row);
        return isNull ? NULL_SIZE : prepareValue(row);
    }

    /** Writes the value {@link #prepare} sized. */
    final void write(CodedOutputStream out) throws IOException {
        if (isNull) {
            writeType(out, Rep.NULL);
            out.writeBool(TypedValue.NULL_FIELD_NUMBER, true);
        } else {
            writeValue(out);
        }
    }

    /** The size of the value at {@code row}, not null. */
    abstract int prepareValue(int row);

    abstract void writeValue(CodedOutputStream out) throws IOException;

    private static void writeType(CodedOutputStream out, Rep type) throws IOException {
        out.writeEnum(TypedValue.TYPE_FIELD_NUMBER, type.getNumber());
    }

    /** A column of nothing but nulls. */
    private static final class Nulls extends ColumnEncoder {
        Nulls(FieldVector vector) {
            super(vector);
        }

        @Override
        int prepareValue(int row) {
            throw new IllegalStateException("A NULL column holds a value");
        }

        @Override
        void writeValue(CodedOutputStream out) {
            throw new IllegalStateException("A NULL column holds a value");
        }
    }

    private static final class Booleans extends ColumnEncoder {
        private final BitVector bits;
        private boolean value;

        Booleans(BitVector bits) {
            super(bits);
            this.bits = bits;
        }

        @Override
        int prepareValue(int row) {
            value = bits.get(row) == 1;
            // Protobuf leaves out a false flag.
            return 2 * SMALL_VARINT + (value ? 2 * SMALL_VARINT : 0);
        }

        @Override
        void writeValue(CodedOutputStream out) throws IOException {
            writeType(out, Rep.BOOLEAN);
            if (value) {
                out.writeBool(TypedValue.BOOL_VALUE_FIELD_NUMBER, true);
            }
        }
    }

    /** A column whose values Avatica carries as a number: integers, dates, times and timestamps. */
    private static final class Numbers extends ColumnEncoder {
        private final Rep type;
        private final NumberAt numbers;
        private long value;

        Numbers(FieldVector vector, Rep type, NumberAt numbers) {
            super(vector);
            this.type = type;
            this.numbers = numbers;
        }

        @Override
        int prepareValue(int row) {
            value = numbers.at(row);
            // Protobuf leaves out a zero.
            return 2 * SMALL_VARINT + (value == 0 ? 0 : SMALL_VARINT + computeSInt64SizeNoTag(value));
        }

        @Override
        void writeValue(CodedOutputStream out) throws IOException {
            writeType(out, type);
            if (value != 0) {
                out.writeSInt64(TypedValue.NUMBER_VALUE_FIELD_NUMBER, value);
            }
        }
    }

    @FunctionalInterface
    private interface NumberAt {
        long at(int row);
    }

    private static final class Doubles extends ColumnEncoder {
        private final Float8Vector doubles;
        private double value;

        Doubles(Float8Vector doubles) {
            super(doubles);
            this.doubles = doubles;
        }

        @Override
        int prepareValue(int row) {
            value = doubles.get(row);
            // Protobuf leaves out a positive zero.
            return 2 * SMALL_VARINT + (Double.doubleToRawLongBits(value) == 0 ? 0 : SMALL_VARINT + Double.BYTES);
        }

        @Override
        void writeValue(CodedOutputStream out) throws IOException {
            writeType(out, Rep.DOUBLE);
            if (Double.doubleToRawLongBits(value) != 0) {
                out.writeDouble(TypedValue.DOUBLE_VALUE_FIELD_NUMBER, value);
            }
        }
    }

    /** Text or binary: the bytes as they are in the vector. */
    private static final class Bytes extends ColumnEncoder {
        private final BaseVariableWidthVector values;
        private final Rep type;
        private final int field;
        private byte[] scratch = new byte[256];
        private int length;

        Bytes(BaseVariableWidthVector values, Rep type, int field) {
            super(values);
            this.values = values;
            this.type = type;
            this.field = field;
        }

        @Override
        int prepareValue(int row) {
            ArrowBuf offsets = values.getOffsetBuffer();
            long start = offsets.getInt((long) row * BaseVariableWidthVector.OFFSET_WIDTH);
            length = offsets.getInt((long) (row + 1) * BaseVariableWidthVector.OFFSET_WIDTH) - (int) start;
            if (length > scratch.length) {
                scratch = new byte[Math.max(length, scratch.length * 2)];
            }
            values.getDataBuffer().getBytes(start, scratch, 0, length);
            // Protobuf leaves out an empty text.
            return 2 * SMALL_VARINT + (length == 0 ? 0 : SMALL_VARINT + computeUInt32SizeNoTag(length) + length);
        }

        @Override
        void writeValue(CodedOutputStream out) throws IOException {
            writeType(out, type);
            if (length > 0) {
                out.writeByteArray(field, scratch, 0, length);
            }
        }
    }

    /**
     * A DECIMAL as {@link BigDecimal#toString()} writes it, in ASCII. For scales from 0 to 6 that is
     * always plain notation, written here digit by digit; other scales go through {@link BigDecimal}.
     */
    private static final class Decimals extends ColumnEncoder {
        private static final int MAX_PLAIN_SCALE = 6;
        private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

        private final BigIntVector unscaled;
        private final int scale;
        /** Sign, 19 digits, the point and up to 6 more leading zeros. */
        private final byte[] plainDigits = new byte[28];

        /** The prepared value's text from {@link #start} to its end. */
        private byte[] text;

        private int start;

        Decimals(BigIntVector unscaled, int scale) {
            super(unscaled);
            this.unscaled = unscaled;
            this.scale = scale;
        }

        @Override
        int prepareValue(int row) {
            long value = unscaled.get(row);
            if (scale < 0 || scale > MAX_PLAIN_SCALE || value == Long.MIN_VALUE) {
                text = BigDecimal.valueOf(value, scale).toString().getBytes(StandardCharsets.US_ASCII);
                start = 0;
            } else {
                text = plainDigits;
                start = plain(value);
            }
            int length = text.length - start;
            return 2 * SMALL_VARINT + SMALL_VARINT + computeUInt32SizeNoTag(length) + length;
        }

        /** Writes {@code value} at the end of {@link #plainDigits}; where it starts. */
        private int plain(long value) {
            byte[] digits = plainDigits;
            long magnitude = Math.abs(value);
            int position = digits.length;
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
            if (value < 0) {
                digits[--position] = '-';
            }
            return position;
        }

        @Override
        void writeValue(CodedOutputStream out) throws IOException {
            writeType(out, Rep.BIG_DECIMAL);
            out.writeByteArray(TypedValue.STRING_VALUE_FIELD_NUMBER, text, start, text.length - start);
        }
    }
}
