package io.aqueduct.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.TablelessPlans;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TIMESTAMP, TIME, VARBINARY and the date/time functions from SQL text through Calcite to executed vectors. */
class TestDateTimeQueries extends ArrowAllocatorTest {
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(new io.aqueduct.core.tpch.TpchConnector()));

    @Test
    void timestampLiteralsKeepMicroseconds() {
        CompiledQuery query = COMPILER.compile("SELECT TIMESTAMP '2024-01-02 03:04:05.123456'", "tpch", "tiny");

        assertThat(query.resultType().types()).containsExactly(DataType.TIMESTAMP);
        assertThat(value(query)).isEqualTo(micros("2024-01-02T03:04:05.123456"));
    }

    @Test
    void castsBetweenDatesTimestampsTimesAndText() {
        assertThat(value("SELECT CAST(DATE '2024-02-29' AS TIMESTAMP)")).isEqualTo(micros("2024-02-29T00:00"));
        assertThat(value("SELECT CAST(x AS DATE) FROM (VALUES TIMESTAMP '1969-12-31 23:59:59.5') t(x)"))
                .isEqualTo(LocalDate.of(1969, 12, 31).toEpochDay());
        assertThat(value("SELECT CAST(x AS TIME) FROM (VALUES TIMESTAMP '2024-01-02 03:04:05.25') t(x)"))
                .isEqualTo(DateTimes.toMicros(LocalTime.of(3, 4, 5, 250_000_000)));
        assertThat(value("SELECT CAST(x AS VARCHAR) FROM (VALUES TIMESTAMP '2024-01-02 03:04:05.120') t(x)"))
                .isEqualTo("2024-01-02 03:04:05.12");
        assertThat(value("SELECT CAST(x AS TIMESTAMP) FROM (VALUES '2024-01-02 03:04:05.000001') t(x)"))
                .isEqualTo(micros("2024-01-02T03:04:05.000001"));
        assertThat(value("SELECT CAST(x AS TIMESTAMP) FROM (VALUES '2024-01-02') t(x)"))
                .isEqualTo(micros("2024-01-02T00:00"));
        assertThat(value("SELECT CAST(x AS TIME) FROM (VALUES ' 13:14:15 ') t(x)"))
                .isEqualTo(DateTimes.toMicros(LocalTime.of(13, 14, 15)));
        assertThat(value("SELECT CAST(x AS VARCHAR) FROM (VALUES TIME '13:14:15') t(x)"))
                .isEqualTo("13:14:15");
    }

    @Test
    void badTimestampTextFailsWithInvalidCast() {
        assertThatThrownBy(() -> value("SELECT CAST(x AS TIMESTAMP) FROM (VALUES 'yesterday') t(x)"))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_CAST))
                .hasMessageContaining("yesterday");
    }

    @Test
    void extractsFieldsOfTimestampsDatesAndTimes() {
        String ts = "(VALUES TIMESTAMP '2024-12-30 13:14:15.678') t(x)";
        assertThat(row("SELECT EXTRACT(YEAR FROM x), EXTRACT(MONTH FROM x), EXTRACT(DAY FROM x), EXTRACT(HOUR FROM x),"
                        + " EXTRACT(MINUTE FROM x), EXTRACT(SECOND FROM x), EXTRACT(QUARTER FROM x) FROM " + ts))
                .containsExactly(2024L, 12L, 30L, 13L, 14L, 15L, 4L);
        // 2024-12-30 is a Monday in ISO week 1 of 2025: DOW 1 from Sunday = 0 (PostgreSQL), DAYOFWEEK 2 (JDBC).
        assertThat(row("SELECT EXTRACT(DOW FROM x), DAYOFWEEK(x), DATE_PART('dow', x), EXTRACT(DOY FROM x),"
                        + " EXTRACT(WEEK FROM x), EXTRACT(MILLISECOND FROM x), EXTRACT(EPOCH FROM x) FROM " + ts))
                .containsExactly(
                        1L,
                        2L,
                        1L,
                        365L,
                        1L,
                        15_678L,
                        LocalDateTime.parse("2024-12-30T13:14:15").toEpochSecond(java.time.ZoneOffset.UTC));
        assertThat(value("SELECT EXTRACT(HOUR FROM x) FROM (VALUES TIME '21:05:00') t(x)"))
                .isEqualTo(21L);
        assertThat(value("SELECT EXTRACT(DAY FROM x) FROM (VALUES DATE '2024-02-29') t(x)"))
                .isEqualTo(29L);
    }

    @Test
    void addsIntervalsToTimestampsDatesAndTimes() {
        String ts = "(VALUES TIMESTAMP '2024-01-31 23:30:00') t(x)";
        assertThat(value("SELECT x + INTERVAL '1' HOUR FROM " + ts)).isEqualTo(micros("2024-02-01T00:30"));
        assertThat(value("SELECT x + INTERVAL '1' MONTH FROM " + ts)).isEqualTo(micros("2024-02-29T23:30"));
        assertThat(value("SELECT x - INTERVAL '2' DAY FROM " + ts)).isEqualTo(micros("2024-01-29T23:30"));
        assertThat(
                        value(
                                "SELECT TIMESTAMPADD(MINUTE, n, x) FROM (VALUES (TIMESTAMP '2024-01-31 23:30:00', 45)) t(x, n)"))
                .isEqualTo(micros("2024-02-01T00:15"));
        assertThat(
                        value(
                                "SELECT TIMESTAMPADD(QUARTER, n, x) FROM (VALUES (TIMESTAMP '2024-01-31 23:30:00', 1)) t(x, n)"))
                .isEqualTo(micros("2024-04-30T23:30"));
        assertThat(value("SELECT x + INTERVAL '3' DAY FROM (VALUES DATE '2024-02-27') t(x)"))
                .isEqualTo(LocalDate.of(2024, 3, 1).toEpochDay());
        assertThat(value("SELECT x + INTERVAL '2' HOUR FROM (VALUES TIME '23:00:00') t(x)"))
                .isEqualTo(DateTimes.toMicros(LocalTime.of(1, 0)));
    }

    @Test
    void measuresDifferencesWithTimestampDiff() {
        String pair = "(VALUES (TIMESTAMP '2024-01-31 10:00:00', TIMESTAMP '2024-03-01 09:00:00')) t(a, b)";
        assertThat(row("SELECT TIMESTAMPDIFF(DAY, a, b), TIMESTAMPDIFF(HOUR, a, b), TIMESTAMPDIFF(MONTH, a, b),"
                        + " TIMESTAMPDIFF(SECOND, b, a) FROM " + pair))
                .containsExactly(29L, 719L, 1L, -2_588_400L);
        assertThat(
                        value(
                                "SELECT TIMESTAMPDIFF(MONTH, a, b) FROM (VALUES (DATE '2024-01-31', DATE '2024-02-29')) t(a, b)"))
                .isEqualTo(1L);
        assertThat(value(
                        "SELECT TIMESTAMPDIFF(DAY, a, b) FROM (VALUES (DATE '2024-01-01', DATE '2024-03-01')) t(a, b)"))
                .isEqualTo(60L);
    }

    @Test
    void truncatesWithFloorAndCeil() {
        String ts = "(VALUES TIMESTAMP '2024-05-15 13:14:15.5') t(x)";
        assertThat(row("SELECT FLOOR(x TO DAY), FLOOR(x TO MONTH), FLOOR(x TO HOUR), CEIL(x TO DAY), FLOOR(x TO YEAR)"
                        + " FROM " + ts))
                .containsExactly(
                        micros("2024-05-15T00:00"),
                        micros("2024-05-01T00:00"),
                        micros("2024-05-15T13:00"),
                        micros("2024-05-16T00:00"),
                        micros("2024-01-01T00:00"));
        assertThat(value("SELECT FLOOR(x TO QUARTER) FROM (VALUES DATE '2024-05-15') t(x)"))
                .isEqualTo(LocalDate.of(2024, 4, 1).toEpochDay());
    }

    @Test
    void comparesAndSortsTimestampsAndDates() {
        assertThat(value(
                        "SELECT count(*) FROM (VALUES TIMESTAMP '2024-01-01 00:00:01', TIMESTAMP '2023-12-31 23:59:59')"
                                + " t(x) WHERE x > DATE '2024-01-01'"))
                .isEqualTo(1L);
        assertThat(
                        rows(
                                "SELECT x FROM (VALUES TIME '10:00:00', TIME '09:00:00', TIME '23:00:00') t(x) ORDER BY x DESC"))
                .extracting(row -> row.get(0))
                .containsExactly(
                        DateTimes.toMicros(LocalTime.of(23, 0)),
                        DateTimes.toMicros(LocalTime.of(10, 0)),
                        DateTimes.toMicros(LocalTime.of(9, 0)));
    }

    @Test
    void groupsAndAggregatesTimestampsAndBinaries() {
        List<List<Object>> rows =
                rows("SELECT x, count(*), min(y), max(y) FROM (VALUES (X'01', TIMESTAMP '2024-01-01 00:00:00'),"
                        + " (X'01', TIMESTAMP '2023-01-01 00:00:00'), (X'ff', TIMESTAMP '2025-01-01 00:00:00')) t(x, y)"
                        + " GROUP BY x ORDER BY x");
        assertThat(rows).hasSize(2);
        assertThat((byte[]) rows.get(0).get(0)).containsExactly(1);
        assertThat(rows.get(0).subList(1, 4))
                .containsExactly(2L, micros("2023-01-01T00:00"), micros("2024-01-01T00:00"));
        assertThat((byte[]) rows.get(1).get(0)).containsExactly((byte) 0xff);
    }

    /** Literals outside ISO-8859-1 (Calcite's default charset, see saffron.properties): found by the fuzz run. */
    @Test
    void stringLiteralsOutsideLatin1AreValues() {
        assertThat(value("SELECT 'é中😀'")).isEqualTo("é中😀");
        assertThat((byte[]) value("SELECT CAST(x AS VARBINARY) FROM (VALUES '中') t(x)"))
                .containsExactly(0xe4, 0xb8, 0xad);
        assertThat(value("SELECT count(*) FROM (VALUES 'a', '中', 'é') t(x) WHERE x > 'é'"))
                .isEqualTo(1L);
    }

    @Test
    void binaryCastsAndComparisons() {
        assertThat((byte[]) value("SELECT CAST(x AS VARBINARY) FROM (VALUES 'hé') t(x)"))
                .containsExactly('h', 0xc3, 0xa9);
        assertThat(value("SELECT count(*) FROM (VALUES X'00', X'7f', X'80') t(x) WHERE x > X'7f'"))
                .isEqualTo(1L);
    }

    @Test
    void timeFunctionsReadTheStatementTimeInTheSessionZone() {
        CompiledQuery query = COMPILER.compile(
                "SELECT CURRENT_TIMESTAMP, LOCALTIMESTAMP, CURRENT_DATE, CURRENT_TIME FROM (VALUES 1, 2) t(x)",
                "tpch",
                "tiny");
        StatementTime time = new StatementTime(Instant.parse("2024-06-30T22:30:00.123456Z"), ZoneId.of("Europe/Paris"));

        List<List<Object>> rows = run(query.plan(List.of(), io.aqueduct.core.system.SystemSnapshotSource.NONE, time));

        List<Object> expected = List.of(
                micros("2024-07-01T00:30:00.123456"),
                micros("2024-07-01T00:30:00.123456"),
                LocalDate.of(2024, 7, 1).toEpochDay(),
                DateTimes.toMicros(LocalTime.of(0, 30, 0, 123_456_000)));
        assertThat(rows).containsExactly(expected, expected);
    }

    @Test
    void plansReadingTheTimeAreNotReused() {
        CompiledQuery query = COMPILER.compile("SELECT CURRENT_TIMESTAMP", "tpch", "tiny");
        StatementTime first = new StatementTime(Instant.parse("2024-01-01T00:00:00Z"), ZoneId.of("UTC"));
        StatementTime second = new StatementTime(Instant.parse("2025-01-01T00:00:00Z"), ZoneId.of("UTC"));

        Object firstValue = run(query.plan(List.of(), io.aqueduct.core.system.SystemSnapshotSource.NONE, first))
                .get(0)
                .get(0);
        Object secondValue = run(query.plan(List.of(), io.aqueduct.core.system.SystemSnapshotSource.NONE, second))
                .get(0)
                .get(0);

        assertThat(firstValue).isEqualTo(micros("2024-01-01T00:00"));
        assertThat(secondValue).isEqualTo(micros("2025-01-01T00:00"));
    }

    @Test
    void bindsTimestampTimeAndBinaryParameters() {
        CompiledQuery query = COMPILER.compile(
                "SELECT x FROM (VALUES TIMESTAMP '2024-01-01 10:00:00', TIMESTAMP '2024-01-02 10:00:00') t(x) WHERE x > ?",
                "tpch",
                "tiny");
        long millis = micros("2024-01-01T12:00") / 1000;

        assertThat(run(query.plan(List.of(millis)))).containsExactly(List.of(micros("2024-01-02T10:00")));
        assertThat(run(query.plan(List.of("2024-01-02 10:00:00")))).isEmpty();
    }

    @Test
    void intervalResultsReadAsText() {
        assertThat(rows("SELECT INTERVAL '1' DAY, INTERVAL '14' MONTH,"
                        + " TIMESTAMP '2024-01-01 00:00:00' - TIMESTAMP '2024-01-02 03:00:00.5',"
                        + " DATE '2024-03-01' - TIMESTAMP '2024-02-28 12:00:00'"))
                .containsExactly(List.of("1 day", "1 year 2 mons", "-1 days -03:00:00.5", "1 day 12:00:00"));
        assertThat(value("SELECT EXTRACT(EPOCH FROM TIMESTAMP '2024-01-02 03:00:00' - DATE '2024-01-01')"))
                .isEqualTo(97_200L);
    }

    /** An interval cast to a number counts its unit (Calcite's meaning), cast to text reads as PostgreSQL writes it. */
    @Test
    void castsOfIntervalsCountTheirUnitOrWriteThem() {
        assertThat(rows("SELECT CAST(INTERVAL '3' DAY AS INTEGER), CAST(INTERVAL '14' MONTH AS BIGINT),"
                        + " CAST(INTERVAL '2' YEAR AS INTEGER), CAST(INTERVAL '-90' SECOND AS BIGINT),"
                        + " CAST(INTERVAL '3' DAY AS VARCHAR), CAST(INTERVAL '14' MONTH AS VARCHAR)"))
                .containsExactly(List.of(3L, 14L, 2L, -90L, "3 days", "1 year 2 mons"));
    }

    /** A step too long for a BIGINT of microseconds steps past every stop: the series is its start. */
    @Test
    void aSeriesStepLongerThanAnyTimestampSpanGivesTheStartAlone() {
        assertThat(rows(
                        "SELECT * FROM generate_series(TIMESTAMP '9999-12-31 00:00:00', TIMESTAMP '9999-12-31 23:00:00',"
                                + " INTERVAL '999999999' DAY(9))"))
                .containsExactly(List.of(micros("9999-12-31T00:00")));
    }

    private static long micros(String isoDateTime) {
        return DateTimes.toMicros(LocalDateTime.parse(isoDateTime));
    }

    private Object value(String sql) {
        return value(COMPILER.compile(sql, "tpch", "tiny"));
    }

    private Object value(CompiledQuery query) {
        List<List<Object>> rows = run(query.plan(List.of()));
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).hasSize(1);
        return rows.get(0).get(0);
    }

    private List<Object> row(String sql) {
        List<List<Object>> rows = rows(sql);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private List<List<Object>> rows(String sql) {
        return run(COMPILER.compile(sql, "tpch", "tiny").plan(List.of()));
    }

    private List<List<Object>> run(PlanNode plan) {
        return TablelessPlans.run(plan, allocator);
    }
}
