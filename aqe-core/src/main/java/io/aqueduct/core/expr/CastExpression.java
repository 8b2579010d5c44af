package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import org.apache.arrow.vector.FieldVector;

/** CAST: converts each value of the operand to the target type; NULL stays NULL. */
final class CastExpression extends UnaryExpression<FieldVector, FieldVector> {
    /** Writes the converted values of {@code input[0..rowCount)} into {@code result}. */
    @FunctionalInterface
    interface Conversion {
        void convert(FieldVector input, FieldVector result, int rowCount);
    }

    private final Conversion conversion;

    private CastExpression(VectorExpression operand, DataType to, Conversion conversion) {
        super(operand, to);
        this.conversion = conversion;
    }

    /** {@code operand} (of type {@code from}) converted to {@code to}; the operand itself when nothing changes. */
    static VectorExpression create(VectorExpression operand, DataType from, DataType to) {
        if (isIdentity(from, to)) {
            return operand;
        }
        return new CastExpression(operand, to, conversion(from, to));
    }

    private static boolean isIdentity(DataType from, DataType to) {
        if (from.kind() == TypeKind.DECIMAL && to.kind() == TypeKind.DECIMAL) {
            return from.scale() == to.scale() && from.precision() <= to.precision();
        }
        return from.kind() == to.kind();
    }

    @Override
    void compute(FieldVector input, FieldVector result, int rowCount) {
        conversion.convert(input, result, rowCount);
    }

    private static Conversion conversion(DataType from, DataType to) {
        TypeKind source = from.kind();
        if (source == TypeKind.NULL) {
            return (input, result, rowCount) -> {};
        }
        Conversion conversion =
                switch (to.kind()) {
                    case VARCHAR -> TextCasts.toText(from);
                    case BOOLEAN ->
                        switch (source) {
                            case VARCHAR -> TextCasts.toBoolean();
                            case INTEGER, BIGINT -> BooleanCasts.fromInteger(source);
                            default -> null;
                        };
                    case INTEGER ->
                        switch (source) {
                            case BOOLEAN -> BooleanCasts.toInteger(to.kind());
                            case BIGINT, DECIMAL -> NumericCasts.longToInt(from);
                            case DOUBLE -> NumericCasts.doubleToInt();
                            case VARCHAR -> TextCasts.toInteger();
                            default -> null;
                        };
                    case BIGINT, DECIMAL ->
                        switch (source) {
                            case BOOLEAN -> to.kind() == TypeKind.BIGINT ? BooleanCasts.toInteger(to.kind()) : null;
                            case INTEGER -> NumericCasts.intToLong(to);
                            case BIGINT, DECIMAL -> NumericCasts.longToLong(from, to);
                            case DOUBLE -> NumericCasts.doubleToLong(to);
                            case VARCHAR ->
                                to.kind() == TypeKind.BIGINT ? TextCasts.toBigint() : TextCasts.toDecimal(to);
                            default -> null;
                        };
                    case DOUBLE ->
                        switch (source) {
                            case INTEGER -> NumericCasts.intToDouble();
                            case BIGINT, DECIMAL -> NumericCasts.longToDouble(from);
                            case VARCHAR -> TextCasts.toDouble();
                            default -> null;
                        };
                    case DATE ->
                        switch (source) {
                            case VARCHAR -> TextCasts.toDate();
                            case TIMESTAMP -> DateTimeCasts.timestampToDate();
                            default -> null;
                        };
                    case TIMESTAMP ->
                        switch (source) {
                            case VARCHAR -> TextCasts.toTimestamp();
                            case DATE -> DateTimeCasts.dateToTimestamp();
                            default -> null;
                        };
                    case TIME ->
                        switch (source) {
                            case VARCHAR -> TextCasts.toTime();
                            case TIMESTAMP -> DateTimeCasts.timestampToTime();
                            default -> null;
                        };
                    case VARBINARY -> source == TypeKind.VARCHAR ? TextCasts.toBinary() : null;
                    case NULL -> null;
                };
        if (conversion == null) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Cannot cast " + from + " to " + to);
        }
        return conversion;
    }
}
