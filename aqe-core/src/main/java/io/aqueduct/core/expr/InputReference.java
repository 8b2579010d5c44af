package io.aqueduct.core.expr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import java.util.List;
import java.util.function.IntUnaryOperator;

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

    /** {@code expression} with each input reference's field {@code f} replaced by {@code newField(f)}. */
    public static Expression renumbered(Expression expression, IntUnaryOperator newField) {
        if (expression instanceof InputReference reference) {
            return new InputReference(newField.applyAsInt(reference.field()), reference.type());
        }
        if (expression instanceof Call call) {
            List<Expression> operands = call.operands().stream()
                    .map(operand -> renumbered(operand, newField))
                    .toList();
            return new Call(call.function(), operands, call.type());
        }
        return expression;
    }
}
