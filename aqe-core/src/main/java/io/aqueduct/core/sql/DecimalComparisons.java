package io.aqueduct.core.sql;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;

/**
 * Converts a comparison (or BETWEEN) of an exact number with constants of a larger scale at the number's own scale.
 * Calcite compares {@code o_orderkey > 0.1234567890123456} as {@code CAST(o_orderkey AS DECIMAL(18, 16)) >
 * 0.1234567890123456}, and decimals hold 18 digits, so every key from 100 up failed with 22003; where the common
 * type has the smaller scale, the constant would be rounded instead ({@code x > 0.6} as {@code x > 1}). On the
 * number's grid of values a constant lies between two neighbours {@code down} and {@code up} (one value when the
 * constant is on the grid), and {@code x > c} is {@code x > down}, {@code x >= c} is {@code x >= up}, {@code x = c}
 * is {@code x > down AND x < up}: exact, NULL where x is NULL, and without a cast per row.
 */
final class DecimalComparisons {
    private DecimalComparisons() {}

    /** {@code standard}, except for comparisons this class converts. */
    static SqlRexConvertlet around(SqlRexConvertlet standard) {
        return (context, call) -> atNumberScale(context, call).orElseGet(() -> standard.convertCall(context, call));
    }

    /**
     * Whether the call is a comparison (or BETWEEN) of an exact number with constants of a larger scale, which this
     * class converts: the validator's coercion must then leave its operands uncast.
     */
    static boolean atNumberScale(SqlCallBinding binding) {
        SqlCall call = binding.getCall();
        if (call.getOperator() instanceof SqlBetweenOperator between) {
            return between.flag == SqlBetweenOperator.Flag.ASYMMETRIC
                    && finerConstant(binding.getOperandType(0), call.operand(0), call.operand(1))
                            .isPresent()
                    && finerConstant(binding.getOperandType(0), call.operand(0), call.operand(2))
                            .isPresent();
        }
        return call.operandCount() == 2
                && (finerConstant(binding.getOperandType(0), call.operand(0), call.operand(1))
                                .isPresent()
                        || finerConstant(binding.getOperandType(1), call.operand(1), call.operand(0))
                                .isPresent());
    }

    private static Optional<RexNode> atNumberScale(SqlRexContext context, SqlCall call) {
        if (call.getOperator() instanceof SqlBetweenOperator between) {
            return between.flag == SqlBetweenOperator.Flag.ASYMMETRIC
                    ? between(context, call, between)
                    : Optional.empty();
        }
        SqlNode left = call.operand(0);
        SqlNode right = call.operand(1);
        Optional<BigDecimal> rightConstant = finerConstant(typeOf(context, left), left, right);
        if (rightConstant.isPresent()) {
            return compared(call.getKind(), context.convertExpression(left), rightConstant.get(), context);
        }
        return finerConstant(typeOf(context, right), right, left)
                .flatMap(leftConstant ->
                        compared(call.getKind().reverse(), context.convertExpression(right), leftConstant, context));
    }

    private static RelDataType typeOf(SqlRexContext context, SqlNode node) {
        return context.getValidator().getValidatedNodeType(node);
    }

    /** {@code x [NOT] BETWEEN a AND b} as {@code x >= a AND x <= b} (or {@code x < a OR x > b}). */
    private static Optional<RexNode> between(SqlRexContext context, SqlCall call, SqlBetweenOperator between) {
        SqlNode value = call.operand(SqlBetweenOperator.VALUE_OPERAND);
        RelDataType type = typeOf(context, value);
        Optional<BigDecimal> lower = finerConstant(type, value, call.operand(SqlBetweenOperator.LOWER_OPERAND));
        Optional<BigDecimal> upper = finerConstant(type, value, call.operand(SqlBetweenOperator.UPPER_OPERAND));
        if (lower.isEmpty() || upper.isEmpty()) {
            return Optional.empty();
        }
        RexNode number = context.convertExpression(value);
        boolean negated = between.isNegated();
        Optional<RexNode> fromLower =
                compared(negated ? SqlKind.LESS_THAN : SqlKind.GREATER_THAN_OR_EQUAL, number, lower.get(), context);
        Optional<RexNode> toUpper =
                compared(negated ? SqlKind.GREATER_THAN : SqlKind.LESS_THAN_OR_EQUAL, number, upper.get(), context);
        if (fromLower.isEmpty() || toUpper.isEmpty()) {
            return Optional.empty();
        }
        SqlOperator join = negated ? SqlStdOperatorTable.OR : SqlStdOperatorTable.AND;
        return Optional.of(context.getRexBuilder().makeCall(join, fromLower.get(), toUpper.get()));
    }

    /**
     * The value of {@code constant} when it is a numeric literal (or its negation) of a larger scale than the exact
     * number {@code number} is typed with ({@code type}).
     */
    private static Optional<BigDecimal> finerConstant(RelDataType type, SqlNode number, SqlNode constant) {
        Optional<BigDecimal> value = literalValue(constant);
        if (value.isEmpty() || literalValue(number).isPresent()) {
            return Optional.empty();
        }
        if (!SqlTypeUtil.isExactNumeric(type) || value.get().scale() <= Math.max(type.getScale(), 0)) {
            return Optional.empty();
        }
        return value;
    }

    private static Optional<BigDecimal> literalValue(SqlNode node) {
        if (node instanceof SqlLiteral literal && SqlTypeName.EXACT_TYPES.contains(literal.getTypeName())) {
            return Optional.ofNullable(literal.getValueAs(BigDecimal.class));
        }
        if (node.getKind() == SqlKind.MINUS_PREFIX) {
            return literalValue(((SqlCall) node).operand(0)).map(BigDecimal::negate);
        }
        return Optional.empty();
    }

    private static Optional<RexNode> compared(
            SqlKind kind, RexNode number, BigDecimal constant, SqlRexContext context) {
        RexBuilder rexBuilder = context.getRexBuilder();
        RelDataType type = number.getType();
        int scale = Math.max(type.getScale(), 0);
        BigDecimal down = constant.setScale(scale, RoundingMode.FLOOR);
        BigDecimal up = constant.setScale(scale, RoundingMode.CEILING);
        if (!fits(up, type) || !fits(down, type)) {
            return Optional.empty();
        }
        boolean onGrid = down.compareTo(up) == 0;
        RexNode belowOrAt = rexBuilder.makeExactLiteral(down, type);
        RexNode aboveOrAt = rexBuilder.makeExactLiteral(up, type);
        RexNode above = rexBuilder.makeCall(SqlStdOperatorTable.GREATER_THAN, number, belowOrAt);
        RexNode atOrAbove = rexBuilder.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, number, aboveOrAt);
        RexNode below = rexBuilder.makeCall(SqlStdOperatorTable.LESS_THAN, number, aboveOrAt);
        RexNode atOrBelow = rexBuilder.makeCall(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, number, belowOrAt);
        return Optional.ofNullable(
                switch (kind) {
                    case GREATER_THAN -> above;
                    case GREATER_THAN_OR_EQUAL -> atOrAbove;
                    case LESS_THAN -> below;
                    case LESS_THAN_OR_EQUAL -> atOrBelow;
                    // Off the grid no value equals the constant: x = c is x > down AND x < up.
                    case EQUALS ->
                        onGrid
                                ? rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, number, belowOrAt)
                                : rexBuilder.makeCall(SqlStdOperatorTable.AND, above, below);
                    case NOT_EQUALS ->
                        onGrid
                                ? rexBuilder.makeCall(SqlStdOperatorTable.NOT_EQUALS, number, belowOrAt)
                                : rexBuilder.makeCall(SqlStdOperatorTable.OR, atOrBelow, atOrAbove);
                    default -> null;
                });
    }

    /** Whether {@code value}, at the number's scale, has few enough integer digits that the number's type holds it. */
    private static boolean fits(BigDecimal value, RelDataType type) {
        int integerDigits = value.precision() - value.scale();
        int allowed =
                switch (type.getSqlTypeName()) {
                    case DECIMAL -> type.getPrecision() - type.getScale();
                    case TINYINT -> 2;
                    case SMALLINT -> 4;
                    case INTEGER -> 9;
                    default -> 18;
                };
        return integerDigits <= allowed;
    }
}
