package io.aqueduct.core.sql;

import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DateTimes;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Computes the constant expressions Calcite's rules reduce ({@code ReduceExpressionsRule}, {@code RexSimplify}'s casts
 * of literals) with the engine's kernels, so that a reduced constant holds the value the query would have computed
 * for each row. Calcite's own executor computes with its own semantics, which differ from the engine's: it keeps
 * milliseconds of timestamps, wraps INTEGER and BIGINT overflow, pads CHAR, and counts months between dates
 * differently.
 *
 * <p>As with Calcite's executor, an expression that cannot be computed now is returned unchanged: one the engine
 * cannot run fails at planning as it would have, one whose evaluation fails (division by zero) fails when a row
 * reaches it. So is one whose value the expression's Calcite type cannot hold exactly ({@code CAST('ab' AS
 * CHAR(5))} is {@code 'ab'} to the engine but a CHAR(5) literal is padded); the engine folds those when it plans.
 */
final class EngineRexExecutor implements RexExecutor {
    static final EngineRexExecutor INSTANCE = new EngineRexExecutor();

    private EngineRexExecutor() {}

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
        for (RexNode constant : constExps) {
            reducedValues.add(value(rexBuilder, constant).orElse(constant));
        }
    }

    private static Optional<RexNode> value(RexBuilder rexBuilder, RexNode constant) {
        RexToExpression converter =
                new RexToExpression(rexBuilder, ParameterBinder.NONE, StatementTime.nowInUtc(), SessionValues.NONE);
        try {
            Expression folded = converter.convert(constant);
            // CURRENT_DATE, CURRENT_USER and their kin have one value per execution, never the planner's: Calcite
            // passes none unless its rules are told to treat them as constants, and one that came would stay.
            if (!(folded instanceof Literal value) || converter.readsExecutionValues()) {
                return Optional.empty();
            }
            return exactLiteral(rexBuilder, value, constant.getType());
        } catch (RuntimeException e) {
            // As Calcite's executor: what cannot be computed now is left to planning and run time to report.
            return Optional.empty();
        }
    }

    /** {@code value} as a literal of {@code type}, if that literal holds exactly the engine's value. */
    private static Optional<RexNode> exactLiteral(RexBuilder rexBuilder, Literal value, RelDataType type) {
        Object calciteValue = calciteValue(value);
        if (calciteValue == null) {
            // Calcite declares some calls NOT NULL whatever their arguments (LPAD of a NULL string): a NULL literal
            // would
            // change the expression's type, so such a call is left to run time, which computes the NULL.
            return type.isNullable() ? Optional.of(rexBuilder.makeNullLiteral(type)) : Optional.empty();
        }
        RelDataType notNull = rexBuilder.getTypeFactory().createTypeWithNullability(type, false);
        if (!(rexBuilder.makeLiteral(calciteValue, notNull, true) instanceof RexLiteral literal)
                || !Objects.deepEquals(RexToExpression.literal(literal).value(), value.value())) {
            return Optional.empty();
        }
        // A NOT NULL value of a nullable expression keeps the expression's type, as Calcite's executor does it.
        return Optional.of(type.isNullable() ? rexBuilder.makeAbstractCast(type, literal, false) : literal);
    }

    /** The value of an engine literal as Calcite's literals hold it; intervals are BIGINTs of months or milliseconds. */
    private static Object calciteValue(Literal literal) {
        if (literal.isNull()) {
            return null;
        }
        return switch (literal.type().kind()) {
            case BOOLEAN -> literal.booleanValue();
            case INTEGER, BIGINT -> BigDecimal.valueOf(literal.longValue());
            case DECIMAL ->
                BigDecimal.valueOf(literal.longValue(), literal.type().scale());
            case DOUBLE -> literal.doubleValue();
            case DATE -> DateString.fromDaysSinceEpoch(Math.toIntExact(literal.longValue()));
            case TIMESTAMP -> new TimestampString(DateTimes.formatTimestamp(literal.longValue()));
            case TIME -> new TimeString(DateTimes.formatTime(literal.longValue()));
            case VARCHAR -> literal.stringValue();
            case VARBINARY -> new ByteString(literal.bytesValue());
            case NULL -> null;
        };
    }
}
