package io.aqueduct.core.expr;

import io.aqueduct.core.type.DateTimes;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;

/** Conversions between DATE, TIMESTAMP and TIME: a date is its midnight; a timestamp keeps its day or its time. */
final class DateTimeCasts {
    private DateTimeCasts() {}

    static CastExpression.Conversion dateToTimestamp() {
        return (input, result, rowCount) -> {
            DateDayVector dates = (DateDayVector) input;
            TimeStampMicroVector timestamps = (TimeStampMicroVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!dates.isNull(i)) {
                    timestamps.set(i, DateTimes.dateToMicros(dates.get(i)));
                }
            }
        };
    }

    static CastExpression.Conversion timestampToDate() {
        return (input, result, rowCount) -> {
            TimeStampMicroVector timestamps = (TimeStampMicroVector) input;
            DateDayVector dates = (DateDayVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!timestamps.isNull(i)) {
                    dates.set(i, Math.toIntExact(DateTimes.microsToDate(timestamps.get(i))));
                }
            }
        };
    }

    static CastExpression.Conversion timestampToTime() {
        return (input, result, rowCount) -> {
            TimeStampMicroVector timestamps = (TimeStampMicroVector) input;
            TimeMicroVector times = (TimeMicroVector) result;
            for (int i = 0; i < rowCount; i++) {
                if (!timestamps.isNull(i)) {
                    times.set(i, Math.floorMod(timestamps.get(i), DateTimes.MICROS_PER_DAY));
                }
            }
        };
    }
}
