package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/** Turns the values bound to a statement's {@code ?} parameters into literals of the inferred types. */
final class ParameterBinder {
    static final ParameterBinder NONE = new ParameterBinder(List.of(), List.of());

    private final List<DataType> types;
    private final List<?> values;

    ParameterBinder(List<DataType> types, List<?> values) {
        this.types = types;
        this.values = values;
    }

    Literal literal(int index) {
        if (index >= values.size()) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "No value bound to parameter " + (index + 1));
        }
        DataType type = types.get(index);
        Object value = values.get(index);
        try {
            return new Literal(value == null ? null : convert(value, type), type);
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException | ClassCastException e) {
            throw new AqueductException(
                    ErrorCode.INVALID_CAST,
                    "Parameter " + (index + 1) + " value '" + value + "' is not a valid " + type);
        }
    }

    private static Object convert(Object value, DataType type) {
        return switch (type.kind()) {
            case BOOLEAN ->
                value instanceof Boolean b
                        ? b
                        : Boolean.parseBoolean(value.toString().trim());
            case INTEGER, BIGINT -> new BigDecimal(value.toString().trim()).longValueExact();
            case DOUBLE ->
                value instanceof Number n
                        ? n.doubleValue()
                        : Double.parseDouble(value.toString().trim());
            case DECIMAL ->
                new BigDecimal(value.toString().trim())
                        .setScale(type.scale(), RoundingMode.HALF_UP)
                        .unscaledValue()
                        .longValueExact();
            case DATE ->
                value instanceof Number days
                        ? days.longValue()
                        : LocalDate.parse(value.toString().trim()).toEpochDay();
            case VARCHAR -> value.toString();
            case NULL -> null;
        };
    }
}
