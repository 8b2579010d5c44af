package io.aqueduct.core.expr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.Base64;

/**
 * A constant. The value is held in its execution representation: {@code Long} for INTEGER, BIGINT,
 * DECIMAL (unscaled), DATE (epoch day), TIMESTAMP (epoch microseconds) and TIME (microseconds of the
 * day), {@code Double} for DOUBLE, {@code String} for VARCHAR, {@code byte[]} for VARBINARY,
 * {@code Boolean} for BOOLEAN, {@code null} for NULL of any type.
 */
public record Literal(Object value, DataType type) implements Expression {
    @JsonCreator
    public Literal(@JsonProperty("value") Object value, @JsonProperty("type") DataType type) {
        this.value = normalize(value, type);
        this.type = type;
    }

    public boolean isNull() {
        return value == null;
    }

    public long longValue() {
        return ((Number) value).longValue();
    }

    public double doubleValue() {
        return ((Number) value).doubleValue();
    }

    public String stringValue() {
        return (String) value;
    }

    public boolean booleanValue() {
        return (Boolean) value;
    }

    public byte[] bytesValue() {
        return (byte[]) value;
    }

    // JSON turns small longs into Integers, doubles such as 1.0 into Doubles, NaN and the infinities into strings
    // ("Infinity") and bytes into base64; undo that.
    private static Object normalize(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, TIME -> ((Number) value).longValue();
            case DOUBLE -> value instanceof String text ? Double.parseDouble(text) : ((Number) value).doubleValue();
            case VARBINARY ->
                value instanceof String base64 ? Base64.getDecoder().decode(base64) : value;
            default -> value;
        };
    }

    @Override
    public String toString() {
        return value == null ? "null" : value instanceof String ? "'" + value + "'" : value.toString();
    }
}
