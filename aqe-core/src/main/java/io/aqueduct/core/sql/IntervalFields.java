package io.aqueduct.core.sql;

import static io.aqueduct.core.type.DateTimes.MILLIS_PER_DAY;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_HOUR;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_MINUTE;
import static io.aqueduct.core.type.DateTimes.MILLIS_PER_SECOND;
import static io.aqueduct.core.type.DateTimes.MONTHS_PER_YEAR;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * EXTRACT and CAST of an interval, which the engine holds as a BIGINT in Calcite's units. EXTRACT: a day-time interval in
 * milliseconds gives its DAY, HOUR, MINUTE, SECOND and EPOCH (whole seconds), a year-month one in months its YEAR and
 * MONTH; each field keeps the interval's sign, as in PostgreSQL: {@code EXTRACT(HOUR FROM INTERVAL '-26' HOUR)} is -2.
 * CAST: to text as PostgreSQL writes intervals, to a number as the count of the interval's one unit (Calcite's
 * {@code CAST(INTERVAL '3' DAY AS INTEGER)} is 3), to another interval unchanged.
 */
final class IntervalFields {
    private IntervalFields() {}

    static Expression extract(TimeUnitRange unit, Expression interval, boolean yearMonth) {
        if (yearMonth) {
            return switch (unit) {
                case YEAR -> quotient(interval, MONTHS_PER_YEAR);
                case MONTH -> remainder(interval, MONTHS_PER_YEAR);
                default -> throw unsupported(unit, "a year-month interval");
            };
        }
        return switch (unit) {
            case DAY -> quotient(interval, MILLIS_PER_DAY);
            case HOUR -> remainder(quotient(interval, MILLIS_PER_HOUR), 24);
            case MINUTE -> remainder(quotient(interval, MILLIS_PER_MINUTE), 60);
            case SECOND -> remainder(quotient(interval, MILLIS_PER_SECOND), 60);
            case EPOCH -> quotient(interval, MILLIS_PER_SECOND);
            default -> throw unsupported(unit, "a day-time interval");
        };
    }

    static Expression cast(Expression interval, RelDataType from, RelDataType to, DataType target) {
        boolean yearMonth = from.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        if (SqlTypeFamily.DATETIME_INTERVAL.contains(to)) {
            return interval;
        }
        if (target.kind() == TypeKind.VARCHAR) {
            Function text = yearMonth ? Function.YEAR_MONTH_INTERVAL_TEXT : Function.DAY_TIME_INTERVAL_TEXT;
            return new Call(text, List.of(interval), target);
        }
        SqlIntervalQualifier qualifier = requireNonNull(from.getIntervalQualifier(), "interval qualifier");
        if (qualifier.getStartUnit() != qualifier.getUnit()) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    "CAST of an interval of " + qualifier + " to " + target
                            + " is not supported: EXTRACT a field of it");
        }
        long unitSize =
                switch (qualifier.getStartUnit()) {
                    case YEAR -> MONTHS_PER_YEAR;
                    case MONTH -> 1;
                    case DAY -> MILLIS_PER_DAY;
                    case HOUR -> MILLIS_PER_HOUR;
                    case MINUTE -> MILLIS_PER_MINUTE;
                    case SECOND -> MILLIS_PER_SECOND;
                    default ->
                        throw new AqueductException(
                                ErrorCode.NOT_SUPPORTED, "CAST of an interval of " + qualifier + " is not supported");
                };
        Expression count = unitSize == 1 ? interval : quotient(interval, unitSize);
        return new Call(Function.CAST, List.of(count), target);
    }

    private static Expression quotient(Expression value, long divisor) {
        return new Call(Function.DIVIDE, List.of(value, new Literal(divisor, DataType.BIGINT)), DataType.BIGINT);
    }

    private static Expression remainder(Expression value, long divisor) {
        return new Call(Function.MOD, List.of(value, new Literal(divisor, DataType.BIGINT)), DataType.BIGINT);
    }

    private static AqueductException unsupported(TimeUnitRange unit, String of) {
        return new AqueductException(
                ErrorCode.NOT_SUPPORTED, "EXTRACT of " + unit + " from " + of + " is not supported");
    }
}
