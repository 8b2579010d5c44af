package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.apache.calcite.avatica.ColumnMetaData.Rep;
import org.apache.calcite.avatica.remote.TypedValue;
import org.junit.jupiter.api.Test;

class TestParameterValues {
    @Test
    void datesTimestampsAndTimesBecomeJavaTimeValues() {
        LocalDateTime noon = LocalDateTime.of(1997, 3, 15, 12, 30, 45, 123_000_000);
        long millis = noon.toInstant(ZoneOffset.UTC).toEpochMilli();
        assertThat(ParameterValues.of(Arrays.asList(
                        TypedValue.ofLocal(Rep.JAVA_SQL_DATE, (int)
                                LocalDate.of(1997, 3, 15).toEpochDay()),
                        TypedValue.ofLocal(Rep.JAVA_SQL_TIMESTAMP, millis),
                        TypedValue.ofLocal(Rep.JAVA_SQL_TIMESTAMP, -1L),
                        TypedValue.ofLocal(Rep.JAVA_SQL_TIME, 45_000_123))))
                .containsExactly(
                        LocalDate.of(1997, 3, 15),
                        noon,
                        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000),
                        LocalTime.of(12, 30, 0, 123_000_000));
    }

    @Test
    void otherValuesPassAsTheyAre() {
        assertThat(ParameterValues.of(Arrays.asList(
                        TypedValue.ofLocal(Rep.INTEGER, 3),
                        TypedValue.ofLocal(Rep.STRING, "1997-03-15"),
                        TypedValue.ofLocal(Rep.NUMBER, new BigDecimal("1.50")),
                        null)))
                .containsExactly(3, "1997-03-15", new BigDecimal("1.50"), null);
    }

    @Test
    void noParametersAreNoValues() {
        assertThat(ParameterValues.of(null)).isEmpty();
    }
}
