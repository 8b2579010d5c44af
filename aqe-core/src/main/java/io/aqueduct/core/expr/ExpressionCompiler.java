package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns an {@link Expression} into a {@link VectorExpression} that evaluates whole batches. Decisions
 * that depend only on types (which loop to run, which operands to widen or rescale) are made here,
 * once, so that evaluation runs straight primitive loops. Operands whose types differ from what a
 * function computes on are wrapped in casts: INTEGER arithmetic runs on BIGINT, DECIMAL operands of
 * ADD, SUBTRACT, MOD and comparisons are rescaled to a common scale, DOUBLE mixed with DECIMAL computes
 * as DOUBLE.
 *
 * <pre>{@code
 * VectorExpression discounted = ExpressionCompiler.compile(call);
 * try (FieldVector values = discounted.evaluate(batch, allocator)) { ... }
 * }</pre>
 */
public final class ExpressionCompiler {
    private static final int MAX_PRECISION = DataType.MAX_DECIMAL_PRECISION;

    private ExpressionCompiler() {}

    public static VectorExpression compile(Expression expression) {
        if (expression instanceof InputReference reference) {
            return new InputReferenceExpression(reference.field(), reference.type());
        }
        if (expression instanceof Literal literal) {
            return new LiteralExpression(literal);
        }
        return compileCall((Call) expression);
    }

    private static VectorExpression compileCall(Call call) {
        Function function = call.function();
        List<Expression> operands = call.operands();
        return switch (function) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, MOD -> arithmetic(call);
            case NEGATE, ABS -> sign(call);
            case CHECK_SMALLINT, CHECK_TINYINT ->
                new NarrowIntegerExpression(function, coerce(operands.get(0), DataType.INTEGER));
            case EQUAL, NOT_EQUAL, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                comparison(function, operands.get(0), operands.get(1));
            case AND, OR -> new LogicalExpression(function, coerceAll(operands, DataType.BOOLEAN));
            case NOT -> new NotExpression(coerce(operands.get(0), DataType.BOOLEAN));
            case IS_NULL, IS_NOT_NULL -> new BooleanTestExpression(function, compile(operands.get(0)));
            case IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE ->
                new BooleanTestExpression(function, coerce(operands.get(0), DataType.BOOLEAN));
            case CASE -> caseExpression(call);
            case CAST -> coerce(operands.get(0), call.type());
            case LIKE -> like(operands);
            case IN -> in(operands);
            case EXTRACT ->
                new ExtractExpression(
                        literalText(operands.get(0), "EXTRACT unit"),
                        compile(operands.get(1)),
                        dateTimeType(operands.get(1), call));
            case SUBSTRING ->
                new SubstringExpression(
                        coerce(operands.get(0), DataType.VARCHAR),
                        coerce(operands.get(1), DataType.BIGINT),
                        operands.size() > 2 ? coerce(operands.get(2), DataType.BIGINT) : null);
            case DATE_ADD_DAYS, DATETIME_ADD_MONTHS, DATETIME_ADD_MICROS ->
                new DateTimeAddExpression(
                        function,
                        coerce(operands.get(0), call.type()),
                        coerce(operands.get(1), DataType.BIGINT),
                        dateTimeType(call, call));
            case DATETIME_DIFF_MICROS, DATETIME_DIFF_MONTHS -> dateTimeDifference(call);
            case DATETIME_FLOOR, DATETIME_CEIL ->
                new DateTimeTruncation(
                        function,
                        literalText(operands.get(0), "Truncation unit"),
                        compile(operands.get(1)),
                        dateTimeType(operands.get(1), call));
            case TO_CHAR ->
                new ToCharExpression(
                        compile(operands.get(0)),
                        operands.get(0).type(),
                        literalText(operands.get(1), "TO_CHAR template"));
            case PARSE_DATETIME -> {
                String template = literalText(operands.get(1), "TO_DATE or TO_TIMESTAMP template");
                yield template == null
                        ? new LiteralExpression(new Literal(null, call.type()))
                        : new ParseDateTimeExpression(coerce(operands.get(0), DataType.VARCHAR), call.type(), template);
            }
            case CONCAT -> new ConcatExpression(coerceAll(operands, DataType.VARCHAR));
            case UPPER, LOWER -> new CaseConversionExpression(function, coerce(operands.get(0), DataType.VARCHAR));
            case TRIM -> new TrimExpression(coerce(operands.get(0), DataType.VARCHAR));
            case CHAR_LENGTH ->
                CastExpression.create(
                        new CharLengthExpression(coerce(operands.get(0), DataType.VARCHAR)),
                        DataType.BIGINT,
                        call.type());
            case OCTET_LENGTH ->
                CastExpression.create(
                        new OctetLengthExpression(compile(operands.get(0))), DataType.BIGINT, call.type());
            case COALESCE -> new CoalesceExpression(coerceAll(operands, call.type()), call.type());
            case SQRT, CBRT, EXP, LN, LOG10, POWER, SIGN, CEIL, FLOOR, ROUND, TRUNCATE ->
                MathFunctionCompiler.compile(call);
            case SIN, COS, TAN, COT, ASIN, ACOS, ATAN, ATAN2, DEGREES, RADIANS -> MathFunctionCompiler.compile(call);
            case RANDOM -> CastExpression.create(new RandomExpression(), DataType.DOUBLE, call.type());
            case POSITION,
                    REPLACE,
                    TRIM_CHARACTERS,
                    LPAD,
                    RPAD,
                    LEFT,
                    RIGHT,
                    REPEAT,
                    REVERSE,
                    INITCAP,
                    SPLIT_PART,
                    REGEXP_REPLACE,
                    REGEXP_LIKE,
                    SIMILAR_TO,
                    REGEXP_EXTRACT,
                    MD5,
                    DAY_TIME_INTERVAL_TEXT,
                    YEAR_MONTH_INTERVAL_TEXT,
                    ASCII,
                    CHR,
                    TRANSLATE -> StringFunctionCompiler.compile(call);
        };
    }

    private static VectorExpression arithmetic(Call call) {
        Function function = call.function();
        Expression left = call.operand(0);
        Expression right = call.operand(1);
        DataType type = call.type();
        return switch (type.kind()) {
            case DOUBLE -> doubleArithmetic(function, left, right);
            case BIGINT -> longArithmetic(function, left, right, DataType.BIGINT);
            case INTEGER ->
                CastExpression.create(
                        longArithmetic(function, left, right, DataType.BIGINT), DataType.BIGINT, DataType.INTEGER);
            case DECIMAL -> decimalArithmetic(function, left, right, type);
            default -> throw unsupported(call);
        };
    }

    private static VectorExpression decimalArithmetic(
            Function function, Expression left, Expression right, DataType type) {
        if (left.type().kind() == TypeKind.DOUBLE || right.type().kind() == TypeKind.DOUBLE) {
            return CastExpression.create(doubleArithmetic(function, left, right), DataType.DOUBLE, type);
        }
        if (function == Function.MULTIPLY || function == Function.DIVIDE) {
            return new DecimalArithmeticExpression(
                    function,
                    coerce(left, exactAsLong(left.type())),
                    NumericCasts.scale(left.type()),
                    coerce(right, exactAsLong(right.type())),
                    NumericCasts.scale(right.type()),
                    type);
        }
        return longArithmetic(function, left, right, DataType.decimal(MAX_PRECISION, type.scale()));
    }

    private static VectorExpression longArithmetic(
            Function function, Expression left, Expression right, DataType type) {
        return new LongArithmeticExpression(function, coerce(left, type), coerce(right, type), type);
    }

    private static VectorExpression doubleArithmetic(Function function, Expression left, Expression right) {
        return new DoubleArithmeticExpression(
                function, coerce(left, DataType.DOUBLE), coerce(right, DataType.DOUBLE), DataType.DOUBLE);
    }

    /** The BigIntVector-backed type holding values of an exact type unchanged: DECIMAL as is, else BIGINT. */
    private static DataType exactAsLong(DataType type) {
        return type.kind() == TypeKind.DECIMAL ? type : DataType.BIGINT;
    }

    private static VectorExpression sign(Call call) {
        DataType type = call.type();
        Expression operand = call.operand(0);
        return switch (type.kind()) {
            case DOUBLE, BIGINT -> new SignExpression(call.function(), coerce(operand, type), type);
            case DECIMAL ->
                new SignExpression(
                        call.function(), coerce(operand, DataType.decimal(MAX_PRECISION, type.scale())), type);
            case INTEGER ->
                CastExpression.create(
                        new SignExpression(call.function(), coerce(operand, DataType.BIGINT), DataType.BIGINT),
                        DataType.BIGINT,
                        DataType.INTEGER);
            default -> throw unsupported(call);
        };
    }

    private static VectorExpression comparison(Function function, Expression left, Expression right) {
        DataType common = comparisonType(left.type(), right.type());
        if (isConstant(right) && !isConstant(left)) {
            return new LiteralComparisonExpression(function, coerce(left, common), coerce(right, common));
        }
        if (isConstant(left) && !isConstant(right)) {
            return new LiteralComparisonExpression(
                    ComparisonExpression.mirrored(function), coerce(right, common), coerce(left, common));
        }
        return new ComparisonExpression(function, coerce(left, common), coerce(right, common));
    }

    /** A non-NULL literal of a comparable type (NULL-typed comparisons keep the general path). */
    private static boolean isConstant(Expression expression) {
        return expression instanceof Literal literal && !literal.isNull();
    }

    /** The type both sides of a comparison are brought to. */
    private static DataType comparisonType(DataType left, DataType right) {
        if (left.kind() == TypeKind.NULL && right.kind() == TypeKind.NULL) {
            return DataType.BOOLEAN;
        }
        if (left.kind() == TypeKind.NULL || right.kind() == TypeKind.VARCHAR) {
            return right.kind() == TypeKind.VARCHAR && left.kind() != TypeKind.NULL ? left : right;
        }
        if (right.kind() == TypeKind.NULL || left.kind() == TypeKind.VARCHAR) {
            return left.kind() == TypeKind.VARCHAR && right.kind() != TypeKind.NULL ? right : left;
        }
        if (left.isNumeric() && right.isNumeric()) {
            if (left.kind() == TypeKind.DOUBLE || right.kind() == TypeKind.DOUBLE) {
                return DataType.DOUBLE;
            }
            if (left.kind() == TypeKind.DECIMAL || right.kind() == TypeKind.DECIMAL) {
                return DataType.decimal(MAX_PRECISION, Math.max(NumericCasts.scale(left), NumericCasts.scale(right)));
            }
            return left.kind() == TypeKind.INTEGER && right.kind() == TypeKind.INTEGER
                    ? DataType.INTEGER
                    : DataType.BIGINT;
        }
        if (isDateOrTimestamp(left) && isDateOrTimestamp(right)) {
            return left.kind() == TypeKind.DATE && right.kind() == TypeKind.DATE ? DataType.DATE : DataType.TIMESTAMP;
        }
        if (left.kind() != right.kind()) {
            throw new AqueductException(ErrorCode.TYPE_MISMATCH, "Cannot compare " + left + " with " + right);
        }
        return left;
    }

    private static boolean isDateOrTimestamp(DataType type) {
        return type.kind() == TypeKind.DATE || type.kind() == TypeKind.TIMESTAMP;
    }

    private static VectorExpression dateTimeDifference(Call call) {
        Expression later = call.operand(0);
        Expression earlier = call.operand(1);
        DataType common = comparisonType(later.type(), earlier.type());
        dateTimeType(new Literal(null, common), call);
        return CastExpression.create(
                new DateTimeDifferenceExpression(
                        call.function(), coerce(later, common), coerce(earlier, common), common),
                DataType.BIGINT,
                call.type());
    }

    /** The type of {@code expression}, which must be DATE, TIMESTAMP or TIME. */
    private static DataType dateTimeType(Expression expression, Call call) {
        return switch (expression.type().kind()) {
            case DATE, TIMESTAMP, TIME -> expression.type();
            default -> throw unsupported(call);
        };
    }

    private static VectorExpression caseExpression(Call call) {
        List<Expression> operands = call.operands();
        List<VectorExpression> conditions = new ArrayList<>();
        List<VectorExpression> results = new ArrayList<>();
        for (int i = 0; i + 1 < operands.size(); i += 2) {
            conditions.add(coerce(operands.get(i), DataType.BOOLEAN));
            results.add(coerce(operands.get(i + 1), call.type()));
        }
        Expression otherwise =
                operands.size() % 2 == 1 ? operands.get(operands.size() - 1) : new Literal(null, call.type());
        return new CaseExpression(conditions, results, coerce(otherwise, call.type()), call.type());
    }

    private static VectorExpression like(List<Expression> operands) {
        VectorExpression value = coerce(operands.get(0), DataType.VARCHAR);
        Expression pattern = operands.get(1);
        String escape = null;
        if (operands.size() > 2) {
            escape = literalText(operands.get(2), "LIKE escape");
            if (escape == null) {
                return nullBoolean();
            }
        }
        if (pattern instanceof Literal literal) {
            return literal.isNull()
                    ? nullBoolean()
                    : new LikeExpression(value, LikeMatcher.compile(literal.stringValue(), escape));
        }
        return new DynamicLikeExpression(value, coerce(pattern, DataType.VARCHAR), escape);
    }

    private static VectorExpression in(List<Expression> operands) {
        Expression value = operands.get(0);
        List<Expression> candidates = operands.subList(1, operands.size());
        if (value.type().kind() == TypeKind.NULL) {
            return nullBoolean();
        }
        if (value.type().kind() == TypeKind.VARBINARY
                || !candidates.stream().allMatch(candidate -> candidate instanceof Literal)) {
            List<VectorExpression> equalities = new ArrayList<>();
            for (Expression candidate : candidates) {
                equalities.add(comparison(Function.EQUAL, value, candidate));
            }
            return new LogicalExpression(Function.OR, equalities);
        }
        List<Literal> literals = candidates.stream().map(Literal.class::cast).toList();
        DataType valueType = value.type();
        if (valueType.kind() != TypeKind.DOUBLE
                && valueType.isNumeric()
                && literals.stream().anyMatch(literal -> literal.type().kind() == TypeKind.DOUBLE)) {
            valueType = DataType.DOUBLE;
        }
        return new InExpression(coerce(value, valueType), valueType, literals);
    }

    private static String literalText(Expression expression, String role) {
        if (expression instanceof Literal literal && (literal.isNull() || literal.value() instanceof String)) {
            return literal.stringValue();
        }
        throw new AqueductException(ErrorCode.NOT_SUPPORTED, role + " must be a VARCHAR literal: " + expression);
    }

    private static VectorExpression nullBoolean() {
        return new LiteralExpression(new Literal(null, DataType.BOOLEAN));
    }

    /** Compiles {@code expression} and converts its values to {@code type} when its own type differs. */
    static VectorExpression coerce(Expression expression, DataType type) {
        return CastExpression.create(compile(expression), expression.type(), type);
    }

    private static List<VectorExpression> coerceAll(List<Expression> expressions, DataType type) {
        return expressions.stream().map(expression -> coerce(expression, type)).toList();
    }

    private static AqueductException unsupported(Call call) {
        return new AqueductException(ErrorCode.NOT_SUPPORTED, "Unsupported call " + call + " of type " + call.type());
    }
}
