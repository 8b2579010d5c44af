package io.aqueduct.core.expr;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.TypeKind;
import java.time.DateTimeException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A DATE, TIMESTAMP or TIME plus a BIGINT amount of days, months or microseconds. Adding months clamps
 * to the end of a shorter month (Jan 31 + 1 month = Feb 28); a TIME wraps around midnight. A DATE or TIMESTAMP past
 * the years 1 to 9999 fails with 22008: the client's date classes would show it with a wrong year.
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
                    long sum = add(DateTimeValues.micros(values, type, i), amounts.get(i));
                    if (type.kind() != TypeKind.TIME && (sum < DateTimes.MIN_MICROS || sum > DateTimes.MAX_MICROS)) {
                        throw outOfRange();
                    }
                    DateTimeValues.set(result, type, i, sum);
                }
            }
        } catch (ArithmeticException | DateTimeException e) {
            throw outOfRange();
        }
    }

    private AqueductException outOfRange() {
        return new AqueductException(
                ErrorCode.DATETIME_OUT_OF_RANGE, type.kind() + " value out of range: the years are 1 to 9999");
    }

    private long add(long micros, long amount) {
        return switch (function) {
            case DATE_ADD_DAYS -> Math.addExact(micros, Math.multiplyExact(amount, DateTimes.MICROS_PER_DAY));
            case DATETIME_ADD_MICROS -> Math.addExact(micros, amount);
            default -> DateTimes.toMicros(DateTimes.toLocalDateTime(micros).plusMonths(amount));
        };
    }
}
