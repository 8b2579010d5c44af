package io.aqueduct.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Date;
import java.util.Calendar;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.DateTimeUtils;
import org.junit.jupiter.api.Test;

class TestEpochDayDates {
    @Test
    void givesAvaticasDateForEveryDayInEveryZone() {
        for (String zone : new String[] {"UTC", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Apia"}) {
            Calendar calendar = Calendar.getInstance(TimeZone.getTimeZone(zone), Locale.ROOT);
            EpochDayDates dates = new EpochDayDates(calendar);
            // Twice over a range wider than the cache, so that days share slots and are read again.
            for (int pass = 0; pass < 2; pass++) {
                for (int day = -20_000; day < 20_000; day += 7) {
                    Date expected = DateTimeUtils.unixDateToSqlDate(day, calendar);

                    assertThat(dates.of(day)).as("%s day %d", zone, day).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void givesANewDateEachTime() {
        EpochDayDates dates = new EpochDayDates(Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT));
        Date first = dates.of(10_000);
        first.setTime(0);

        assertThat(dates.of(10_000)).isNotSameAs(first).isEqualTo(new Date(10_000L * DateTimeUtils.MILLIS_PER_DAY));
    }
}
