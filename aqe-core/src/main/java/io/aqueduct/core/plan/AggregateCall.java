package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.List;

/**
 * One aggregate output column: {@code function} over input columns {@code arguments}, taking a group's rows in the
 * order of {@code order} (input columns; only STRING_AGG has one, empty for every other call).
 */
public record AggregateCall(AggregateFunction function, List<Integer> arguments, DataType type, List<SortKey> order) {
    /** A call that takes a group's rows in any order. */
    public AggregateCall(AggregateFunction function, List<Integer> arguments, DataType type) {
        this(function, arguments, type, List.of());
    }

    @JsonCreator
    public AggregateCall(
            @JsonProperty("function") AggregateFunction function,
            @JsonProperty("arguments") List<Integer> arguments,
            @JsonProperty("type") DataType type,
            @JsonProperty("order") List<SortKey> order) {
        this.function = function;
        this.arguments = List.copyOf(arguments);
        this.type = type;
        this.order = order == null ? List.of() : List.copyOf(order);
    }
}
