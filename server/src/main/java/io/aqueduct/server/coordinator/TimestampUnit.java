package io.aqueduct.server.coordinator;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DateTimes;
import java.util.Locale;

/**
 * How a connection's results carry TIMESTAMP values: as milliseconds, the unit every Avatica client reads (the
 * engine's microseconds truncated), or as the engine's microseconds, for a client that asks with the connection
 * property {@value #PROPERTY}{@code =micros} and reads them itself (the Aqueduct driver does). The result columns'
 * precision and scale say which: the fractional digits the values keep, 3 or 6.
 */
enum TimestampUnit {
    MILLIS(3),
    MICROS(6);

    static final String PROPERTY = "timestampUnit";

    private final int fractionDigits;

    TimestampUnit(int fractionDigits) {
        this.fractionDigits = fractionDigits;
    }

    /** The unit a connection property names; milliseconds when it names none. */
    static TimestampUnit fromProperty(String value) {
        if (value == null || value.isBlank()) {
            return MILLIS;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "millis" -> MILLIS;
            case "micros" -> MICROS;
            default ->
                throw new AqueductException(
                        ErrorCode.INVALID_ARGUMENT,
                        "Unknown value of property " + PROPERTY + ": " + value + " (expected millis or micros)");
        };
    }

    /** Digits of fractional seconds a TIMESTAMP value keeps on the wire. */
    int fractionDigits() {
        return fractionDigits;
    }

    /** The wire value of a TIMESTAMP of {@code micros} microseconds since the epoch. */
    long wireValue(long micros) {
        return this == MICROS ? micros : Math.floorDiv(micros, DateTimes.MICROS_PER_MILLI);
    }
}
