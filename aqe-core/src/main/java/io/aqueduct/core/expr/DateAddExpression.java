package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.time.DateTimeException;
import java.time.LocalDate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;

/** DATE_ADD_DAYS and DATE_ADD_MONTHS; adding months clamps to the end of a shorter month (Jan 31 + 1 = Feb 28). */
final class DateAddExpression extends BinaryExpression<DateDayVector, BigIntVector, DateDayVector> {
    private final boolean months;

    DateAddExpression(Function function, VectorExpression date, VectorExpression amount) {
        super(date, amount, DataType.DATE);
        this.months = switch (function) {
            case DATE_ADD_DAYS -> false;
            case DATE_ADD_MONTHS -> true;
            default -> throw new IllegalArgumentException("Not a date addition: " + function);
        };
    }

    @Override
    void compute(DateDayVector dates, BigIntVector amounts, DateDayVector result, int rowCount) {
        try {
            if (months) {
                for (int i = 0; i < rowCount; i++) {
                    if (!dates.isNull(i) && !amounts.isNull(i)) {
                        LocalDate date = LocalDate.ofEpochDay(dates.get(i)).plusMonths(amounts.get(i));
                        result.set(i, Math.toIntExact(date.toEpochDay()));
                    }
                }
            } else {
                for (int i = 0; i < rowCount; i++) {
                    if (!dates.isNull(i) && !amounts.isNull(i)) {
                        result.set(i, Math.toIntExact(Math.addExact(dates.get(i), amounts.get(i))));
                    }
                }
            }
        } catch (ArithmeticException | DateTimeException e) {
            throw DecimalMath.outOfRange();
        }
    }
}
