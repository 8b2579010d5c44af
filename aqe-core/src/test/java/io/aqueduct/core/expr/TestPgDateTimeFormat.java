package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.TestExpressionArithmetic.assertErrorCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The parts of PostgreSQL's to_char templates that strftime has no counterpart for (see its documentation), and
 * reading text back in a template (to_date, to_timestamp).
 */
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

    @Test
    void readsWhatItWrites() {
        for (String template : List.of(
                "YYYY-MM-DD HH24:MI:SS.US",
                "DD Mon YYYY HH12:MI:SS.MS AM",
                "FMMonth FMDD, YYYY \"at\" HH24\"h\"MI",
                "YYYYMMDDHH24MISS",
                "Day, DD MONTH YYYY",
                "J HH24:MI")) {
            PgDateTimeFormat format = PgDateTimeFormat.parse(template);
            LocalDateTime expected = format.read(format.format(MIDNIGHT_PAST_SEVEN));
            assertThat(format.format(expected)).as(template).isEqualTo(format.format(MIDNIGHT_PAST_SEVEN));
        }
        assertThat(read("YYYY-MM-DD HH24:MI:SS.US", "2024-03-05 00:07:09.123456"))
                .isEqualTo(MIDNIGHT_PAST_SEVEN);
    }

    @Test
    void readsAsPostgreSqlDoes() {
        assertThat(read("YYYY-MM-DD", "2024/3/5")).isEqualTo(LocalDateTime.of(2024, 3, 5, 0, 0));
        assertThat(read("DD mon YY", "5 MAR 24")).isEqualTo(LocalDateTime.of(2024, 3, 5, 0, 0));
        assertThat(read("YY", "70")).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(read("HH12 AM", "12 am")).isEqualTo(LocalDateTime.of(1, 1, 1, 0, 0));
        assertThat(read("HH:MI PM", "12:30 PM")).isEqualTo(LocalDateTime.of(1, 1, 1, 12, 30));
        assertThat(read("YYYY DDD", "2024 060")).isEqualTo(LocalDateTime.of(2024, 2, 29, 0, 0));
        assertThat(read("SS.MS", "07.5")).isEqualTo(LocalDateTime.of(1, 1, 1, 0, 0, 7, 500_000_000));
        assertThat(read("YYYY-MM-DD", "  2024-03-05 trailing")).isEqualTo(LocalDateTime.of(2024, 3, 5, 0, 0));
    }

    @Test
    void textThatDoesNotFitTheTemplateOrTheCalendarFails() {
        assertErrorCode(() -> read("YYYY-MM-DD", "2024-x3-05"), ErrorCode.INVALID_DATETIME_FORMAT);
        assertErrorCode(() -> read("DD Mon YYYY", "05 Foo 2024"), ErrorCode.INVALID_DATETIME_FORMAT);
        assertErrorCode(() -> read("YYYY-MM-DD", "2023-02-29"), ErrorCode.DATETIME_OUT_OF_RANGE);
        assertErrorCode(() -> read("HH12", "13"), ErrorCode.DATETIME_OUT_OF_RANGE);
        assertErrorCode(() -> read("YYYY-MM-DD", "2024-03"), ErrorCode.INVALID_DATETIME_FORMAT);
        assertErrorCode(() -> read("IYYY-IW", "2024-10"), ErrorCode.NOT_SUPPORTED);
    }

    private static LocalDateTime read(String template, String text) {
        return PgDateTimeFormat.parse(template).read(text);
    }

    private static String format(String template, LocalDateTime value) {
        return PgDateTimeFormat.parse(template).format(value);
    }
}
