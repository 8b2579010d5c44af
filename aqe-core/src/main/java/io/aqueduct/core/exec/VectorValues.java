package io.aqueduct.core.exec;

import io.aqueduct.core.type.DataType;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Reads and writes single values, in {@link io.aqueduct.core.expr.Literal}'s representation, in vectors: for
 * constant rows and constants computed once, not for per-row work in operators.
 */
public final class VectorValues {
    private VectorValues() {}

    /**
     * Sets row {@code row} of {@code vector}, whose values have type {@code type}, to {@code value}: a
     * {@code Number} for INTEGER, BIGINT, DECIMAL (unscaled), DATE (epoch day), TIMESTAMP and TIME
     * (microseconds) and DOUBLE, a {@code String} for VARCHAR, a {@code byte[]} for VARBINARY, a {@code Boolean} for BOOLEAN, or null.
     */
    public static void set(FieldVector vector, DataType type, int row, Object value) {
        if (value == null) {
            vector.setNull(row);
            return;
        }
        switch (type.kind()) {
            case DOUBLE -> ((Float8Vector) vector).setSafe(row, ((Number) value).doubleValue());
            case VARCHAR -> ((VarCharVector) vector).setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
            case VARBINARY -> ((VarBinaryVector) vector).setSafe(row, (byte[]) value);
            case BOOLEAN -> LongVectorAccess.BOOLEAN.set(vector, row, (Boolean) value ? 1 : 0);
            default -> LongVectorAccess.of(type).set(vector, row, ((Number) value).longValue());
        }
    }

    /**
     * The value at row {@code row} of {@code vector}, whose values have type {@code type}, as {@link #set} takes it:
     * a {@code Long} for the integral types, a {@code Double}, a {@code String}, a {@code byte[]}, a {@code Boolean},
     * or null.
     */
    public static Object get(FieldVector vector, DataType type, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        return switch (type.kind()) {
            case DOUBLE -> ((Float8Vector) vector).get(row);
            case VARCHAR -> new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8);
            case VARBINARY -> ((VarBinaryVector) vector).get(row);
            case BOOLEAN -> LongVectorAccess.BOOLEAN.get(vector, row) == 1;
            case NULL -> null;
            default -> LongVectorAccess.of(type).get(vector, row);
        };
    }
}
