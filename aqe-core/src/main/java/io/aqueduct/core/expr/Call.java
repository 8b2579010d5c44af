package io.aqueduct.core.expr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.List;
import java.util.stream.Collectors;

/** A function applied to operands; see {@link Function} for each function's operands. */
public record Call(Function function, List<Expression> operands, DataType type) implements Expression {
    @JsonCreator
    public Call(
            @JsonProperty("function") Function function,
            @JsonProperty("operands") List<Expression> operands,
            @JsonProperty("type") DataType type) {
        this.function = function;
        this.operands = List.copyOf(operands);
        this.type = type;
    }

    public Expression operand(int index) {
        return operands.get(index);
    }

    @Override
    public String toString() {
        return function.name().toLowerCase()
                + operands.stream().map(Object::toString).collect(Collectors.joining(", ", "(", ")"));
    }
}
