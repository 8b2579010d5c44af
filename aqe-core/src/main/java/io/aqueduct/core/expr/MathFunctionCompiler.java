package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.DoubleUnaryOperator;

/**
 * Compiles the math functions: SQRT, CBRT, EXP, LN, LOG10, POWER and the trigonometric functions in DOUBLE; SIGN, CEIL, FLOOR, ROUND and TRUNCATE
 * in the call's type, exactly for BIGINT, INTEGER and DECIMAL.
 */
final class MathFunctionCompiler {
    private MathFunctionCompiler() {}

    static VectorExpression compile(Call call) {
        return switch (call.function()) {
            case SQRT -> doubles(call, Math::sqrt);
            case EXP -> doubles(call, Math::exp);
            case LN -> doubles(call, value -> Math.log(positive(value)));
            case LOG10 -> doubles(call, value -> Math.log10(positive(value)));
            case CBRT -> doubles(call, Math::cbrt);
            case SIN -> doubles(call, Math::sin);
            case COS -> doubles(call, Math::cos);
            case TAN -> doubles(call, Math::tan);
            case COT -> doubles(call, value -> 1.0 / Math.tan(value));
            case ASIN -> doubles(call, Math::asin);
            case ACOS -> doubles(call, Math::acos);
            case ATAN -> doubles(call, Math::atan);
            case DEGREES -> doubles(call, Math::toDegrees);
            case RADIANS -> doubles(call, Math::toRadians);
            case POWER, ATAN2 ->
                CastExpression.create(
                        new DoubleArithmeticExpression(
                                call.function(),
                                ExpressionCompiler.coerce(call.operand(0), DataType.DOUBLE),
                                ExpressionCompiler.coerce(call.operand(1), DataType.DOUBLE),
                                DataType.DOUBLE),
                        DataType.DOUBLE,
                        call.type());
            case SIGN -> rounding(call, Math::signum, value -> BigDecimal.valueOf(value.signum()));
            case CEIL -> rounding(call, Math::ceil, value -> value.setScale(0, RoundingMode.CEILING));
            case FLOOR -> rounding(call, Math::floor, value -> value.setScale(0, RoundingMode.FLOOR));
            case ROUND -> {
                int digits = digits(call);
                yield rounding(
                        call,
                        value -> scaled(value, digits, true),
                        value -> value.setScale(digits, RoundingMode.HALF_UP));
            }
            case TRUNCATE -> {
                int digits = digits(call);
                yield rounding(
                        call,
                        value -> scaled(value, digits, false),
                        value -> value.setScale(digits, RoundingMode.DOWN));
            }
            default -> throw new IllegalArgumentException("Not a math function: " + call.function());
        };
    }

    /** The argument of a logarithm, which fails for zero and negative numbers as in PostgreSQL. */
    private static double positive(double value) {
        if (value == 0) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT_FOR_LOGARITHM, "cannot take logarithm of zero");
        }
        if (value < 0) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT_FOR_LOGARITHM, "cannot take logarithm of a negative number");
        }
        return value;
    }

    private static VectorExpression doubles(Call call, DoubleUnaryOperator function) {
        return CastExpression.create(
                NumericFunctionExpression.ofDoubles(
                        ExpressionCompiler.coerce(call.operand(0), DataType.DOUBLE), function),
                DataType.DOUBLE,
                call.type());
    }

    /** A function computed in DOUBLE for a DOUBLE call, else exactly on the operand's unscaled value. */
    private static VectorExpression rounding(
            Call call, DoubleUnaryOperator doubleFunction, java.util.function.UnaryOperator<BigDecimal> exact) {
        DataType type = call.type();
        Expression operand = call.operand(0);
        if (type.kind() == TypeKind.DOUBLE || operand.type().kind() == TypeKind.DOUBLE) {
            return doubles(call, doubleFunction);
        }
        if (!operand.type().isNumeric() || !type.isNumeric()) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED, call.function() + " of " + operand.type() + " is not supported");
        }
        DataType operandType = operand.type().kind() == TypeKind.DECIMAL ? operand.type() : DataType.BIGINT;
        DataType resultType = type.kind() == TypeKind.DECIMAL ? type : DataType.BIGINT;
        return CastExpression.create(
                NumericFunctionExpression.ofExact(
                        ExpressionCompiler.coerce(operand, operandType), operandType, resultType, exact),
                resultType,
                type);
    }

    /** {@code value} rounded half away from zero ({@code halfUp}) or toward zero at {@code digits} decimals. */
    private static double scaled(double value, int digits, boolean halfUp) {
        double factor = Math.pow(10, digits);
        double magnitude = Math.abs(value) * factor;
        return Math.copySign(Math.floor(halfUp ? magnitude + 0.5 : magnitude), value) / factor;
    }

    private static int digits(Call call) {
        return call.operands().size() < 2 ? 0 : literalNumber(call, 1).intValueExact();
    }

    private static BigDecimal literalNumber(Call call, int operand) {
        if (call.operand(operand) instanceof Literal literal) {
            if (literal.value() instanceof Double value) {
                return BigDecimal.valueOf(value);
            }
            if (literal.value() instanceof Long value) {
                return BigDecimal.valueOf(value, NumericCasts.scale(literal.type()));
            }
        }
        throw new AqueductException(
                ErrorCode.NOT_SUPPORTED, call.function() + " needs a constant as operand " + (operand + 1));
    }
}
