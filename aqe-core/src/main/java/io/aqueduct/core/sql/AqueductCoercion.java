package io.aqueduct.core.sql;

import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit type coercion, plus PostgreSQL's and DuckDB's {@code date + n}, {@code n + date} and {@code date
 * - n} for an integer n: n days, written as {@code n * INTERVAL '1' DAY} before the operator checks its operands, so
 * the result is a DATE as with any day interval; their {@code date - date}, the INTEGER number of days between, and
 * {@code timestamp - timestamp}, the interval between.
 * A TIMESTAMP plus an integer stays an error, as there. A DATE plus or minus hours, minutes or seconds is a TIMESTAMP.
 * An exact number compared with constants of a larger scale is left uncast, to be compared at its own scale
 * ({@link DecimalComparisons}).
 */
final class AqueductCoercion extends TypeCoercionImpl {
    AqueductCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    @Override
    public boolean binaryComparisonCoercion(SqlCallBinding binding) {
        return !DecimalComparisons.atNumberScale(binding) && super.binaryComparisonCoercion(binding);
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
        SqlKind kind = binding.getOperator().getKind();
        if (binding.getOperandCount() == 2 && (kind == SqlKind.PLUS || kind == SqlKind.MINUS)) {
            RelDataType left = binding.getOperandType(0);
            RelDataType right = binding.getOperandType(1);
            if (isDate(left) && SqlTypeUtil.isExactNumeric(right) && SqlTypeUtil.isIntType(right)) {
                return asDays(binding, 1);
            }
            if (kind == SqlKind.PLUS && SqlTypeUtil.isIntType(left) && isDate(right)) {
                return asDays(binding, 0);
            }
            if (kind == SqlKind.MINUS && isDate(left) && isDate(right)) {
                return daysBetween(binding);
            }
            if (kind == SqlKind.MINUS && isDateOrTimestamp(left) && isDateOrTimestamp(right)) {
                return timeBetween(binding);
            }
            if (isDate(left) && hasTimeOfDay(right)) {
                return asTimestampOperand(binding, 0);
            }
            if (kind == SqlKind.PLUS && hasTimeOfDay(left) && isDate(right)) {
                return asTimestampOperand(binding, 1);
            }
        }
        return super.binaryArithmeticCoercion(binding);
    }

    /**
     * {@code later - earlier} becomes {@code TIMESTAMPDIFF(DAY, earlier, later) - 0}: the coercion may replace the
     * operands of the call it checks, not the call, and an integer minus zero is the integer.
     */
    private boolean daysBetween(SqlCallBinding binding) {
        SqlNode later = binding.operand(0);
        SqlNode earlier = binding.operand(1);
        SqlParserPos pos = later.getParserPosition();
        SqlNode days = SqlStdOperatorTable.TIMESTAMP_DIFF.createCall(
                pos, new SqlIntervalQualifier(TimeUnit.DAY, null, pos), earlier, later);
        SqlNode zero = SqlLiteral.createExactNumeric("0", pos);
        validator.deriveType(binding.getScope(), days);
        validator.deriveType(binding.getScope(), zero);
        binding.getCall().setOperand(0, days);
        binding.getCall().setOperand(1, zero);
        return true;
    }

    /**
     * {@code later - earlier} of two TIMESTAMPs (or a TIMESTAMP and a DATE) becomes {@code (later - earlier) DAY TO
     * SECOND - INTERVAL '0' SECOND}: the interval between them, as PostgreSQL and DuckDB subtract them.
     */
    private boolean timeBetween(SqlCallBinding binding) {
        SqlParserPos pos = binding.operand(0).getParserPosition();
        SqlNode later = asTimestamp(binding, 0);
        SqlNode earlier = asTimestamp(binding, 1);
        SqlNode interval = SqlStdOperatorTable.MINUS_DATE.createCall(
                pos, later, earlier, new SqlIntervalQualifier(TimeUnit.DAY, TimeUnit.SECOND, pos));
        SqlNode zero = SqlLiteral.createInterval(1, "0", new SqlIntervalQualifier(TimeUnit.SECOND, null, pos), pos);
        validator.deriveType(binding.getScope(), interval);
        validator.deriveType(binding.getScope(), zero);
        binding.getCall().setOperand(0, interval);
        binding.getCall().setOperand(1, zero);
        return true;
    }

    /** The operand, cast to TIMESTAMP if it is a DATE. */
    private SqlNode asTimestamp(SqlCallBinding binding, int operand) {
        SqlNode node = binding.operand(operand);
        if (!isDate(binding.getOperandType(operand))) {
            return node;
        }
        SqlNode cast = SqlTrees.cast(node.getParserPosition(), node, SqlTypeName.TIMESTAMP);
        validator.deriveType(binding.getScope(), cast);
        return cast;
    }

    /**
     * {@code date ± interval} of hours, minutes or seconds is a TIMESTAMP, as in PostgreSQL and DuckDB: Calcite keeps
     * the DATE and drops the time of day ({@code DATE '2020-01-01' - INTERVAL '12' HOUR} was 2020-01-01). With days,
     * months or years it stays a DATE.
     */
    private boolean asTimestampOperand(SqlCallBinding binding, int operand) {
        binding.getCall().setOperand(operand, asTimestamp(binding, operand));
        return true;
    }

    private static boolean hasTimeOfDay(RelDataType type) {
        SqlIntervalQualifier interval = type.getIntervalQualifier();
        if (interval == null || interval.isYearMonth()) {
            return false;
        }
        TimeUnit finest = interval.getEndUnit() != null ? interval.getEndUnit() : interval.getStartUnit();
        return finest == TimeUnit.HOUR || finest == TimeUnit.MINUTE || finest == TimeUnit.SECOND;
    }

    private static boolean isDateOrTimestamp(RelDataType type) {
        return isDate(type) || type.getSqlTypeName() == SqlTypeName.TIMESTAMP;
    }

    private static boolean isDate(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.DATE;
    }

    private boolean asDays(SqlCallBinding binding, int operand) {
        SqlNode count = binding.operand(operand);
        SqlParserPos pos = count.getParserPosition();
        SqlNode days = SqlStdOperatorTable.MULTIPLY.createCall(
                pos, count, SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, pos), pos));
        validator.deriveType(binding.getScope(), days);
        binding.getCall().setOperand(operand, days);
        return true;
    }
}
