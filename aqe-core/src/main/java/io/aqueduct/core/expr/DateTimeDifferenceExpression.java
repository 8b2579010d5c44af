package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.LocalDate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * {@code later - earlier} of two DATEs, TIMESTAMPs or TIMEs of one type, in microseconds or in whole
 * months. Whole months follow Calcite: the largest number of months that, added to the earlier value,
 * does not pass the later one (Jan 31 to Feb 29 is one month).
 */
final class DateTimeDifferenceExpression extends BinaryExpression<FieldVector, FieldVector, BigIntVector> {
    private final boolean months;
    private final DataType operandType;

    DateTimeDifferenceExpression(
            Function function, VectorExpression later, VectorExpression earlier, DataType operandType) {
        super(later, earlier, DataType.BIGINT);
        this.months = switch (function) {
            case DATETIME_DIFF_MICROS -> false;
            case DATETIME_DIFF_MONTHS -> true;
            default -> throw new IllegalArgumentException("Not a date/time difference: " + function);
        };
        this.operandType = operandType;
    }

    @Override
    void compute(FieldVector later, FieldVector earlier, BigIntVector result, int rowCount) {
        for (int i = 0; i < rowCount; i++) {
            if (!later.isNull(i) && !earlier.isNull(i)) {
                long to = DateTimeValues.micros(later, operandType, i);
                long from = DateTimeValues.micros(earlier, operandType, i);
                result.set(i, months ? months(to, from) : Math.subtractExact(to, from));
            }
        }
    }

    static long months(long later, long earlier) {
        if (later < earlier) {
            return -months(earlier, later);
        }
        LocalDate laterDate = LocalDate.ofEpochDay(DateTimes.microsToDate(later));
        LocalDate earlierDate = LocalDate.ofEpochDay(DateTimes.microsToDate(earlier));
        long count = (laterDate.getYear() - earlierDate.getYear()) * 12L
                + laterDate.getMonthValue()
                - earlierDate.getMonthValue();
        while (count > 0 && earlierDate.plusMonths(count).isAfter(laterDate)) {
            count--;
        }
        boolean sameDay = earlierDate.plusMonths(count).equals(laterDate);
        if (count > 0 && sameDay && microsOfDay(later) < microsOfDay(earlier)) {
            count--;
        }
        return count;
    }

    private static long microsOfDay(long micros) {
        return Math.floorMod(micros, DateTimes.MICROS_PER_DAY);
    }
}
