package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.DateTimeException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A DATE, TIMESTAMP or TIME plus a BIGINT amount of days, months or microseconds. Adding months clamps
 * to the end of a shorter month (Jan 31 + 1 month = Feb 28); a TIME wraps around midnight.
 */
final class DateTimeAddExpression extends BinaryExpression<FieldVector, BigIntVector, FieldVector> {
    private final Function function;
    private final DataType type;

    DateTimeAddExpression(Function function, VectorExpression value, VectorExpression amount, DataType type) {
        super(value, amount, type);
        this.function = switch (function) {
            case DATE_ADD_DAYS, DATETIME_ADD_MONTHS, DATETIME_ADD_MICROS -> function;
            default -> throw new IllegalArgumentException("Not a date/time addition: " + function);
        };
        this.type = type;
    }

    @Override
    void compute(FieldVector values, BigIntVector amounts, FieldVector result, int rowCount) {
        try {
            for (int i = 0; i < rowCount; i++) {
                if (!values.isNull(i) && !amounts.isNull(i)) {
                    long micros = DateTimeValues.micros(values, type, i);
                    DateTimeValues.set(result, type, i, add(micros, amounts.get(i)));
                }
            }
        } catch (ArithmeticException | DateTimeException e) {
            throw DecimalMath.outOfRange();
        }
    }

    private long add(long micros, long amount) {
        return switch (function) {
            case DATE_ADD_DAYS -> Math.addExact(micros, Math.multiplyExact(amount, DateTimes.MICROS_PER_DAY));
            case DATETIME_ADD_MICROS -> Math.addExact(micros, amount);
            default -> DateTimes.toMicros(DateTimes.toLocalDateTime(micros).plusMonths(amount));
        };
    }
}
