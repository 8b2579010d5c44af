package io.aqueduct.core.expr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;

/** The value of column {@code field} of the input batch. */
public record InputReference(int field, DataType type) implements Expression {
    @JsonCreator
    public InputReference(@JsonProperty("field") int field, @JsonProperty("type") DataType type) {
        this.field = field;
        this.type = type;
    }

    @Override
    public String toString() {
        return "$" + field;
    }
}
