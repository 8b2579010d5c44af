package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A constant repeated once per row of the batch. */
final class LiteralExpression implements VectorExpression {
    private final Literal literal;
    /** The bytes of a VARCHAR (UTF-8) or VARBINARY value. */
    private final byte[] bytes;

    LiteralExpression(Literal literal) {
        this.literal = literal;
        this.bytes = literal.value() instanceof String string
                ? string.getBytes(UTF_8)
                : literal.value() instanceof byte[] binary ? binary : null;
    }

    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        if (literal.isNull()) {
            return Vectors.allNulls(literal.type(), rowCount, allocator);
        }
        return Vectors.build(literal.type(), rowCount, allocator, vector -> fill(vector, rowCount));
    }

    private void fill(FieldVector vector, int rowCount) {
        switch (literal.type().kind()) {
            case BOOLEAN -> {
                BitVector bits = (BitVector) vector;
                int bit = literal.booleanValue() ? 1 : 0;
                for (int i = 0; i < rowCount; i++) {
                    bits.set(i, bit);
                }
            }
            case INTEGER -> {
                IntVector ints = (IntVector) vector;
                int value = Math.toIntExact(literal.longValue());
                for (int i = 0; i < rowCount; i++) {
                    ints.set(i, value);
                }
            }
            case BIGINT, DECIMAL -> {
                BigIntVector longs = (BigIntVector) vector;
                long value = literal.longValue();
                for (int i = 0; i < rowCount; i++) {
                    longs.set(i, value);
                }
            }
            case DOUBLE -> {
                Float8Vector doubles = (Float8Vector) vector;
                double value = literal.doubleValue();
                for (int i = 0; i < rowCount; i++) {
                    doubles.set(i, value);
                }
            }
            case DATE -> {
                DateDayVector dates = (DateDayVector) vector;
                int value = Math.toIntExact(literal.longValue());
                for (int i = 0; i < rowCount; i++) {
                    dates.set(i, value);
                }
            }
            case TIMESTAMP -> {
                TimeStampMicroVector timestamps = (TimeStampMicroVector) vector;
                long value = literal.longValue();
                for (int i = 0; i < rowCount; i++) {
                    timestamps.set(i, value);
                }
            }
            case TIME -> {
                TimeMicroVector times = (TimeMicroVector) vector;
                long value = literal.longValue();
                for (int i = 0; i < rowCount; i++) {
                    times.set(i, value);
                }
            }
            case VARCHAR, VARBINARY -> {
                BaseVariableWidthVector values = (BaseVariableWidthVector) vector;
                values.allocateNew((long) bytes.length * rowCount, rowCount);
                for (int i = 0; i < rowCount; i++) {
                    values.setSafe(i, bytes);
                }
            }
            case NULL -> {}
        }
    }
}
