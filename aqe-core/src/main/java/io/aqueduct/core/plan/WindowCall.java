package io.aqueduct.core.plan;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.List;

/** One window output column: {@code function} over input columns {@code arguments}, within {@code frame}. */
public record WindowCall(WindowFunction function, List<Integer> arguments, WindowFrame frame, DataType type) {
    @JsonCreator
    public WindowCall(
            @JsonProperty("function") WindowFunction function,
            @JsonProperty("arguments") List<Integer> arguments,
            @JsonProperty("frame") WindowFrame frame,
            @JsonProperty("type") DataType type) {
        this.function = requireNonNull(function, "function is null");
        this.arguments = List.copyOf(arguments);
        this.frame = requireNonNull(frame, "frame is null");
        this.type = requireNonNull(type, "type is null");
    }
}
