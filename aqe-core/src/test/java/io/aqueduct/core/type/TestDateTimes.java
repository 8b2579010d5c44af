package io.aqueduct.core.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.api.Test;

class TestDateTimes {
    /** A UTC offset is read and dropped: the wall-clock time as written, as PostgreSQL and DuckDB read it. */
    @Test
    void aTimestampsOffsetIsReadAndDropped() {
        long written = DateTimes.parseTimestamp("2024-01-02 03:04:05.5");
        assertThat(DateTimes.parseTimestamp("2024-01-02T03:04:05.5Z")).isEqualTo(written);
        assertThat(DateTimes.parseTimestamp("2024-01-02 03:04:05.5+02:00")).isEqualTo(written);
        assertThat(DateTimes.parseTimestamp("2024-01-02 03:04:05.5+02")).isEqualTo(written);
        assertThat(DateTimes.parseTimestamp("2024-01-02T03:04:05.5 +0200")).isEqualTo(written);
        assertThat(DateTimes.parseTimestamp("2024-01-02 03:04:05.5-04:30")).isEqualTo(written);
        assertThatThrownBy(() -> DateTimes.parseTimestamp("2024-01-02 03:04:05+25:00"))
                .isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void parsesDatesAloneAndIsoSeparators() {
        assertThat(DateTimes.parseTimestamp("2024-01-02"))
                .isEqualTo(DateTimes.toMicros(LocalDateTime.of(2024, 1, 2, 0, 0)));
        assertThat(DateTimes.parseTimestamp("2024-01-02T03:04"))
                .isEqualTo(DateTimes.toMicros(LocalDateTime.of(2024, 1, 2, 3, 4)));
        assertThatThrownBy(() -> DateTimes.parseTimestamp("2024-13-02")).isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void yearsOutside1To9999DoNotParse() {
        assertThat(DateTimes.parseDate("9999-12-31"))
                .isEqualTo(LocalDate.of(9999, 12, 31).toEpochDay());
        assertThat(DateTimes.parseTimestamp("0001-01-01")).isEqualTo(DateTimes.MIN_MICROS);
        assertThatThrownBy(() -> DateTimes.parseDate("+10000-01-01")).isInstanceOf(DateTimeParseException.class);
        assertThat(DateTimes.parseDate("2020-2-3")).isEqualTo(DateTimes.parseDate("2020-02-03"));
        assertThat(DateTimes.parseTimestamp("2020-2-3 4:05:06"))
                .isEqualTo(DateTimes.parseTimestamp("2020-02-03 04:05:06"));
        assertThatThrownBy(() -> DateTimes.parseDate("2021-02-29")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> DateTimes.parseTimestamp("2021-02-30 10:00:00"))
                .isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> DateTimes.parseDate("0000-12-31")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> DateTimes.parseTimestamp("+10000-01-01 00:00:00"))
                .isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void timesBeforeTheEpochFloorToTheirDay() {
        long micros = DateTimes.parseTimestamp("1969-12-31 23:00:00");

        assertThat(DateTimes.microsToDate(micros)).isEqualTo(-1);
        assertThat(DateTimes.toLocalDateTime(micros)).isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 0));
    }

    @Test
    void timesFormatWithoutTrailingZeros() {
        assertThat(DateTimes.formatTime(DateTimes.toMicros(LocalTime.of(7, 8, 9, 500_000_000))))
                .isEqualTo("07:08:09.5");
        assertThat(DateTimes.formatTime(DateTimes.parseTime("23:59"))).isEqualTo("23:59:00");
    }
}
