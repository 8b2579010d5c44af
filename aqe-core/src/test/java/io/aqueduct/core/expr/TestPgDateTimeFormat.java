package io.aqueduct.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** The parts of PostgreSQL's to_char templates that strftime has no counterpart for (see its documentation). */
class TestPgDateTimeFormat {
    private static final LocalDateTime MIDNIGHT_PAST_SEVEN = LocalDateTime.of(2024, 3, 5, 0, 7, 9, 123_456_000);

    @Test
    void fillModeDropsTheNextFieldsPaddingOnly() {
        assertThat(format("FMMonth|Month|FMDD|DD", MIDNIGHT_PAST_SEVEN)).isEqualTo("March|March    |5|05");
    }

    @Test
    void quotedTextAndBackslashesAreCopied() {
        assertThat(format("\"Day\" DD \\Y", MIDNIGHT_PAST_SEVEN)).isEqualTo("Day 05 Y");
    }

    @Test
    void theLongestFieldNameWins() {
        assertThat(format("HH24 HH12 HH YYYY YY", MIDNIGHT_PAST_SEVEN)).isEqualTo("00 12 12 2024 24");
    }

    @Test
    void weekDayAndJulianNumbersFollowPostgreSql() {
        // Tuesday: D counts from Sunday = 1, ID from Monday = 1; J is the Julian day number.
        assertThat(format("D ID J Q WW IW CC DDD MS US", MIDNIGHT_PAST_SEVEN))
                .isEqualTo("3 2 2460375 1 10 10 21 065 123 123456");
    }

    @Test
    void anUnclosedQuoteFails() {
        assertThatThrownBy(() -> PgDateTimeFormat.parse("YYYY \"oops"))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("unclosed quote");
    }

    private static String format(String template, LocalDateTime value) {
        return PgDateTimeFormat.parse(template).format(value);
    }
}
