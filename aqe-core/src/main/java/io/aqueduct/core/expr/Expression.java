package io.aqueduct.core.expr;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.aqueduct.core.type.DataType;

/**
 * A scalar expression over the columns of one input batch. Expressions are plain values that travel
 * from the coordinator to the workers as JSON; {@code ExpressionCompiler} turns them into vectorized
 * evaluators on the worker.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = InputReference.class, name = "input"),
    @JsonSubTypes.Type(value = Literal.class, name = "literal"),
    @JsonSubTypes.Type(value = Call.class, name = "call")
})
public sealed interface Expression permits InputReference, Literal, Call {
    DataType type();
}
