package io.aqueduct.server.coordinator;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * The values a client bound to a statement's parameters, as the engine binds them. Avatica sends dates, timestamps and
 * times as bare numbers (days, and milliseconds of the wall-clock value read as UTC), which only their representation
 * tells apart: they become {@code java.time} values here, so that a timestamp bound to a DATE parameter is a date
 * and not a day count in the billions.
 */
final class ParameterValues {
    private static final long NANOS_PER_MILLI = 1_000_000;

    private ParameterValues() {}

    static List<Object> of(List<TypedValue> parameterValues) {
        List<Object> values = new ArrayList<>();
        if (parameterValues != null) {
            parameterValues.forEach(value -> values.add(value == null ? null : local(value)));
        }
        return values;
    }

    private static Object local(TypedValue value) {
        if (!(value.value instanceof Number number)) {
            return value.value;
        }
        return switch (value.type) {
            case JAVA_SQL_DATE -> LocalDate.ofEpochDay(number.longValue());
            case JAVA_SQL_TIMESTAMP, JAVA_UTIL_DATE ->
                LocalDateTime.ofEpochSecond(
                        Math.floorDiv(number.longValue(), 1000),
                        (int) (Math.floorMod(number.longValue(), 1000) * NANOS_PER_MILLI),
                        ZoneOffset.UTC);
            case JAVA_SQL_TIME -> LocalTime.ofNanoOfDay(number.longValue() * NANOS_PER_MILLI);
            default -> number;
        };
    }
}
