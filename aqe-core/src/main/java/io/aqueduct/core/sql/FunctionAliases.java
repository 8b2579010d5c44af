package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * Functions other dialects spell differently from the standard, which the validator rewrites into the standard's
 * calls before it types them (so they plan, run and fail exactly as what they stand for):
 *
 * <ul>
 *   <li>{@code IFNULL} and {@code NVL} are COALESCE, {@code IF} and {@code IIF} a CASE, {@code SUBSTR} SUBSTRING,
 *       {@code CONCAT_WS} concatenations, {@code INSTR(s, sub)} POSITION, {@code SPACE(n)} REPEAT(' ', n), {@code
 *       STARTS_WITH(s, p)} and {@code ENDS_WITH(s, p)} a comparison of p with as many characters of s, DuckDB's
 *       {@code REGEXP_MATCHES} REGEXP_LIKE;
 *   <li>PostgreSQL's {@code CURRENT_DATABASE()} CURRENT_CATALOG;
 *   <li>{@code NOW()} CURRENT_TIMESTAMP, {@code TODAY()} CURRENT_DATE, {@code DATE_PART('unit', x)} EXTRACT, {@code
 *       DATEDIFF('unit', a, b)} TIMESTAMPDIFF of a and b truncated to the unit (the unit boundaries from a to b),
 *       {@code DATEADD('unit', n, x)} and {@code DATE_ADD('unit', n, x)} TIMESTAMPADD, {@code DATE_ADD(x, interval)}
 *       x + interval, {@code MAKE_DATE(y, m, d)} TO_DATE of the three numbers, DuckDB's {@code STRFTIME} and {@code
 *       STRPTIME} TO_CHAR and TO_TIMESTAMP ({@link StrftimeFormats});
 *   <li>{@code TRUNC} TRUNCATE, PostgreSQL's {@code LOG(b, x)} LN(x) / LN(b), {@code LOG(x)} LOG10 and {@code
 *       LOG2(x)} LOG(2, x);
 *   <li>{@code MEDIAN(x)} {@code PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)} ({@link PercentileCalls}), {@code
 *       CORR(y, x)} the covariance over the product of the standard deviations, the linear regression's {@code
 *       REGR_SLOPE}, {@code REGR_INTERCEPT}, {@code REGR_R2}, {@code REGR_AVGX}, {@code REGR_AVGY} and {@code
 *       REGR_SXY} ({@link RegressionCalls}), {@code APPROX_PERCENTILE(x, p)} (and
 *       its other spellings) the exact discrete percentile, {@code COUNT_IF(c)} {@code COUNT(CASE WHEN c THEN 1
 *       END)}.
 * </ul>
 *
 * A unit is a string constant, any case, singular or plural.
 */
final class FunctionAliases {
    static final List<SqlOperator> ALL = List.of(
            alias("IFNULL", 2, 2, SqlFunctionCategory.SYSTEM, renamed(SqlStdOperatorTable.COALESCE)),
            alias("NVL", 2, 2, SqlFunctionCategory.SYSTEM, renamed(SqlStdOperatorTable.COALESCE)),
            alias("IF", 3, 3, SqlFunctionCategory.SYSTEM, FunctionAliases::ifThenElse),
            alias("IIF", 3, 3, SqlFunctionCategory.SYSTEM, FunctionAliases::ifThenElse),
            alias("SUBSTR", 2, 3, SqlFunctionCategory.STRING, renamed(SqlStdOperatorTable.SUBSTRING)),
            alias("CONCAT_WS", 2, Integer.MAX_VALUE, SqlFunctionCategory.STRING, FunctionAliases::concatWithSeparator),
            alias("NOW", 0, 0, SqlFunctionCategory.TIMEDATE, renamed(SqlStdOperatorTable.CURRENT_TIMESTAMP)),
            alias("DATE_PART", 2, 2, SqlFunctionCategory.TIMEDATE, FunctionAliases::extract),
            alias("DATEDIFF", 3, 3, SqlFunctionCategory.TIMEDATE, timestampDiff("DATEDIFF")),
            alias("DATEADD", 3, 3, SqlFunctionCategory.TIMEDATE, timestampAdd("DATEADD")),
            alias("DATE_ADD", 2, 3, SqlFunctionCategory.TIMEDATE, FunctionAliases::dateAdd),
            alias("TRUNC", 1, 2, SqlFunctionCategory.NUMERIC, renamed(SqlStdOperatorTable.TRUNCATE)),
            alias("LOG", 1, 2, SqlFunctionCategory.NUMERIC, FunctionAliases::logarithm),
            alias("LOG2", 1, 1, SqlFunctionCategory.NUMERIC, FunctionAliases::binaryLogarithm),
            alias("STARTS_WITH", 2, 2, SqlFunctionCategory.STRING, FunctionAliases::startsWith),
            alias("ENDS_WITH", 2, 2, SqlFunctionCategory.STRING, FunctionAliases::endsWith),
            alias("MEDIAN", 1, 1, SqlFunctionCategory.NUMERIC, FunctionAliases::median),
            alias("CORR", 2, 2, SqlFunctionCategory.NUMERIC, FunctionAliases::correlation),
            alias("REGR_SLOPE", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::slope),
            alias("REGR_INTERCEPT", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::intercept),
            alias("REGR_R2", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::determination),
            alias("REGR_AVGX", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::averageOfX),
            alias("REGR_AVGY", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::averageOfY),
            alias("REGR_SXY", 2, 2, SqlFunctionCategory.NUMERIC, RegressionCalls::sumOfProducts),
            alias("APPROX_PERCENTILE", 2, 2, SqlFunctionCategory.NUMERIC, FunctionAliases::discretePercentile),
            alias("APPROX_QUANTILE", 2, 2, SqlFunctionCategory.NUMERIC, FunctionAliases::discretePercentile),
            alias("PERCENTILE_APPROX", 2, 2, SqlFunctionCategory.NUMERIC, FunctionAliases::discretePercentile),
            alias("ARBITRARY", 1, 1, SqlFunctionCategory.SYSTEM, renamed(SqlStdOperatorTable.ANY_VALUE)),
            alias("BIT_LENGTH", 1, 1, SqlFunctionCategory.NUMERIC, FunctionAliases::bitLength),
            alias("SPACE", 1, 1, SqlFunctionCategory.STRING, FunctionAliases::spaces),
            alias("DAYNAME", 1, 1, SqlFunctionCategory.TIMEDATE, FunctionAliases::dayName),
            alias("MONTHNAME", 1, 1, SqlFunctionCategory.TIMEDATE, FunctionAliases::monthName),
            alias("INSTR", 2, 2, SqlFunctionCategory.STRING, FunctionAliases::instr),
            alias("COUNT_IF", 1, 1, SqlFunctionCategory.NUMERIC, FunctionAliases::countIf),
            alias("MAKE_DATE", 3, 3, SqlFunctionCategory.TIMEDATE, FunctionAliases::makeDate),
            alias("STRFTIME", 2, 2, SqlFunctionCategory.TIMEDATE, FunctionAliases::strftime),
            alias("STRPTIME", 2, 2, SqlFunctionCategory.TIMEDATE, FunctionAliases::strptime),
            alias("REGEXP_MATCHES", 2, 3, SqlFunctionCategory.STRING, renamed(SqlLibraryOperators.REGEXP_LIKE)),
            alias("TODAY", 0, 0, SqlFunctionCategory.TIMEDATE, renamed(SqlStdOperatorTable.CURRENT_DATE)),
            alias("CURRENT_DATABASE", 0, 0, SqlFunctionCategory.SYSTEM, renamed(SqlStdOperatorTable.CURRENT_CATALOG)));

    /** What DATEDIFF truncates its values to before it counts each unit: weeks are whole weeks of days, as DuckDB's. */
    private static final Map<TimeUnit, TimeUnit> DIFFERENCE_TRUNCATION = Map.of(
            TimeUnit.YEAR, TimeUnit.YEAR,
            TimeUnit.QUARTER, TimeUnit.QUARTER,
            TimeUnit.MONTH, TimeUnit.MONTH,
            TimeUnit.WEEK, TimeUnit.DAY,
            TimeUnit.DAY, TimeUnit.DAY,
            TimeUnit.HOUR, TimeUnit.HOUR,
            TimeUnit.MINUTE, TimeUnit.MINUTE,
            TimeUnit.SECOND, TimeUnit.SECOND);

    private static final List<String> DAY_NAMES =
            List.of("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday");
    private static final List<String> MONTH_NAMES = List.of(
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December");

    private FunctionAliases() {}

    private static SqlOperator alias(
            String name,
            int minOperands,
            int maxOperands,
            SqlFunctionCategory category,
            BiFunction<SqlParserPos, List<SqlNode>, SqlNode> standardCall) {
        return new AliasFunction(name, SqlOperandCountRanges.between(minOperands, maxOperands), category, standardCall);
    }

    /** A function the validator replaces by {@code standardCall} of its operands before typing it. */
    private static final class AliasFunction extends SqlFunction {
        private final SqlOperandCountRange operandCount;
        private final BiFunction<SqlParserPos, List<SqlNode>, SqlNode> standardCall;

        AliasFunction(
                String name,
                SqlOperandCountRange operandCount,
                SqlFunctionCategory category,
                BiFunction<SqlParserPos, List<SqlNode>, SqlNode> standardCall) {
            // Typed only through what it is rewritten to: the return type and operand checks never run.
            super(name, SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0, null, OperandTypes.VARIADIC, category);
            this.operandCount = operandCount;
            this.standardCall = standardCall;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return operandCount;
        }

        @Override
        public SqlNode rewriteCall(SqlValidator validator, SqlCall call) {
            int operands = call.operandCount();
            if (operands < operandCount.getMin() || operands > operandCount.getMax()) {
                throw new AqueductException(
                        ErrorCode.SYNTAX_ERROR,
                        "%s takes %s arguments, not %d".formatted(getName(), allowedCount(), operands));
            }
            return standardCall.apply(call.getParserPosition(), call.getOperandList());
        }

        private String allowedCount() {
            int min = operandCount.getMin();
            int max = operandCount.getMax();
            if (max == Integer.MAX_VALUE) {
                return "at least " + min;
            }
            return min == max ? String.valueOf(min) : min + " to " + max;
        }
    }

    /** The standard {@code operator} called with the alias's operands as they are. */
    private static BiFunction<SqlParserPos, List<SqlNode>, SqlNode> renamed(SqlOperator operator) {
        return operator::createCall;
    }

    private static SqlNode ifThenElse(SqlParserPos pos, List<SqlNode> operands) {
        return new SqlCase(
                pos, null, SqlNodeList.of(operands.get(0)), SqlNodeList.of(operands.get(1)), operands.get(2));
    }

    /**
     * {@code CONCAT_WS(sep, a, b, ...)}: the values that are not NULL, sep between them; '' when all are NULL, NULL when
     * sep is (PostgreSQL, MySQL). Each value is prefixed with sep (NULL stays NULL, then ''), and the first sep cut off.
     */
    private static SqlNode concatWithSeparator(SqlParserPos pos, List<SqlNode> operands) {
        SqlNode separator = operands.get(0);
        SqlNode joined = null;
        for (SqlNode value : operands.subList(1, operands.size())) {
            SqlNode prefixed = SqlStdOperatorTable.COALESCE.createCall(
                    pos,
                    SqlStdOperatorTable.CONCAT.createCall(pos, separator, value),
                    SqlLiteral.createCharString("", pos));
            joined = joined == null ? prefixed : SqlStdOperatorTable.CONCAT.createCall(pos, joined, prefixed);
        }
        SqlNode afterSeparator = SqlStdOperatorTable.PLUS.createCall(
                pos,
                SqlStdOperatorTable.CHAR_LENGTH.createCall(pos, separator),
                SqlLiteral.createExactNumeric("1", pos));
        return SqlStdOperatorTable.SUBSTRING.createCall(pos, joined, afterSeparator);
    }

    /** {@code INSTR(s, sub)} (Oracle, MySQL): {@code POSITION(sub IN s)}. */
    private static SqlNode instr(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.POSITION.createCall(pos, operands.get(1), operands.get(0));
    }

    /** {@code COUNT_IF(condition)} (DuckDB, Snowflake, Trino): {@code COUNT(CASE WHEN condition THEN 1 END)}. */
    private static SqlNode countIf(SqlParserPos pos, List<SqlNode> operands) {
        SqlNode whenTrue = new SqlCase(
                pos,
                null,
                SqlNodeList.of(operands.get(0)),
                SqlNodeList.of(SqlLiteral.createExactNumeric("1", pos)),
                SqlLiteral.createNull(pos));
        return SqlStdOperatorTable.COUNT.createCall(pos, whenTrue);
    }

    /**
     * {@code MAKE_DATE(year, month, day)} (PostgreSQL, DuckDB): the date {@link DateTimeParseFunctions#TO_DATE} reads
     * from the three numbers written {@code year-month-day}, so that a day the calendar lacks fails with 22008.
     */
    private static SqlNode makeDate(SqlParserPos pos, List<SqlNode> operands) {
        SqlNode text = null;
        for (SqlNode part : operands) {
            SqlNode partText = SqlStdOperatorTable.CAST.createCall(
                    pos, part, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.VARCHAR, pos), pos));
            text = text == null
                    ? partText
                    : SqlStdOperatorTable.CONCAT.createCall(
                            pos,
                            SqlStdOperatorTable.CONCAT.createCall(pos, text, SqlLiteral.createCharString("-", pos)),
                            partText);
        }
        return DateTimeParseFunctions.TO_DATE.createCall(pos, text, SqlLiteral.createCharString("YYYY-MM-DD", pos));
    }

    /** DuckDB's {@code STRFTIME(value, format)}: {@code TO_CHAR} with the format as a template ({@link StrftimeFormats}). */
    private static SqlNode strftime(SqlParserPos pos, List<SqlNode> operands) {
        return SqlLibraryOperators.TO_CHAR_PG.createCall(pos, operands.get(0), template("STRFTIME", operands.get(1)));
    }

    /** DuckDB's {@code STRPTIME(text, format)}: {@code TO_TIMESTAMP} with the format as a template. */
    private static SqlNode strptime(SqlParserPos pos, List<SqlNode> operands) {
        return DateTimeParseFunctions.TO_TIMESTAMP.createCall(
                pos, operands.get(0), template("STRPTIME", operands.get(1)));
    }

    private static SqlNode template(String function, SqlNode format) {
        if (!(format instanceof SqlCharStringLiteral literal)) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, function + " takes its format as a constant");
        }
        String template = StrftimeFormats.toTemplate(literal.getValueAs(String.class), function);
        return SqlLiteral.createCharString(template, format.getParserPosition());
    }

    /** {@code DATE_PART('unit', x)}: EXTRACT, with DOW counted from Sunday = 0 as EXTRACT's ({@link DayOfWeekExtracts}). */
    private static SqlNode extract(SqlParserPos pos, List<SqlNode> operands) {
        SqlIntervalQualifier unit = unit("DATE_PART", operands.get(0));
        SqlNode extract = SqlStdOperatorTable.EXTRACT.createCall(pos, unit, operands.get(1));
        return unit.timeUnitRange == TimeUnitRange.DOW ? DayOfWeekExtracts.fromSundayZero(extract) : extract;
    }

    /** {@code SPACE(n)}: n spaces, {@code REPEAT(' ', n)}. */
    private static SqlNode spaces(SqlParserPos pos, List<SqlNode> operands) {
        return SqlLibraryOperators.REPEAT.createCall(pos, SqlLiteral.createCharString(" ", pos), operands.get(0));
    }

    private static SqlNode bitLength(SqlParserPos pos, List<SqlNode> operands) {
        return SqlStdOperatorTable.MULTIPLY.createCall(
                pos,
                SqlStdOperatorTable.OCTET_LENGTH.createCall(pos, operands.get(0)),
                SqlLiteral.createExactNumeric("8", pos));
    }

    /** The English name of the day (EXTRACT's DOW: 1 is Sunday), as MySQL and DuckDB name it. */
    private static SqlNode dayName(SqlParserPos pos, List<SqlNode> operands) {
        return nameOf(pos, TimeUnit.DOW, operands.get(0), DAY_NAMES);
    }

    private static SqlNode monthName(SqlParserPos pos, List<SqlNode> operands) {
        return nameOf(pos, TimeUnit.MONTH, operands.get(0), MONTH_NAMES);
    }

    /**
     * {@code CASE WHEN EXTRACT(unit FROM value) = 1 THEN names[0] ... END}: a searched CASE, since the validator expands
     * a simple one only before this rewrite runs.
     */
    private static SqlNode nameOf(SqlParserPos pos, TimeUnit unit, SqlNode value, List<String> names) {
        SqlNodeList whens = new SqlNodeList(pos);
        SqlNodeList thens = new SqlNodeList(pos);
        for (int i = 0; i < names.size(); i++) {
            SqlNode number =
                    SqlStdOperatorTable.EXTRACT.createCall(pos, new SqlIntervalQualifier(unit, null, pos), value);
            whens.add(SqlStdOperatorTable.EQUALS.createCall(
                    pos, number, SqlLiteral.createExactNumeric(String.valueOf(i + 1), pos)));
            thens.add(SqlLiteral.createCharString(names.get(i), pos));
        }
        return new SqlCase(pos, null, whens, thens, SqlLiteral.createNull(pos));
    }

    private static SqlNode median(SqlParserPos pos, List<SqlNode> operands) {
        return PercentileCalls.continuous(pos, new BigDecimal("0.5"), operands.get(0));
    }

    /**
     * Trino's {@code APPROX_PERCENTILE(x, p)}, DuckDB's {@code APPROX_QUANTILE} and Spark's {@code PERCENTILE_APPROX}:
     * the exact {@code PERCENTILE_DISC(p) WITHIN GROUP (ORDER BY x)}, a value of the group of x's type as theirs is
     * (an approximation is allowed to be exact).
     */
    private static SqlNode discretePercentile(SqlParserPos pos, List<SqlNode> operands) {
        SqlCall percentile = SqlStdOperatorTable.PERCENTILE_DISC.createCall(pos, operands.get(1));
        return SqlStdOperatorTable.WITHIN_GROUP.createCall(pos, percentile, SqlNodeList.of(operands.get(0)));
    }

    /**
     * {@code CORR(y, x)}: {@code COVAR_POP(y, x) / (STDDEV_POP(y) * STDDEV_POP(x))} over the rows where neither is
     * NULL (each standard deviation's argument masked by the other's presence), in DOUBLE.
     */
    private static SqlNode correlation(SqlParserPos pos, List<SqlNode> operands) {
        SqlNode y = operands.get(0);
        SqlNode x = operands.get(1);
        SqlNode covariance =
                SqlStdOperatorTable.COVAR_POP.createCall(pos, SqlTrees.asDouble(pos, y), SqlTrees.asDouble(pos, x));
        SqlNode deviations = SqlStdOperatorTable.MULTIPLY.createCall(
                pos,
                SqlStdOperatorTable.STDDEV_POP.createCall(pos, whenPresent(pos, x, y)),
                SqlStdOperatorTable.STDDEV_POP.createCall(pos, whenPresent(pos, y, x)));
        return SqlStdOperatorTable.DIVIDE.createCall(pos, covariance, deviations);
    }

    /** {@code CASE WHEN other IS NOT NULL THEN CAST(value AS DOUBLE) END}, over copies of both. */
    static SqlNode whenPresent(SqlParserPos pos, SqlNode other, SqlNode value) {
        return new SqlCase(
                pos,
                null,
                SqlNodeList.of(SqlStdOperatorTable.IS_NOT_NULL.createCall(pos, SqlTrees.copy(other))),
                SqlNodeList.of(SqlTrees.asDouble(pos, SqlTrees.copy(value))),
                SqlLiteral.createNull(pos));
    }

    private static SqlNode startsWith(SqlParserPos pos, List<SqlNode> operands) {
        return affix(SqlLibraryOperators.LEFT, pos, operands);
    }

    private static SqlNode endsWith(SqlParserPos pos, List<SqlNode> operands) {
        return affix(SqlLibraryOperators.RIGHT, pos, operands);
    }

    /**
     * {@code DATEDIFF(unit, a, b)}: the unit boundaries crossed from a to b, as SQL Server, Snowflake, Redshift and DuckDB
     * count them (a month from January 31 to February 1): TIMESTAMPDIFF of the two values truncated to the unit. Weeks
     * are the whole weeks between the two days, as in DuckDB; units finer than a second count whole units.
     */
    private static BiFunction<SqlParserPos, List<SqlNode>, SqlNode> timestampDiff(String name) {
        return (pos, operands) -> {
            SqlIntervalQualifier unit = unit(name, operands.get(0));
            return SqlStdOperatorTable.TIMESTAMP_DIFF.createCall(
                    pos, unit, truncated(pos, operands.get(1), unit), truncated(pos, operands.get(2), unit));
        };
    }

    /** {@code FLOOR(value TO unit)} for the units whose boundaries DATEDIFF counts, else the value. */
    private static SqlNode truncated(SqlParserPos pos, SqlNode value, SqlIntervalQualifier unit) {
        TimeUnit truncation = DIFFERENCE_TRUNCATION.get(unit.getStartUnit());
        if (truncation == null) {
            return value;
        }
        return SqlStdOperatorTable.FLOOR.createCall(pos, value, new SqlIntervalQualifier(truncation, null, pos));
    }

    private static BiFunction<SqlParserPos, List<SqlNode>, SqlNode> timestampAdd(String name) {
        return (pos, operands) -> SqlStdOperatorTable.TIMESTAMP_ADD.createCall(
                pos, unit(name, operands.get(0)), operands.get(1), operands.get(2));
    }

    /** MySQL's {@code DATE_ADD(x, interval)}, or Trino's {@code DATE_ADD('unit', n, x)}. */
    private static SqlNode dateAdd(SqlParserPos pos, List<SqlNode> operands) {
        if (operands.size() == 2) {
            return SqlStdOperatorTable.PLUS.createCall(pos, operands);
        }
        return timestampAdd("DATE_ADD").apply(pos, operands);
    }

    /** {@code LOG2(x)}: {@code LOG(2, x)}. */
    private static SqlNode binaryLogarithm(SqlParserPos pos, List<SqlNode> operands) {
        return logarithm(pos, List.of(SqlLiteral.createExactNumeric("2", pos), operands.get(0)));
    }

    private static SqlNode logarithm(SqlParserPos pos, List<SqlNode> operands) {
        if (operands.size() == 1) {
            return SqlStdOperatorTable.LOG10.createCall(pos, operands);
        }
        return SqlStdOperatorTable.DIVIDE.createCall(
                pos,
                SqlStdOperatorTable.LN.createCall(pos, operands.get(1)),
                SqlStdOperatorTable.LN.createCall(pos, operands.get(0)));
    }

    /** {@code affix} (LEFT or RIGHT) of the string, as many characters as the pattern has, equals the pattern. */
    private static SqlNode affix(SqlOperator affix, SqlParserPos pos, List<SqlNode> operands) {
        SqlNode pattern = operands.get(1);
        return SqlStdOperatorTable.EQUALS.createCall(
                pos,
                affix.createCall(pos, operands.get(0), SqlStdOperatorTable.CHAR_LENGTH.createCall(pos, pattern)),
                pattern);
    }

    /**
     * The unit a string constant or a bare name ({@code fortnight} in {@code DATEDIFF(fortnight, a, b)}, where the
     * grammar took no unit keyword) names, as EXTRACT and TIMESTAMPDIFF take it.
     */
    private static SqlIntervalQualifier unit(String function, SqlNode operand) {
        String name;
        if (operand instanceof SqlCharStringLiteral literal) {
            name = literal.getValueAs(String.class);
        } else if (operand instanceof SqlIdentifier identifier && identifier.isSimple()) {
            name = identifier.getSimple();
        } else {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED, function + " takes its unit as a constant, such as day or 'day'");
        }
        return new SqlIntervalQualifier(
                timeUnit(function, name.trim().toUpperCase(Locale.ROOT)), null, operand.getParserPosition());
    }

    private static TimeUnit timeUnit(String function, String name) {
        for (String candidate : List.of(name, name.endsWith("S") ? name.substring(0, name.length() - 1) : name)) {
            try {
                return TimeUnit.valueOf(candidate);
            } catch (IllegalArgumentException e) {
                // Not this spelling: try the singular.
            }
        }
        throw new AqueductException(
                ErrorCode.INVALID_ARGUMENT,
                "Unknown %s unit '%s': one of %s"
                        .formatted(
                                function,
                                name.toLowerCase(Locale.ROOT),
                                Arrays.stream(TimeUnit.values())
                                        .map(unit -> unit.name().toLowerCase(Locale.ROOT))
                                        .collect(Collectors.joining(", "))));
    }
}
