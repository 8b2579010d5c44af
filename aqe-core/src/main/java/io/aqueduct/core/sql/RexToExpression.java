package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/** Translates Calcite row expressions into the engine's {@link Expression}s. */
final class RexToExpression {
    private final RexBuilder rexBuilder;
    private final ParameterBinder parameters;

    RexToExpression(RexBuilder rexBuilder, ParameterBinder parameters) {
        this.rexBuilder = rexBuilder;
        this.parameters = parameters;
    }

    List<Expression> convert(List<? extends RexNode> nodes) {
        List<Expression> expressions = new ArrayList<>(nodes.size());
        for (RexNode node : nodes) {
            expressions.add(convert(node));
        }
        return expressions;
    }

    Expression convert(RexNode node) {
        if (node instanceof RexInputRef ref) {
            return new InputReference(ref.getIndex(), TypeConverter.toDataType(ref.getType()));
        }
        if (node instanceof RexLiteral literal) {
            return literal(literal);
        }
        if (node instanceof RexCall call) {
            return call(call);
        }
        if (node instanceof RexDynamicParam parameter) {
            return parameters.literal(parameter.getIndex());
        }
        throw unsupported("Expression " + node);
    }

    static Literal literal(RexLiteral literal) {
        DataType type = TypeConverter.toDataType(literal.getType());
        if (literal.isNull()) {
            return new Literal(null, type);
        }
        Object value =
                switch (type.kind()) {
                    case BOOLEAN -> literal.getValueAs(Boolean.class);
                    case INTEGER, BIGINT -> literal.getValueAs(BigDecimal.class).longValueExact();
                    case DECIMAL ->
                        literal.getValueAs(BigDecimal.class)
                                .setScale(type.scale(), RoundingMode.HALF_UP)
                                .unscaledValue()
                                .longValueExact();
                    case DOUBLE -> literal.getValueAs(Double.class);
                    case DATE -> (long) literal.getValueAs(DateString.class).getDaysSinceEpoch();
                    case VARCHAR -> literal.getValueAs(String.class);
                    case NULL -> null;
                };
        return new Literal(value, type);
    }

    private Expression call(RexCall call) {
        DataType type = TypeConverter.toDataType(call.getType());
        SqlKind kind = call.getKind();
        return switch (kind) {
            case PLUS, MINUS -> isInterval(call.getOperands()) ? dateArithmetic(call, type) : binary(call, type);
            case TIMES -> call(Function.MULTIPLY, call, type);
            case DIVIDE -> call(Function.DIVIDE, call, type);
            case MOD -> call(Function.MOD, call, type);
            case MINUS_PREFIX -> call(Function.NEGATE, call, type);
            case PLUS_PREFIX -> convert(call.getOperands().get(0));
            case EQUALS -> call(Function.EQUAL, call, type);
            case NOT_EQUALS -> call(Function.NOT_EQUAL, call, type);
            case LESS_THAN -> call(Function.LESS_THAN, call, type);
            case LESS_THAN_OR_EQUAL -> call(Function.LESS_THAN_OR_EQUAL, call, type);
            case GREATER_THAN -> call(Function.GREATER_THAN, call, type);
            case GREATER_THAN_OR_EQUAL -> call(Function.GREATER_THAN_OR_EQUAL, call, type);
            case AND -> leftDeep(Function.AND, convert(call.getOperands()), type);
            case OR -> leftDeep(Function.OR, convert(call.getOperands()), type);
            case NOT -> call(Function.NOT, call, type);
            case IS_NULL -> call(Function.IS_NULL, call, type);
            case IS_NOT_NULL -> call(Function.IS_NOT_NULL, call, type);
            case IS_TRUE -> call(Function.IS_TRUE, call, type);
            case IS_NOT_TRUE -> call(Function.IS_NOT_TRUE, call, type);
            case IS_FALSE -> call(Function.IS_FALSE, call, type);
            case IS_NOT_FALSE -> call(Function.IS_NOT_FALSE, call, type);
            case CASE -> call(Function.CASE, call, type);
            case CAST -> call(Function.CAST, call, type);
            case COALESCE -> call(Function.COALESCE, call, type);
            case LIKE -> like(call, type);
            case SEARCH -> search(call);
            case EXTRACT -> extract(call, type);
            case TRIM -> trim(call, type);
            case CEIL -> roundingToInteger(Function.CEIL, call, type);
            case FLOOR -> roundingToInteger(Function.FLOOR, call, type);
            case POSITION -> position(call, type);
            default -> namedFunction(call, type);
        };
    }

    private Expression namedFunction(RexCall call, DataType type) {
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        return switch (name) {
            case "SUBSTRING" -> call(Function.SUBSTRING, call, type);
            case "UPPER" -> call(Function.UPPER, call, type);
            case "LOWER" -> call(Function.LOWER, call, type);
            case "CHAR_LENGTH", "CHARACTER_LENGTH" -> call(Function.CHAR_LENGTH, call, type);
            case "||", "CONCAT" -> call(Function.CONCAT, call, type);
            case "ABS" -> call(Function.ABS, call, type);
            case "SQRT" -> call(Function.SQRT, call, type);
            case "EXP" -> call(Function.EXP, call, type);
            case "LN" -> call(Function.LN, call, type);
            case "LOG10" -> call(Function.LOG10, call, type);
            case "POWER" -> call(Function.POWER, call, type);
            case "SIGN" -> call(Function.SIGN, call, type);
            case "ROUND" -> call(Function.ROUND, call, type);
            case "TRUNCATE" -> call(Function.TRUNCATE, call, type);
            case "REPLACE" -> call(Function.REPLACE, call, type);
            default -> throw unsupported("Function " + call.getOperator().getName());
        };
    }

    private Expression binary(RexCall call, DataType type) {
        return call(call.getKind() == SqlKind.PLUS ? Function.ADD : Function.SUBTRACT, call, type);
    }

    private Expression call(Function function, RexCall call, DataType type) {
        return new Call(function, convert(call.getOperands()), type);
    }

    private static Expression leftDeep(Function function, List<Expression> operands, DataType type) {
        Expression result = operands.get(0);
        for (int i = 1; i < operands.size(); i++) {
            result = new Call(function, List.of(result, operands.get(i)), type);
        }
        return result;
    }

    private Expression like(RexCall call, DataType type) {
        Expression like = call(Function.LIKE, call, type);
        boolean negated = call.getOperator() == SqlStdOperatorTable.NOT_LIKE;
        return negated ? new Call(Function.NOT, List.of(like), type) : like;
    }

    /** SEARCH over a set of points is IN (or NOT IN); anything else becomes comparisons. */
    private Expression search(RexCall call) {
        RexLiteral sargLiteral = (RexLiteral) call.getOperands().get(1);
        Sarg<?> sarg = sargLiteral.getValueAs(Sarg.class);
        boolean inList = sarg != null && sarg.nullAs == RexUnknownAs.UNKNOWN && sarg.pointCount > 1;
        if (inList && (sarg.isPoints() || sarg.isComplementedPoints())) {
            Sarg<?> points = sarg.isPoints() ? sarg : sarg.negate();
            RexNode value = call.getOperands().get(0);
            List<Expression> operands = new ArrayList<>();
            operands.add(convert(value));
            DataType valueType = TypeConverter.toDataType(value.getType());
            for (var range : points.rangeSet.asRanges()) {
                operands.add(point(range.lowerEndpoint(), valueType));
            }
            Expression in = new Call(Function.IN, operands, DataType.BOOLEAN);
            return sarg.isPoints() ? in : new Call(Function.NOT, List.of(in), DataType.BOOLEAN);
        }
        return convert(RexUtil.expandSearch(rexBuilder, null, call));
    }

    /** A point of a search argument, held as Calcite holds literal values, as the engine's literal. */
    private static Literal point(Comparable<?> value, DataType type) {
        Object engineValue =
                switch (type.kind()) {
                    case VARCHAR -> value instanceof NlsString nls ? nls.getValue() : value.toString();
                    case DATE -> (long) ((DateString) value).getDaysSinceEpoch();
                    case DECIMAL ->
                        ((BigDecimal) value)
                                .setScale(type.scale(), RoundingMode.HALF_UP)
                                .unscaledValue()
                                .longValueExact();
                    case INTEGER, BIGINT -> ((BigDecimal) value).longValueExact();
                    case DOUBLE -> ((BigDecimal) value).doubleValue();
                    case BOOLEAN -> value;
                    case NULL -> null;
                };
        return new Literal(engineValue, type);
    }

    private Expression extract(RexCall call, DataType type) {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
        Literal unitName = new Literal(unit.name(), DataType.VARCHAR);
        return new Call(
                Function.EXTRACT, List.of(unitName, convert(call.getOperands().get(1))), type);
    }

    private Expression trim(RexCall call, DataType type) {
        // TRIM(flag, characters, string)
        RexLiteral flag = (RexLiteral) call.getOperands().get(0);
        Expression characters = convert(call.getOperands().get(1));
        Expression string = convert(call.getOperands().get(2));
        String flagName = flag.getValue().toString();
        if ("BOTH".equals(flagName) && characters instanceof Literal literal && " ".equals(literal.value())) {
            return new Call(Function.TRIM, List.of(string), type);
        }
        return new Call(
                Function.TRIM_CHARACTERS, List.of(new Literal(flagName, DataType.VARCHAR), characters, string), type);
    }

    /** CEIL and FLOOR of a number; of a date or time ({@code FLOOR(d TO unit)}) they are not run here. */
    private Expression roundingToInteger(Function function, RexCall call, DataType type) {
        if (call.getOperands().size() != 1 || !SqlTypeFamily.NUMERIC.contains(call.getType())) {
            throw unsupported(call.getOperator().getName() + " of "
                    + call.getOperands().get(0).getType());
        }
        return call(function, call, type);
    }

    /** POSITION(substring IN string); the form with FROM is not run. */
    private Expression position(RexCall call, DataType type) {
        if (call.getOperands().size() != 2) {
            throw unsupported("POSITION ... FROM");
        }
        return call(Function.POSITION, call, type);
    }

    /** DATE plus or minus an interval literal: days for day-time intervals, months for year-month ones. */
    private Expression dateArithmetic(RexCall call, DataType type) {
        RexNode date = call.getOperands().get(0);
        RexNode interval = call.getOperands().get(1);
        if (isInterval(List.of(date))) {
            RexNode swap = date;
            date = interval;
            interval = swap;
        }
        if (!(interval instanceof RexLiteral literal)) {
            throw unsupported("Date arithmetic with a non-constant interval");
        }
        boolean yearMonth = interval.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        long amount = literal.getValueAs(BigDecimal.class).longValueExact();
        if (!yearMonth) {
            amount = amount / 86_400_000L;
        }
        if (call.getKind() == SqlKind.MINUS) {
            amount = -amount;
        }
        Function function = yearMonth ? Function.DATE_ADD_MONTHS : Function.DATE_ADD_DAYS;
        return new Call(function, List.of(convert(date), new Literal(amount, DataType.BIGINT)), type);
    }

    private static boolean isInterval(List<RexNode> operands) {
        return operands.stream().anyMatch(operand -> SqlTypeFamily.DATETIME_INTERVAL.contains(operand.getType()));
    }

    private static AqueductException unsupported(String what) {
        return new AqueductException(ErrorCode.NOT_SUPPORTED, what + " is not supported");
    }
}
