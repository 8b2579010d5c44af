package io.aqueduct.core.file;

import io.aqueduct.core.type.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Copies the current value of a Parquet column reader into one slot of an Arrow vector, typed once per
 * column so that the per-value loop is a direct getter and setter. Dictionary-encoded pages are decoded
 * by the reader, which hands out the dictionary's entry without copying it.
 */
@FunctionalInterface
interface ParquetValueCopier {
    void copy(ColumnReader reader, int index);

    static ParquetValueCopier create(PrimitiveType parquetType, DataType type, FieldVector vector) {
        PrimitiveTypeName physical = parquetType.getPrimitiveTypeName();
        return switch (type.kind()) {
            case BOOLEAN -> {
                BitVector bits = (BitVector) vector;
                yield (reader, index) -> bits.set(index, reader.getBoolean() ? 1 : 0);
            }
            case INTEGER -> {
                IntVector ints = (IntVector) vector;
                yield (reader, index) -> ints.set(index, reader.getInteger());
            }
            case DATE -> {
                DateDayVector dates = (DateDayVector) vector;
                yield (reader, index) -> dates.set(index, reader.getInteger());
            }
            case BIGINT -> {
                BigIntVector longs = (BigIntVector) vector;
                yield (reader, index) -> longs.set(index, reader.getLong());
            }
            case DECIMAL -> decimal(physical, (BigIntVector) vector);
            case DOUBLE -> {
                Float8Vector doubles = (Float8Vector) vector;
                yield physical == PrimitiveTypeName.FLOAT
                        ? (reader, index) -> doubles.set(index, reader.getFloat())
                        : (reader, index) -> doubles.set(index, reader.getDouble());
            }
            case VARCHAR -> {
                VarCharVector strings = (VarCharVector) vector;
                yield (reader, index) -> {
                    ByteBuffer bytes = reader.getBinary().toByteBuffer();
                    strings.setSafe(index, bytes, bytes.position(), bytes.remaining());
                };
            }
            case TIMESTAMP -> timestamp(parquetType, (TimeStampMicroVector) vector);
            case TIME -> time(parquetType, (TimeMicroVector) vector);
            case VARBINARY -> {
                VarBinaryVector bytes = (VarBinaryVector) vector;
                yield (reader, index) -> {
                    ByteBuffer value = reader.getBinary().toByteBuffer();
                    bytes.setSafe(index, value, value.position(), value.remaining());
                };
            }
            case NULL -> throw new IllegalArgumentException("No Parquet column has type NULL");
        };
    }

    /** INT64 timestamps in their unit, or INT96 ones (nanoseconds of the day, then the Julian day, little-endian). */
    private static ParquetValueCopier timestamp(PrimitiveType parquetType, TimeStampMicroVector timestamps) {
        if (parquetType.getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
            return (reader, index) -> timestamps.set(index, int96Micros(reader.getBinary()));
        }
        TimeUnit unit = ((TimestampLogicalTypeAnnotation) parquetType.getLogicalTypeAnnotation()).getUnit();
        return switch (unit) {
            case MILLIS -> (reader, index) -> timestamps.set(index, Math.multiplyExact(reader.getLong(), 1_000L));
            case MICROS -> (reader, index) -> timestamps.set(index, reader.getLong());
            case NANOS -> (reader, index) -> timestamps.set(index, Math.floorDiv(reader.getLong(), 1_000L));
        };
    }

    /** TIME(MILLIS) is an INT32, TIME(MICROS) and TIME(NANOS) INT64s. */
    private static ParquetValueCopier time(PrimitiveType parquetType, TimeMicroVector times) {
        TimeUnit unit = ((TimeLogicalTypeAnnotation) parquetType.getLogicalTypeAnnotation()).getUnit();
        return switch (unit) {
            case MILLIS -> (reader, index) -> times.set(index, reader.getInteger() * 1_000L);
            case MICROS -> (reader, index) -> times.set(index, reader.getLong());
            case NANOS -> (reader, index) -> times.set(index, reader.getLong() / 1_000L);
        };
    }

    /** Microseconds since the epoch of an INT96 timestamp. */
    static long int96Micros(Binary binary) {
        long julianDayOfEpoch = 2_440_588;
        long microsPerDay = 86_400_000_000L;
        ByteBuffer bytes = binary.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong(bytes.position());
        long julianDay = bytes.getInt(bytes.position() + Long.BYTES);
        return (julianDay - julianDayOfEpoch) * microsPerDay + Math.floorDiv(nanosOfDay, 1_000L);
    }

    /** Decimals of at most 18 digits: the unscaled value is the engine's scaled long. */
    private static ParquetValueCopier decimal(PrimitiveTypeName physical, BigIntVector longs) {
        return switch (physical) {
            case INT32 -> (reader, index) -> longs.set(index, reader.getInteger());
            case INT64 -> (reader, index) -> longs.set(index, reader.getLong());
            default -> (reader, index) -> longs.set(index, unscaled(reader.getBinary()));
        };
    }

    /** The big-endian two's complement integer of a decimal stored as bytes (at most 8 significant ones). */
    private static long unscaled(Binary binary) {
        ByteBuffer bytes = binary.toByteBuffer();
        long value = bytes.remaining() > 0 && bytes.get(bytes.position()) < 0 ? -1 : 0;
        for (int i = bytes.position(); i < bytes.limit(); i++) {
            value = (value << 8) | (bytes.get(i) & 0xFF);
        }
        return value;
    }
}
