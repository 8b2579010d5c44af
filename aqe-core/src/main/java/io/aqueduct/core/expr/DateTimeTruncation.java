package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.arrow.vector.FieldVector;

/**
 * FLOOR(value TO unit) and CEIL(value TO unit) of a DATE, TIMESTAMP or TIME, keeping the value's type.
 * Weeks start on Monday, as in ISO 8601, PostgreSQL's and DuckDB's date_trunc.
 */
final class DateTimeTruncation extends UnaryExpression<FieldVector, FieldVector> {
    enum Unit {
        MILLENNIUM,
        CENTURY,
        DECADE,
        YEAR,
        QUARTER,
        MONTH,
        WEEK,
        DAY,
        HOUR,
        MINUTE,
        SECOND,
        MILLISECOND,
        MICROSECOND
    }

    private final Unit unit;
    private final boolean ceiling;
    private final DataType type;

    DateTimeTruncation(Function function, String unit, VectorExpression value, DataType type) {
        super(value, type);
        this.ceiling = switch (function) {
            case DATETIME_FLOOR -> false;
            case DATETIME_CEIL -> true;
            default -> throw new IllegalArgumentException("Not a truncation: " + function);
        };
        this.unit = parseUnit(unit);
        this.type = type;
    }

    private static Unit parseUnit(String unit) {
        try {
            return Unit.valueOf(unit.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            // Only DATE_TRUNC's unit is a string a user writes; FLOOR and CEIL take a keyword the parser checked.
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT,
                    "Unknown truncation unit '" + unit + "': one of "
                            + Arrays.stream(Unit.values())
                                    .map(known -> known.name().toLowerCase(Locale.ROOT))
                                    .collect(Collectors.joining(", ")));
        }
    }

    @Override
    void compute(FieldVector values, FieldVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!values.isNull(i)) {
                long micros = DateTimeValues.micros(values, type, i);
                long floor = floor(micros);
                DateTimeValues.set(result, type, i, ceiling && floor != micros ? next(floor) : floor);
            }
        }
    }

    private long floor(long micros) {
        long fixed = fixedLength();
        if (fixed > 0) {
            return Math.floorDiv(micros, fixed) * fixed;
        }
        LocalDate date = DateTimes.toLocalDateTime(micros).toLocalDate();
        LocalDate floor =
                switch (unit) {
                    case WEEK -> date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                    case MONTH -> date.withDayOfMonth(1);
                    case QUARTER -> LocalDate.of(date.getYear(), (date.getMonthValue() - 1) / 3 * 3 + 1, 1);
                    case YEAR -> LocalDate.of(date.getYear(), 1, 1);
                    case DECADE -> LocalDate.of(Math.floorDiv(date.getYear(), 10) * 10, 1, 1);
                    case CENTURY -> LocalDate.of(Math.floorDiv(date.getYear() - 1, 100) * 100 + 1, 1, 1);
                    case MILLENNIUM -> LocalDate.of(Math.floorDiv(date.getYear() - 1, 1000) * 1000 + 1, 1, 1);
                    default -> throw new IllegalStateException("Fixed-length unit: " + unit);
                };
        return DateTimes.dateToMicros(floor.toEpochDay());
    }

    private long next(long floor) {
        long fixed = fixedLength();
        if (fixed > 0) {
            return floor + fixed;
        }
        LocalDateTime start = DateTimes.toLocalDateTime(floor);
        LocalDateTime next =
                switch (unit) {
                    case WEEK -> start.plusWeeks(1);
                    case MONTH -> start.plusMonths(1);
                    case QUARTER -> start.plusMonths(3);
                    case YEAR -> start.plusYears(1);
                    case DECADE -> start.plusYears(10);
                    case CENTURY -> start.plusYears(100);
                    case MILLENNIUM -> start.plusYears(1000);
                    default -> throw new IllegalStateException("Fixed-length unit: " + unit);
                };
        return DateTimes.toMicros(next);
    }

    /** Microseconds of a unit whose length never varies; 0 for calendar units. */
    private long fixedLength() {
        return switch (unit) {
            case DAY -> DateTimes.MICROS_PER_DAY;
            case HOUR -> 3_600 * DateTimes.MICROS_PER_SECOND;
            case MINUTE -> 60 * DateTimes.MICROS_PER_SECOND;
            case SECOND -> DateTimes.MICROS_PER_SECOND;
            case MILLISECOND -> DateTimes.MICROS_PER_MILLI;
            case MICROSECOND -> 1;
            default -> 0;
        };
    }
}
