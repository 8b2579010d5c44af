package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampVector;

/** Reads and writes DATE, TIMESTAMP and TIME values as microseconds: a date as its midnight, a time as on 1970-01-01. */
final class DateTimeValues {
    private DateTimeValues() {}

    /** The non-NULL value at {@code row} of {@code vector}, of type {@code type}, in microseconds. */
    static long micros(FieldVector vector, DataType type, int row) {
        return switch (type.kind()) {
            case DATE -> DateTimes.dateToMicros(((DateDayVector) vector).get(row));
            case TIMESTAMP -> ((TimeStampVector) vector).get(row);
            case TIME -> ((TimeMicroVector) vector).get(row);
            default -> throw new IllegalArgumentException("Not a date or time: " + type);
        };
    }

    /** Sets {@code row} of {@code vector}, of type {@code type}, to {@code micros}: a day for DATE, wrapped to a day for TIME. */
    static void set(FieldVector vector, DataType type, int row, long micros) {
        switch (type.kind()) {
            case DATE -> ((DateDayVector) vector).set(row, Math.toIntExact(DateTimes.microsToDate(micros)));
            case TIMESTAMP -> ((TimeStampMicroVector) vector).set(row, micros);
            case TIME -> ((TimeMicroVector) vector).set(row, Math.floorMod(micros, DateTimes.MICROS_PER_DAY));
            default -> throw new IllegalArgumentException("Not a date or time: " + type);
        }
    }
}
