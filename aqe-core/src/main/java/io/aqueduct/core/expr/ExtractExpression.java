package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.LocalDateTime;
import java.time.temporal.IsoFields;
import java.util.Locale;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * EXTRACT of a field of a DATE, TIMESTAMP or TIME as BIGINT, with Calcite's meanings (Calcite folds
 * constant EXTRACTs during planning, so both must agree): DOW is 1 for Sunday through 7 for Saturday (JDBC's
 * DAYOFWEEK; an EXTRACT of DOW written in SQL is one less, see {@code DayOfWeekExtracts}),
 * ISODOW 1 for Monday through 7 for Sunday, WEEK and ISOYEAR are ISO 8601's, SECOND is the whole
 * seconds, MILLISECOND and MICROSECOND include the seconds (12.345 s gives 12345 ms), EPOCH is whole
 * seconds since 1970-01-01 00:00:00. A TIME is read as a time on 1970-01-01.
 */
final class ExtractExpression extends UnaryExpression<FieldVector, BigIntVector> {
    enum Unit {
        MILLENNIUM,
        CENTURY,
        DECADE,
        YEAR,
        ISOYEAR,
        QUARTER,
        MONTH,
        WEEK,
        DAY,
        DOW,
        ISODOW,
        DOY,
        HOUR,
        MINUTE,
        SECOND,
        MILLISECOND,
        MICROSECOND,
        EPOCH
    }

    private final Unit unit;
    private final DataType operandType;

    ExtractExpression(String unit, VectorExpression value, DataType operandType) {
        super(value, DataType.BIGINT);
        this.unit = parseUnit(unit);
        this.operandType = operandType;
    }

    private static Unit parseUnit(String unit) {
        try {
            return Unit.valueOf(unit.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Unsupported EXTRACT unit: " + unit);
        }
    }

    @Override
    void compute(FieldVector values, BigIntVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i)) {
                result.set(i, field(DateTimeValues.micros(values, operandType, i)));
            }
        }
    }

    private long field(long micros) {
        long microsOfMinute = Math.floorMod(micros, 60 * DateTimes.MICROS_PER_SECOND);
        return switch (unit) {
            case SECOND -> microsOfMinute / DateTimes.MICROS_PER_SECOND;
            case MILLISECOND -> microsOfMinute / DateTimes.MICROS_PER_MILLI;
            case MICROSECOND -> microsOfMinute;
            case EPOCH -> Math.floorDiv(micros, DateTimes.MICROS_PER_SECOND);
            default -> dateTimeField(DateTimes.toLocalDateTime(micros));
        };
    }

    private long dateTimeField(LocalDateTime dateTime) {
        int year = dateTime.getYear();
        return switch (unit) {
            case MILLENNIUM -> year > 0 ? (year + 999) / 1000 : (year - 1000) / 1000;
            case CENTURY -> year > 0 ? (year + 99) / 100 : (year - 100) / 100;
            case DECADE -> Math.floorDiv(year, 10);
            case YEAR -> year;
            case ISOYEAR -> dateTime.get(IsoFields.WEEK_BASED_YEAR);
            case QUARTER -> (dateTime.getMonthValue() + 2) / 3;
            case MONTH -> dateTime.getMonthValue();
            case WEEK -> dateTime.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            case DAY -> dateTime.getDayOfMonth();
            case DOW -> dateTime.getDayOfWeek().getValue() % 7 + 1;
            case ISODOW -> dateTime.getDayOfWeek().getValue();
            case DOY -> dateTime.getDayOfYear();
            case HOUR -> dateTime.getHour();
            case MINUTE -> dateTime.getMinute();
            case SECOND, MILLISECOND, MICROSECOND, EPOCH ->
                throw new IllegalStateException("Not a calendar field: " + unit);
        };
    }
}
