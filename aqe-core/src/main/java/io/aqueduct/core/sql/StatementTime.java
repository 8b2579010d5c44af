package io.aqueduct.core.sql;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The one instant a statement's CURRENT_TIMESTAMP, LOCALTIMESTAMP, CURRENT_TIME, LOCALTIME and
 * CURRENT_DATE all read, and the session's time zone that turns it into a wall-clock value. Taken
 * once per execution, on the coordinator, and planted into the plan as literals, so every row of every
 * task sees the same value.
 *
 * <pre>{@code
 * PlanNode plan = query.plan(values, systemTables, StatementTime.now(ZoneId.of("Europe/Paris")));
 * }</pre>
 */
public record StatementTime(Instant instant, ZoneId zone) {
    public StatementTime {
        requireNonNull(instant, "instant is null");
        requireNonNull(zone, "zone is null");
    }

    public static StatementTime now(ZoneId zone) {
        return new StatementTime(Clock.system(zone).instant(), zone);
    }

    /** Now, in UTC: for plans made without a session, such as the check at prepare time. */
    public static StatementTime nowInUtc() {
        return now(ZoneOffset.UTC);
    }

    /** The value of a niladic time function of result type {@code type} (TIMESTAMP, TIME or DATE). */
    Literal value(DataType type) {
        LocalDateTime local = LocalDateTime.ofInstant(instant, zone);
        long value =
                switch (type.kind()) {
                    case TIMESTAMP -> DateTimes.toMicros(local);
                    case TIME -> DateTimes.toMicros(local.toLocalTime());
                    case DATE -> local.toLocalDate().toEpochDay();
                    default -> throw new IllegalArgumentException("Not a date or time type: " + type);
                };
        return new Literal(value, type);
    }
}
