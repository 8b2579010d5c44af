package io.aqueduct.jdbc;

import java.sql.Date;
import java.util.Calendar;
import org.apache.calcite.avatica.util.DateTimeUtils;

/**
 * The {@link Date} Avatica's client makes of a DATE value sent as epoch days, read with one calendar:
 * Avatica's conversion (a {@link java.time.LocalDate}, {@link Date#valueOf} and two time-zone offsets)
 * costs more than the rest of reading the value, and depends only on the day and the calendar's zone,
 * so its instant is kept per day. Direct-mapped: the days of a result are mostly a dense range.
 */
final class EpochDayDates {
    private static final int SLOTS = 4096;

    private final Calendar calendar;
    private final int[] days = new int[SLOTS];
    private final long[] millis = new long[SLOTS];
    private final boolean[] filled = new boolean[SLOTS];

    EpochDayDates(Calendar calendar) {
        this.calendar = calendar;
    }

    /** A new {@link Date} equal to what Avatica's accessor gives for {@code day}. */
    Date of(int day) {
        int slot = day & (SLOTS - 1);
        if (!filled[slot] || days[slot] != day) {
            millis[slot] = DateTimeUtils.unixDateToSqlDate(day, calendar).getTime();
            days[slot] = day;
            filled[slot] = true;
        }
        return new Date(millis[slot]);
    }
}
