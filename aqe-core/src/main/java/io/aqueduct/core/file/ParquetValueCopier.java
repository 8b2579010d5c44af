package io.aqueduct.core.file;

import io.aqueduct.core.type.DataType;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
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
            // ParquetColumn maps no Parquet type to these yet: such columns are read as unsupported.
            case TIMESTAMP, TIME, VARBINARY, NULL ->
                throw new IllegalArgumentException("No Parquet column has type " + type.kind());
        };
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
