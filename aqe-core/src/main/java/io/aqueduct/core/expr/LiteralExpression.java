package io.aqueduct.core.expr;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.aqueduct.core.type.TypeKind;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
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

    /**
     * Writes the value into every row: fixed-width values straight into the data buffer and the validity bits a byte
     * at a time, instead of a setter per row that also sets its validity bit.
     */
    private void fill(FieldVector vector, int rowCount) {
        switch (literal.type().kind()) {
            case BOOLEAN -> {
                // A new bit vector's values are all false.
                if (literal.booleanValue()) {
                    Vectors.setBits(vector.getDataBuffer(), rowCount);
                }
                Vectors.setAllValid(vector, rowCount);
            }
            case INTEGER, DATE -> {
                ArrowBuf data = vector.getDataBuffer();
                int value = Math.toIntExact(literal.longValue());
                for (int i = 0; i < rowCount; i++) {
                    data.setInt((long) i * Integer.BYTES, value);
                }
                Vectors.setAllValid(vector, rowCount);
            }
            case BIGINT, DECIMAL, TIMESTAMP, TIME, DOUBLE -> {
                ArrowBuf data = vector.getDataBuffer();
                long value = literal.type().kind() == TypeKind.DOUBLE
                        ? Double.doubleToRawLongBits(literal.doubleValue())
                        : literal.longValue();
                for (int i = 0; i < rowCount; i++) {
                    data.setLong((long) i * Long.BYTES, value);
                }
                Vectors.setAllValid(vector, rowCount);
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
