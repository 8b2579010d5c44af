package io.aqueduct.core.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Intervals written as PostgreSQL's default interval style writes them. */
class TestIntervalText {
    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;

    @Test
    void dayTimeIntervalsWriteDaysAndATimeOfDay() {
        assertThat(IntervalText.dayTime(0)).isEqualTo("00:00:00");
        assertThat(IntervalText.dayTime(DAY)).isEqualTo("1 day");
        assertThat(IntervalText.dayTime(DAY + 3 * HOUR)).isEqualTo("1 day 03:00:00");
        assertThat(IntervalText.dayTime(11 * DAY + 3 * HOUR + 500)).isEqualTo("11 days 03:00:00.5");
        assertThat(IntervalText.dayTime(90 * 60_000L + 1_250)).isEqualTo("01:30:01.25");
        assertThat(IntervalText.dayTime(-DAY - 3 * HOUR)).isEqualTo("-1 days -03:00:00");
        assertThat(IntervalText.dayTime(-30 * 60_000L)).isEqualTo("-00:30:00");
    }

    @Test
    void yearMonthIntervalsWriteYearsAndMonths() {
        assertThat(IntervalText.yearMonth(0)).isEqualTo("00:00:00");
        assertThat(IntervalText.yearMonth(1)).isEqualTo("1 mon");
        assertThat(IntervalText.yearMonth(14)).isEqualTo("1 year 2 mons");
        assertThat(IntervalText.yearMonth(24)).isEqualTo("2 years");
        assertThat(IntervalText.yearMonth(-13)).isEqualTo("-1 years -1 mons");
    }
}
