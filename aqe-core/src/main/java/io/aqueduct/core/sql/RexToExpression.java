package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.ConstantFolding;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/** Translates Calcite row expressions into the engine's {@link Expression}s. */
final class RexToExpression {
    private final RexBuilder rexBuilder;
    private final ParameterBinder parameters;
    private final StatementTime statementTime;
    private final SessionValues session;
    private boolean readsExecutionValues;

    RexToExpression(
            RexBuilder rexBuilder, ParameterBinder parameters, StatementTime statementTime, SessionValues session) {
        this.rexBuilder = rexBuilder;
        this.parameters = parameters;
        this.statementTime = statementTime;
        this.session = session;
    }

    /**
     * Whether an expression converted so far read a value of its execution: the statement's time (CURRENT_TIMESTAMP...)
     * or the session's (CURRENT_USER...).
     */
    boolean readsExecutionValues() {
        return readsExecutionValues;
    }

    /** The engine's expressions of {@code nodes}, as {@link #convert(RexNode)}. */
    List<Expression> convert(List<? extends RexNode> nodes) {
        return nodes.stream().map(this::convert).toList();
    }

    /**
     * The engine's expression of {@code node}, its calls on constants computed here, once, rather than for every row
     * ({@link ConstantFolding}): those on parameters and on the statement's time, which differ between executions, and
     * any Calcite could not reduce.
     */
    Expression convert(RexNode node) {
        return ConstantFolding.fold(translate(node));
    }

    private List<Expression> translate(List<? extends RexNode> nodes) {
        List<Expression> expressions = new ArrayList<>(nodes.size());
        for (RexNode node : nodes) {
            expressions.add(translate(node));
        }
        return expressions;
    }

    private Expression translate(RexNode node) {
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
        return literal(literal, literal.getType());
    }

    /**
     * {@code literal}'s value as a literal of {@code columnType}: a VALUES row may hold a literal of another type than
     * its column, as 3.25 (DECIMAL(3, 2)) in {@code VALUES (2.5e0), (3.25)}, whose column is DOUBLE.
     */
    static Literal literal(RexLiteral literal, RelDataType columnType) {
        DataType type = TypeConverter.toDataType(columnType);
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
                    case TIMESTAMP ->
                        DateTimes.parseTimestamp(
                                literal.getValueAs(TimestampString.class).toString());
                    case TIME ->
                        DateTimes.parseTime(literal.getValueAs(TimeString.class).toString());
                    case VARCHAR -> literal.getValueAs(String.class);
                    case VARBINARY -> literal.getValueAs(ByteString.class).getBytes();
                    case NULL -> null;
                };
        return new Literal(value, type);
    }

    private Expression call(RexCall call) {
        DataType type = TypeConverter.toDataType(call.getType());
        if (type.kind() == TypeKind.NULL) {
            // Only NULL has the NULL type (ABS(NULL), DATE_TRUNC('month', NULL)): no kernel needs to see the call.
            return new Literal(null, type);
        }
        if (isTimeFunction(call)) {
            readsExecutionValues = true;
            return statementTime.value(type);
        }
        Optional<Literal> sessionValue = session.value(call.getOperator());
        if (sessionValue.isPresent()) {
            readsExecutionValues = true;
            return sessionValue.get();
        }
        SqlKind kind = call.getKind();
        return switch (kind) {
            case PLUS, MINUS -> plusOrMinus(call, type);
            case REINTERPRET -> reinterpret(call, type);
            case FLOOR, CEIL ->
                isTruncation(call)
                        ? truncation(call, type)
                        : roundingToInteger(
                                call.getKind() == SqlKind.CEIL ? Function.CEIL : Function.FLOOR, call, type);
            case TIMES -> call(Function.MULTIPLY, call, type);
            case DIVIDE -> call(Function.DIVIDE, call, type);
            case MOD -> call(Function.MOD, call, type);
            case MINUS_PREFIX -> call(Function.NEGATE, call, type);
            case PLUS_PREFIX -> translate(call.getOperands().get(0));
            case EQUALS -> call(Function.EQUAL, call, type);
            case NOT_EQUALS -> call(Function.NOT_EQUAL, call, type);
            case LESS_THAN -> call(Function.LESS_THAN, call, type);
            case LESS_THAN_OR_EQUAL -> call(Function.LESS_THAN_OR_EQUAL, call, type);
            case GREATER_THAN -> call(Function.GREATER_THAN, call, type);
            case GREATER_THAN_OR_EQUAL -> call(Function.GREATER_THAN_OR_EQUAL, call, type);
            case AND -> leftDeep(Function.AND, translate(call.getOperands()), type);
            case OR -> leftDeep(Function.OR, translate(call.getOperands()), type);
            case NOT -> call(Function.NOT, call, type);
            case POSIX_REGEX_CASE_SENSITIVE -> regexMatch(call, type, "");
            case POSIX_REGEX_CASE_INSENSITIVE -> regexMatch(call, type, "i");
            case IS_NULL -> call(Function.IS_NULL, call, type);
            case IS_NOT_NULL -> call(Function.IS_NOT_NULL, call, type);
            // Decorrelated joins leave these behind in filters (a join key compared with a constant).
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM ->
                translate(RelOptUtil.isDistinctFrom(
                        rexBuilder,
                        call.getOperands().get(0),
                        call.getOperands().get(1),
                        kind == SqlKind.IS_NOT_DISTINCT_FROM));
            case IS_TRUE -> call(Function.IS_TRUE, call, type);
            case IS_NOT_TRUE -> call(Function.IS_NOT_TRUE, call, type);
            case IS_FALSE -> call(Function.IS_FALSE, call, type);
            case IS_NOT_FALSE -> call(Function.IS_NOT_FALSE, call, type);
            case CASE -> call(Function.CASE, call, type);
            case CAST ->
                isInterval(call.getOperands())
                        ? IntervalFields.cast(
                                translate(call.getOperands().get(0)),
                                call.getOperands().get(0).getType(),
                                call.getType(),
                                type)
                        : narrowed(call, truncatedToLength(call, call(Function.CAST, call, type)));
            case COALESCE -> call(Function.COALESCE, call, type);
            case LIKE -> like(call, type);
            case SIMILAR -> similarTo(call, type);
            case SEARCH -> search(call);
            case EXTRACT -> extract(call, type);
            case TRIM -> trim(call, type);
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
            case "||", "CONCAT" -> concat(call, type);
            case "LENGTH" -> call(Function.CHAR_LENGTH, call, type);
            case "STRPOS" ->
                new Call(
                        Function.POSITION,
                        translate(List.of(
                                call.getOperands().get(1), call.getOperands().get(0))),
                        type);
            case "LPAD" -> call(Function.LPAD, call, type);
            case "RPAD" -> call(Function.RPAD, call, type);
            case "LEFT" -> call(Function.LEFT, call, type);
            case "RIGHT" -> call(Function.RIGHT, call, type);
            case "REPEAT" -> call(Function.REPEAT, call, type);
            case "REVERSE" -> call(Function.REVERSE, call, type);
            case "INITCAP" -> call(Function.INITCAP, call, type);
            case "SPLIT_PART" -> call(Function.SPLIT_PART, call, type);
            case "REGEXP_REPLACE" -> call(Function.REGEXP_REPLACE, call, type);
            case "REGEXP_LIKE" -> call(Function.REGEXP_LIKE, call, type);
            case "INTERVAL_TEXT" ->
                call(
                        isYearMonth(call.getOperands().get(0))
                                ? Function.YEAR_MONTH_INTERVAL_TEXT
                                : Function.DAY_TIME_INTERVAL_TEXT,
                        call,
                        type);
            case "REGEXP_EXTRACT", "REGEXP_SUBSTR" -> call(Function.REGEXP_EXTRACT, call, type);
            case "TO_CHAR" -> call(Function.TO_CHAR, call, type);
            case "TO_DATE" -> call(Function.PARSE_DATETIME, call, type);
            case "TO_TIMESTAMP" ->
                call.getOperands().size() == 2
                        ? call(Function.PARSE_DATETIME, call, type)
                        : fromEpochSeconds(call, type);
            case "LAST_DAY" -> lastDay(call, type);
            case "OVERLAY" -> overlay(call, type);
            case "OCTET_LENGTH" -> call(Function.OCTET_LENGTH, call, type);
            case "MD5" -> call(Function.MD5, call, type);
            case "ASCII" -> call(Function.ASCII, call, type);
            case "CHR", "CHAR" -> call(Function.CHR, call, type);
            case "ABS" -> call(Function.ABS, call, type);
            case "SQRT" -> call(Function.SQRT, call, type);
            case "EXP" -> call(Function.EXP, call, type);
            case "LN" -> call(Function.LN, call, type);
            case "LOG10" -> call(Function.LOG10, call, type);
            case "POWER" -> call(Function.POWER, call, type);
            case "CBRT" -> call(Function.CBRT, call, type);
            case "SIN" -> call(Function.SIN, call, type);
            case "COS" -> call(Function.COS, call, type);
            case "TAN" -> call(Function.TAN, call, type);
            case "COT" -> call(Function.COT, call, type);
            case "ASIN" -> call(Function.ASIN, call, type);
            case "ACOS" -> call(Function.ACOS, call, type);
            case "ATAN" -> call(Function.ATAN, call, type);
            case "ATAN2" -> call(Function.ATAN2, call, type);
            case "DEGREES" -> call(Function.DEGREES, call, type);
            case "RADIANS" -> call(Function.RADIANS, call, type);
            case "SIGN" -> call(Function.SIGN, call, type);
            case "ROUND" -> call(Function.ROUND, call, type);
            case "TRUNCATE" -> call(Function.TRUNCATE, call, type);
            case "REPLACE" -> call(Function.REPLACE, call, type);
            case "TRANSLATE3" -> call(Function.TRANSLATE, call, type);
            case "DATE_TRUNC" -> dateTrunc(call, type);
            case "PI" -> new Literal(Math.PI, type);
            case "RAND", "RANDOM" -> {
                if (!call.getOperands().isEmpty()) {
                    throw unsupported("RAND with a seed");
                }
                yield new Call(Function.RANDOM, List.of(), type);
            }
            default -> throw unsupported("Function " + call.getOperator().getName());
        };
    }

    /**
     * {@code ||} and CONCAT are NULL when an operand is; PostgreSQL's CONCAT function (the library's) reads a NULL
     * operand as the empty string instead.
     */
    private Expression concat(RexCall call, DataType type) {
        if (call.getOperator() != SqlLibraryOperators.CONCAT_FUNCTION_WITH_NULL) {
            return call(Function.CONCAT, call, type);
        }
        Literal empty = new Literal("", DataType.VARCHAR);
        List<Expression> operands = translate(call.getOperands()).stream()
                .map(operand -> (Expression) new Call(Function.COALESCE, List.of(operand, empty), DataType.VARCHAR))
                .toList();
        return new Call(Function.CONCAT, operands, type);
    }

    private Expression binary(RexCall call, DataType type) {
        return call(call.getKind() == SqlKind.PLUS ? Function.ADD : Function.SUBTRACT, call, type);
    }

    private Expression call(Function function, RexCall call, DataType type) {
        return new Call(function, translate(call.getOperands()), type);
    }

    private static Expression leftDeep(Function function, List<Expression> operands, DataType type) {
        Expression result = operands.get(0);
        for (int i = 1; i < operands.size(); i++) {
            result = new Call(function, List.of(result, operands.get(i)), type);
        }
        return result;
    }

    /** LIKE and NOT LIKE; ILIKE and NOT ILIKE compare the lower case of the value with that of the pattern. */
    private Expression like(RexCall call, DataType type) {
        SqlLikeOperator operator = (SqlLikeOperator) call.getOperator();
        List<Expression> operands = translate(call.getOperands());
        if (!operator.isCaseSensitive()) {
            operands = operands.stream()
                    .map(operand -> (Expression) new Call(Function.LOWER, List.of(operand), operand.type()))
                    .toList();
        }
        Expression like = new Call(Function.LIKE, operands, type);
        return operator.isNegated() ? new Call(Function.NOT, List.of(like), type) : like;
    }

    /** SIMILAR TO and NOT SIMILAR TO. */
    private Expression similarTo(RexCall call, DataType type) {
        Expression similar = new Call(Function.SIMILAR_TO, translate(call.getOperands()), type);
        return ((SqlLikeOperator) call.getOperator()).isNegated()
                ? new Call(Function.NOT, List.of(similar), type)
                : similar;
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
            operands.add(translate(value));
            DataType valueType = TypeConverter.toDataType(value.getType());
            for (var range : points.rangeSet.asRanges()) {
                operands.add(point(range.lowerEndpoint(), valueType));
            }
            Expression in = new Call(Function.IN, operands, DataType.BOOLEAN);
            return sarg.isPoints() ? in : new Call(Function.NOT, List.of(in), DataType.BOOLEAN);
        }
        return translate(RexUtil.expandSearch(rexBuilder, null, call));
    }

    /** A point of a search argument, held as Calcite holds literal values, as the engine's literal. */
    private static Literal point(Comparable<?> value, DataType type) {
        Object engineValue =
                switch (type.kind()) {
                    case VARCHAR -> value instanceof NlsString nls ? nls.getValue() : value.toString();
                    case DATE -> (long) ((DateString) value).getDaysSinceEpoch();
                    case TIMESTAMP -> DateTimes.parseTimestamp(value.toString());
                    case TIME -> DateTimes.parseTime(value.toString());
                    case VARBINARY -> ((ByteString) value).getBytes();
                    case DECIMAL ->
                        exact(value)
                                .setScale(type.scale(), RoundingMode.HALF_UP)
                                .unscaledValue()
                                .longValueExact();
                    case INTEGER, BIGINT -> exact(value).longValueExact();
                    // A point of a DOUBLE value is a Double (1e0) or a BigDecimal (2.5).
                    case DOUBLE -> ((Number) value).doubleValue();
                    case BOOLEAN -> value;
                    case NULL -> null;
                };
        return new Literal(engineValue, type);
    }

    private static BigDecimal exact(Comparable<?> number) {
        return number instanceof BigDecimal decimal ? decimal : new BigDecimal(number.toString());
    }

    private Expression extract(RexCall call, DataType type) {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
        RexNode source = call.getOperands().get(1);
        if (isInterval(List.of(source))) {
            return as(IntervalFields.extract(unit, translate(source), isYearMonth(source)), type);
        }
        return unitCall(Function.EXTRACT, unit.name(), translate(source), type);
    }

    private Expression trim(RexCall call, DataType type) {
        // TRIM(flag, characters, string)
        RexLiteral flag = (RexLiteral) call.getOperands().get(0);
        Expression characters = translate(call.getOperands().get(1));
        Expression string = translate(call.getOperands().get(2));
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

    /** Numbers, intervals, or a date/time plus or minus an interval, or the interval between two dates/times. */
    private Expression plusOrMinus(RexCall call, DataType type) {
        List<RexNode> operands = call.getOperands();
        boolean datetimeOperand = operands.stream().anyMatch(RexToExpression::isDateTime);
        if (datetimeOperand && isInterval(List.<RexNode>of(call))) {
            return difference(call);
        }
        return datetimeOperand && isInterval(operands) ? dateTimeArithmetic(call, type) : binary(call, type);
    }

    /**
     * A date/time plus or minus an interval. Intervals are BIGINTs in Calcite's units, milliseconds for
     * day-time intervals and months for year-month ones: dates add days, timestamps and times add
     * microseconds, dates and timestamps add months.
     */
    private Expression dateTimeArithmetic(RexCall call, DataType type) {
        RexNode datetime = call.getOperands().get(0);
        RexNode interval = call.getOperands().get(1);
        if (isInterval(List.of(datetime))) {
            RexNode swap = datetime;
            datetime = interval;
            interval = swap;
        }
        Expression amount = translate(interval);
        Function function;
        if (isYearMonth(interval)) {
            if (type.kind() == TypeKind.TIME) {
                throw unsupported("TIME plus or minus a year-month interval");
            }
            function = Function.DATETIME_ADD_MONTHS;
        } else if (type.kind() == TypeKind.DATE) {
            function = Function.DATE_ADD_DAYS;
            amount = scaled(amount, Function.DIVIDE, DateTimes.MILLIS_PER_DAY);
        } else {
            function = Function.DATETIME_ADD_MICROS;
            amount = scaled(amount, Function.MULTIPLY, DateTimes.MICROS_PER_MILLI);
        }
        if (call.getKind() == SqlKind.MINUS) {
            amount = amount instanceof Literal literal && !literal.isNull()
                    ? new Literal(Math.negateExact(literal.longValue()), DataType.BIGINT)
                    : new Call(Function.NEGATE, List.of(amount), DataType.BIGINT);
        }
        return new Call(function, List.of(translate(datetime), amount), type);
    }

    /** {@code (later - earlier) unit}: the interval between two dates/times, in Calcite's interval units. */
    private Expression difference(RexCall call) {
        List<Expression> operands = translate(call.getOperands());
        if (isYearMonth(call)) {
            return new Call(Function.DATETIME_DIFF_MONTHS, operands, DataType.BIGINT);
        }
        Call micros = new Call(Function.DATETIME_DIFF_MICROS, operands, DataType.BIGINT);
        return scaled(micros, Function.DIVIDE, DateTimes.MICROS_PER_MILLI);
    }

    /** {@code amount} multiplied or divided by {@code factor}, folded when it is a literal. */
    private static Expression scaled(Expression amount, Function function, long factor) {
        if (amount instanceof Literal literal && !literal.isNull()) {
            long value = literal.longValue();
            long result = function == Function.MULTIPLY ? Math.multiplyExact(value, factor) : value / factor;
            return new Literal(result, DataType.BIGINT);
        }
        return new Call(function, List.of(amount, new Literal(factor, DataType.BIGINT)), DataType.BIGINT);
    }

    /** Calcite's view of a value as another type of the same representation, e.g. an interval as its number. */
    private Expression reinterpret(RexCall call, DataType type) {
        return as(translate(call.getOperands().get(0)), type);
    }

    /** {@code value}, cast to {@code type} unless it has that type. */
    private static Expression as(Expression value, DataType type) {
        return value.type().equals(type) ? value : new Call(Function.CAST, List.of(value), type);
    }

    /** FLOOR(datetime TO unit) or CEIL(datetime TO unit), as opposed to FLOOR or CEIL of a number. */
    private static boolean isTruncation(RexCall call) {
        return call.getOperands().size() == 2 && isDateTime(call.getOperands().get(0));
    }

    private Expression truncation(RexCall call, DataType type) {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(1)).getValueAs(TimeUnitRange.class);
        Function function = call.getKind() == SqlKind.FLOOR ? Function.DATETIME_FLOOR : Function.DATETIME_CEIL;
        return unitCall(function, unit.name(), translate(call.getOperands().get(0)), type);
    }

    /** {@code function(unit, value)}, the unit's name passed as a string: EXTRACT and the truncations. */
    private static Expression unitCall(Function function, String unit, Expression value, DataType type) {
        return new Call(function, List.of(new Literal(unit, DataType.VARCHAR), value), type);
    }

    /** {@code DATE_TRUNC('unit', value)}: FLOOR(value TO unit) of the value as the result's type, the unit a constant. */
    private Expression dateTrunc(RexCall call, DataType type) {
        if (!(call.getOperands().get(0) instanceof RexLiteral unit) || unit.getValueAs(String.class) == null) {
            throw unsupported("DATE_TRUNC with a unit that is not a constant");
        }
        return unitCall(
                Function.DATETIME_FLOOR,
                unit.getValueAs(String.class).trim(),
                as(translate(call.getOperands().get(1)), type),
                type);
    }

    /** {@code LAST_DAY(value)}: the DATE of the last day of the value's month, the month's first day + 1 month - 1 day. */
    /** {@code TO_TIMESTAMP(seconds)}: 1970-01-01 00:00:00 plus the seconds, rounded to the microsecond. */
    private Expression fromEpochSeconds(RexCall call, DataType type) {
        Expression seconds = as(translate(call.getOperands().get(0)), DataType.DOUBLE);
        Expression micros = new Call(
                Function.MULTIPLY,
                List.of(seconds, new Literal((double) DateTimes.MICROS_PER_SECOND, DataType.DOUBLE)),
                DataType.DOUBLE);
        return new Call(
                Function.DATETIME_ADD_MICROS,
                List.of(new Literal(0L, DataType.TIMESTAMP), as(micros, DataType.BIGINT)),
                type);
    }

    private Expression lastDay(RexCall call, DataType type) {
        Expression date = as(translate(call.getOperands().get(0)), DataType.DATE);
        Expression monthStart = unitCall(Function.DATETIME_FLOOR, TimeUnitRange.MONTH.name(), date, DataType.DATE);
        Expression nextMonthStart = new Call(
                Function.DATETIME_ADD_MONTHS, List.of(monthStart, new Literal(1L, DataType.BIGINT)), DataType.DATE);
        return new Call(Function.DATE_ADD_DAYS, List.of(nextMonthStart, new Literal(-1L, DataType.BIGINT)), type);
    }

    /**
     * A cast to {@code VARCHAR(n)} or {@code CHAR(n)} keeps the first n characters, as PostgreSQL's explicit casts do
     * ({@code CAST('abcdef' AS VARCHAR(3))} is {@code abc}); CHAR is not padded (see {@link AqueductTypeSystem}).
     */
    private static Expression truncatedToLength(RexCall cast, Expression converted) {
        RelDataType target = cast.getType();
        int length = target.getPrecision();
        boolean bounded = SqlTypeUtil.inCharFamily(target) && length != RelDataType.PRECISION_NOT_SPECIFIED;
        RelDataType source = cast.getOperands().get(0).getType();
        if (!bounded
                || (SqlTypeUtil.inCharFamily(source)
                        && source.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
                        && source.getPrecision() <= length)) {
            return converted;
        }
        return new Call(
                Function.SUBSTRING,
                List.of(converted, new Literal(1L, DataType.BIGINT), new Literal((long) length, DataType.BIGINT)),
                converted.type());
    }

    /**
     * A cast to SMALLINT or TINYINT, which the engine holds as INTEGER, checks that the value is one of the narrower
     * type's unless the operand's type is at most as wide.
     */
    private static Expression narrowed(RexCall cast, Expression converted) {
        SqlTypeName target = cast.getType().getSqlTypeName();
        SqlTypeName source = cast.getOperands().get(0).getType().getSqlTypeName();
        if (target == SqlTypeName.SMALLINT && source != SqlTypeName.SMALLINT && source != SqlTypeName.TINYINT) {
            return new Call(Function.CHECK_SMALLINT, List.of(converted), converted.type());
        }
        if (target == SqlTypeName.TINYINT && source != SqlTypeName.TINYINT) {
            return new Call(Function.CHECK_TINYINT, List.of(converted), converted.type());
        }
        return converted;
    }

    /**
     * {@code OVERLAY(s PLACING r FROM p [FOR n])} (and JDBC's {@code {fn INSERT(s, p, n, r)}}): the first p - 1
     * characters of s, r, and s from character p + n, n being r's length when not given.
     */
    private Expression overlay(RexCall call, DataType type) {
        List<Expression> operands = translate(call.getOperands());
        Expression string = operands.get(0);
        Expression replacement = operands.get(1);
        Expression from = as(operands.get(2), DataType.BIGINT);
        Expression length = operands.size() > 3
                ? as(operands.get(3), DataType.BIGINT)
                : new Call(Function.CHAR_LENGTH, List.of(replacement), DataType.BIGINT);
        Expression one = new Literal(1L, DataType.BIGINT);
        Expression head = new Call(
                Function.SUBSTRING,
                List.of(string, one, new Call(Function.SUBTRACT, List.of(from, one), DataType.BIGINT)),
                type);
        Expression tail = new Call(
                Function.SUBSTRING,
                List.of(string, new Call(Function.ADD, List.of(from, length), DataType.BIGINT)),
                type);
        return new Call(Function.CONCAT, List.of(head, replacement, tail), type);
    }

    /** PostgreSQL's {@code s ~ pattern} (and {@code ~*}, {@code !~}, {@code !~*}): REGEXP_LIKE with its flags. */
    private Expression regexMatch(RexCall call, DataType type, String flags) {
        List<Expression> operands = new ArrayList<>(translate(call.getOperands()));
        operands.add(new Literal(flags, DataType.VARCHAR));
        Expression matches = new Call(Function.REGEXP_LIKE, operands, type);
        boolean negated = call.getOperator() == SqlStdOperatorTable.NEGATED_POSIX_REGEX_CASE_SENSITIVE
                || call.getOperator() == SqlStdOperatorTable.NEGATED_POSIX_REGEX_CASE_INSENSITIVE;
        return negated ? new Call(Function.NOT, List.of(matches), type) : matches;
    }

    private static boolean isTimeFunction(RexCall call) {
        SqlOperator operator = call.getOperator();
        return operator instanceof SqlAbstractTimeFunction || operator == SqlStdOperatorTable.CURRENT_DATE;
    }

    private static boolean isDateTime(RexNode node) {
        return SqlTypeFamily.DATETIME.contains(node.getType());
    }

    private static boolean isYearMonth(RexNode node) {
        return node.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    }

    private static boolean isInterval(List<RexNode> operands) {
        return operands.stream().anyMatch(operand -> SqlTypeFamily.DATETIME_INTERVAL.contains(operand.getType()));
    }

    private static AqueductException unsupported(String what) {
        return new AqueductException(ErrorCode.NOT_SUPPORTED, what + " is not supported");
    }
}
