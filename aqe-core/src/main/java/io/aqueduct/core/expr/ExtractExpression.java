package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import java.time.LocalDate;
import java.util.Locale;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;

/**
 * EXTRACT of a field of a DATE as BIGINT. DOW follows Calcite (which folds constant EXTRACTs during
 * planning): 1 for Sunday through 7 for Saturday.
 */
final class ExtractExpression extends UnaryExpression<DateDayVector, BigIntVector> {
    enum Unit {
        YEAR,
        QUARTER,
        MONTH,
        DAY,
        DOW,
        DOY
    }

    private final Unit unit;

    ExtractExpression(String unit, VectorExpression date) {
        super(date, DataType.BIGINT);
        this.unit = parseUnit(unit);
    }

    private static Unit parseUnit(String unit) {
        try {
            return Unit.valueOf(unit.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new AqueductException(ErrorCode.NOT_SUPPORTED, "Unsupported EXTRACT unit: " + unit);
        }
    }

    @Override
    void compute(DateDayVector dates, BigIntVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!dates.isNull(i)) {
                result.set(i, field(LocalDate.ofEpochDay(dates.get(i))));
            }
        }
    }

    private long field(LocalDate date) {
        return switch (unit) {
            case YEAR -> date.getYear();
            case QUARTER -> (date.getMonthValue() + 2) / 3;
            case MONTH -> date.getMonthValue();
            case DAY -> date.getDayOfMonth();
            case DOW -> date.getDayOfWeek().getValue() % 7 + 1;
            case DOY -> date.getDayOfYear();
        };
    }
}
