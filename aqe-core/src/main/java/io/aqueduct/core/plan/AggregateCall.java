package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.List;

/** One aggregate output column: {@code function} over input columns {@code arguments}. */
public record AggregateCall(AggregateFunction function, List<Integer> arguments, DataType type) {
    @JsonCreator
    public AggregateCall(
            @JsonProperty("function") AggregateFunction function,
            @JsonProperty("arguments") List<Integer> arguments,
            @JsonProperty("type") DataType type) {
        this.function = function;
        this.arguments = List.copyOf(arguments);
        this.type = type;
    }
}
