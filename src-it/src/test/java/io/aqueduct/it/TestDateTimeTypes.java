package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TIMESTAMP, TIME, BOOLEAN, DOUBLE and VARBINARY through JDBC on real workers: TPC-H SF 0.01 dates cast
 * to timestamps, EXTRACT, interval arithmetic, truncation, and timestamp keys of GROUP BY, JOIN and
 * ORDER BY compared with DuckDB, with adaptive task counts on and off; the JDBC getters, metadata and
 * parameters of these types; CURRENT_TIMESTAMP's single value per query in the session's time zone.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestDateTimeTypes {
    private static final String TIMESTAMPS = "(SELECT o_orderkey, o_orderpriority, o_orderdate,"
            + " CAST(o_orderdate AS TIMESTAMP) + o_orderkey * INTERVAL '1' SECOND AS ts FROM orders) o";

    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection adaptive;
    private Connection staticCounts;

    TestDateTimeTypes(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
        adaptive = cluster.connect();
        Properties noAdaptivity = new Properties();
        noAdaptivity.setProperty("distributed.dynamic_task_count", "false");
        noAdaptivity.setProperty("distributed.broadcast_max_bytes", "0");
        staticCounts = cluster.connect(noAdaptivity);
    }

    @AfterAll
    void close() throws SQLException {
        adaptive.close();
        staticCounts.close();
        oracle.close();
    }

    /** Aqueduct's SQL and DuckDB's for the same question; most are the same text. */
    static Stream<Arguments> oracleQueries() {
        return Stream.of(
                same("SELECT ts, o_orderkey FROM " + TIMESTAMPS + " ORDER BY ts DESC, o_orderkey LIMIT 25"),
                same("SELECT o_orderpriority, min(ts), max(ts), count(*) FROM " + TIMESTAMPS
                        + " GROUP BY o_orderpriority ORDER BY o_orderpriority"),
                same("SELECT CAST(o_orderdate AS TIMESTAMP) + INTERVAL '7' HOUR AS t, count(*) FROM orders"
                        + " GROUP BY CAST(o_orderdate AS TIMESTAMP) + INTERVAL '7' HOUR"),
                same("SELECT EXTRACT(YEAR FROM ts) AS y, EXTRACT(QUARTER FROM ts) AS q, EXTRACT(MONTH FROM ts) AS m,"
                        + " EXTRACT(DAY FROM o_orderdate) AS d, EXTRACT(HOUR FROM ts) AS h, count(*), sum(o_orderkey)"
                        + " FROM " + TIMESTAMPS + " GROUP BY EXTRACT(YEAR FROM ts), EXTRACT(QUARTER FROM ts),"
                        + " EXTRACT(MONTH FROM ts), EXTRACT(DAY FROM o_orderdate), EXTRACT(HOUR FROM ts)"),
                same("SELECT EXTRACT(MINUTE FROM ts) AS mi, EXTRACT(SECOND FROM ts) AS s, EXTRACT(DOY FROM ts) AS doy,"
                        + " EXTRACT(WEEK FROM ts) AS w, count(*) FROM " + TIMESTAMPS
                        + " WHERE o_orderkey < 3000 GROUP BY EXTRACT(MINUTE FROM ts), EXTRACT(SECOND FROM ts),"
                        + " EXTRACT(DOY FROM ts), EXTRACT(WEEK FROM ts)"),
                // EXTRACT's DOW counts from Sunday = 0, as DuckDB's; JDBC's DAYOFWEEK from Sunday = 1.
                pair(
                        "SELECT EXTRACT(DOW FROM o_orderdate) AS dow, DATE_PART('dow', o_orderdate) AS dp,"
                                + " DAYOFWEEK(o_orderdate) AS jdbc, count(*) FROM orders GROUP BY 1, 2, 3",
                        "SELECT EXTRACT(DOW FROM o_orderdate) AS dow, date_part('dow', o_orderdate) AS dp,"
                                + " dayofweek(o_orderdate) + 1 AS jdbc, count(*) FROM orders GROUP BY 1, 2, 3"),
                same(
                        "SELECT count(*), sum(l_quantity) FROM lineitem JOIN (SELECT DISTINCT CAST(o_orderdate AS TIMESTAMP) AS t"
                                + " FROM orders WHERE o_orderpriority = '1-URGENT') u ON CAST(l_shipdate AS TIMESTAMP) = u.t"),
                same("SELECT l_shipmode, count(*) FROM lineitem JOIN orders ON l_orderkey = o_orderkey"
                        + " WHERE CAST(l_receiptdate AS TIMESTAMP) > CAST(o_orderdate AS TIMESTAMP) + INTERVAL '2' MONTH"
                        + " GROUP BY l_shipmode"),
                // TIMESTAMP - TIMESTAMP (or DATE) is an interval: compared, EXTRACTed, and read as text, as DuckDB
                // writes a
                // day-time interval.
                pair(
                        "SELECT o_orderkey, ts - CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' DAY AS waited,"
                                + " EXTRACT(EPOCH FROM ts - TIMESTAMP '1995-01-01 00:00:00') AS secs,"
                                + " EXTRACT(DAY FROM ts - o_orderdate) AS d, EXTRACT(HOUR FROM TIMESTAMP '1999-01-01 00:00:00' - ts) AS h,"
                                + " EXTRACT(MINUTE FROM TIMESTAMP '1999-01-01 00:00:00' - ts) AS mi FROM " + TIMESTAMPS
                                + " WHERE o_orderkey < 3000 AND ts - TIMESTAMP '1994-06-01 00:00:00' > INTERVAL '30' DAY",
                        "SELECT o_orderkey, CAST(ts - CAST(o_orderdate AS TIMESTAMP) + INTERVAL 1 DAY AS VARCHAR) AS waited,"
                                + " CAST(EXTRACT(EPOCH FROM ts - TIMESTAMP '1995-01-01 00:00:00') AS BIGINT) AS secs,"
                                + " EXTRACT(DAY FROM ts - CAST(o_orderdate AS TIMESTAMP)) AS d,"
                                + " EXTRACT(HOUR FROM TIMESTAMP '1999-01-01 00:00:00' - ts) AS h,"
                                + " EXTRACT(MINUTE FROM TIMESTAMP '1999-01-01 00:00:00' - ts) AS mi FROM " + TIMESTAMPS
                                + " WHERE o_orderkey < 3000 AND ts - TIMESTAMP '1994-06-01 00:00:00' > INTERVAL 30 DAY"),
                // Text with a UTC offset casts to its wall-clock time, the offset dropped.
                same("SELECT o_orderkey, CAST(CAST(o_orderdate AS VARCHAR) || ' 03:04:05+02:00' AS TIMESTAMP) AS t,"
                        + " CAST(CAST(o_orderdate AS VARCHAR) || 'T23:30:00.25Z' AS TIMESTAMP) AS z FROM orders"
                        + " WHERE o_orderkey < 500"),
                same("SELECT count(*) FROM lineitem WHERE l_shipdate > l_commitdate + INTERVAL '10' DAY"),
                // A DATE plus or minus hours, minutes or seconds is a TIMESTAMP.
                pair(
                        "SELECT o_orderkey, o_orderdate - INTERVAL '36' HOUR AS a, INTERVAL '90' MINUTE + o_orderdate AS b,"
                                + " o_orderdate + INTERVAL '1' SECOND > o_orderdate AS c FROM orders WHERE o_orderkey < 100",
                        "SELECT o_orderkey, o_orderdate - INTERVAL 36 HOUR AS a, INTERVAL 90 MINUTE + o_orderdate AS b,"
                                + " o_orderdate + INTERVAL 1 SECOND > o_orderdate AS c FROM orders WHERE o_orderkey < 100"),
                same("SELECT count(*) FROM orders WHERE o_orderdate + INTERVAL '12' HOUR > DATE '1996-01-02'"),
                // PostgreSQL's names of the sub-second fields: the seconds with their fraction, scaled.
                pair(
                        "SELECT o_orderkey, EXTRACT(MILLISECONDS FROM ts) AS ms, EXTRACT(microseconds FROM ts) AS us"
                                + " FROM " + TIMESTAMPS + " WHERE o_orderkey < 100",
                        "SELECT o_orderkey, EXTRACT(MILLISECOND FROM ts) AS ms, EXTRACT(MICROSECOND FROM ts) AS us"
                                + " FROM " + TIMESTAMPS + " WHERE o_orderkey < 100"),
                // Text with a month, day or hour of one digit reads as PostgreSQL reads it.
                pair(
                        "SELECT count(*) FROM orders WHERE o_orderdate < CAST('1993-2-3' AS DATE)"
                                + " OR CAST(o_orderdate AS TIMESTAMP) = CAST('1995-3-4 0:00:00' AS TIMESTAMP)",
                        "SELECT count(*) FROM orders WHERE o_orderdate < DATE '1993-02-03'"
                                + " OR CAST(o_orderdate AS TIMESTAMP) = TIMESTAMP '1995-03-04 00:00:00'"),
                pair(
                        "SELECT TIMESTAMPDIFF(DAY, o_orderdate, l_shipdate) AS days, TIMESTAMPDIFF(HOUR, o_orderdate,"
                                + " l_shipdate) AS hours, count(*) FROM lineitem JOIN orders ON l_orderkey = o_orderkey"
                                + " GROUP BY TIMESTAMPDIFF(DAY, o_orderdate, l_shipdate), TIMESTAMPDIFF(HOUR, o_orderdate,"
                                + " l_shipdate)",
                        "SELECT l_shipdate - o_orderdate AS days, (l_shipdate - o_orderdate) * 24 AS hours, count(*)"
                                + " FROM lineitem JOIN orders ON l_orderkey = o_orderkey GROUP BY l_shipdate - o_orderdate"),
                pair(
                        "SELECT TIMESTAMPADD(WEEK, 2, ts) AS later, o_orderkey FROM " + TIMESTAMPS
                                + " WHERE o_orderkey < 200",
                        "SELECT ts + INTERVAL 14 DAY AS later, o_orderkey FROM " + TIMESTAMPS
                                + " WHERE o_orderkey < 200"),
                pair(
                        "SELECT FLOOR(ts TO MONTH) AS m, count(*) FROM " + TIMESTAMPS + " GROUP BY FLOOR(ts TO MONTH)"
                                + " ORDER BY m",
                        "SELECT date_trunc('month', ts) AS m, count(*) FROM " + TIMESTAMPS
                                + " GROUP BY date_trunc('month', ts) ORDER BY m"),
                same("SELECT date_trunc('week', ts) AS w, date_trunc('Quarter', ts) AS q, date_trunc('hour', ts) AS h,"
                        + " count(*) FROM " + TIMESTAMPS + " WHERE o_orderkey < 3000 GROUP BY date_trunc('week', ts),"
                        + " date_trunc('Quarter', ts), date_trunc('hour', ts)"),
                same("SELECT date_trunc('year', o_orderdate) AS y, date_trunc('month', o_orderdate) AS m, count(*)"
                        + " FROM orders GROUP BY date_trunc('year', o_orderdate), date_trunc('month', o_orderdate)"),
                pair(
                        "SELECT CEIL(ts TO HOUR) AS h, o_orderkey FROM " + TIMESTAMPS + " WHERE o_orderkey < 100",
                        "SELECT CASE WHEN date_trunc('hour', ts) = ts THEN ts ELSE date_trunc('hour', ts)"
                                + " + INTERVAL 1 HOUR END AS h, o_orderkey FROM " + TIMESTAMPS
                                + " WHERE o_orderkey < 100"),
                same(
                        "SELECT count(*) FROM orders WHERE CAST(CAST(o_orderdate AS TIMESTAMP) + INTERVAL '23' HOUR AS DATE)"
                                + " = o_orderdate"),
                same("SELECT count(*) FROM " + TIMESTAMPS + " WHERE ts BETWEEN TIMESTAMP '1995-01-01 00:00:00'"
                        + " AND TIMESTAMP '1995-03-31 12:30:00.5'"),
                same("SELECT CAST(ts AS VARCHAR) AS text, CAST(CAST(ts AS TIME) AS VARCHAR) AS clock FROM " + TIMESTAMPS
                        + " WHERE o_orderkey < 40"),
                same(
                        "SELECT o_orderstatus = 'F' AS done, count(*), sum(CAST(o_totalprice AS DOUBLE)) AS total FROM orders"
                                + " GROUP BY o_orderstatus = 'F' ORDER BY done"),
                same("SELECT CAST(ts AS TIME) AS clock, count(*) FROM " + TIMESTAMPS + " WHERE o_orderkey < 500"
                        + " GROUP BY CAST(ts AS TIME) ORDER BY clock LIMIT 30"));
    }

    @ParameterizedTest
    @MethodSource("oracleQueries")
    void equalsDuckDbWithAdaptiveTaskCounts(String sql, String duckDbSql) throws Exception {
        assertSameAsDuckDb(adaptive, sql, duckDbSql);
    }

    @ParameterizedTest
    @MethodSource("oracleQueries")
    void equalsDuckDbWithStaticTaskCountsAndPartitionedJoins(String sql, String duckDbSql) throws Exception {
        assertSameAsDuckDb(staticCounts, sql, duckDbSql);
    }

    @Test
    void currentTimestampIsOneValueBetweenTheTimesAroundTheQuery() throws SQLException {
        LocalDateTime before = LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        Set<LocalDateTime> values = new HashSet<>();
        Set<LocalDate> dates = new HashSet<>();
        int rows = 0;
        try (Statement statement = adaptive.createStatement();
                ResultSet resultSet = statement.executeQuery(
                        "SELECT CURRENT_TIMESTAMP, LOCALTIMESTAMP, CURRENT_DATE, o_orderkey FROM orders")) {
            while (resultSet.next()) {
                values.add(resultSet.getObject(1, LocalDateTime.class));
                values.add(resultSet.getObject(2, LocalDateTime.class));
                dates.add(resultSet.getObject(3, LocalDate.class));
                rows++;
            }
        }
        LocalDateTime after = LocalDateTime.now(ZoneOffset.UTC);

        assertThat(rows).isEqualTo(15_000);
        assertThat(values).hasSize(1);
        assertThat(values.iterator().next()).isBetween(before, after);
        assertThat(dates).containsExactly(values.iterator().next().toLocalDate());
    }

    @Test
    void currentTimestampFollowsTheTimeZoneConnectionProperty() throws SQLException {
        ZoneId tokyo = ZoneId.of("Asia/Tokyo");
        Properties properties = new Properties();
        properties.setProperty("timeZone", tokyo.getId());
        try (Connection connection = cluster.connect(properties);
                Statement statement = connection.createStatement()) {
            LocalDateTime before = LocalDateTime.now(tokyo).truncatedTo(ChronoUnit.MILLIS);
            LocalDateTime first = currentTimestamp(statement);
            LocalDateTime second = currentTimestamp(statement);
            LocalDateTime after = LocalDateTime.now(tokyo);

            assertThat(first).isBetween(before, after);
            assertThat(second).isBetween(first, after);
        }
    }

    @Test
    void gettersAndMetadataOfEachType() throws SQLException {
        try (Statement statement = adaptive.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT TIMESTAMP '2024-01-02 03:04:05.123456' AS ts,"
                        + " TIME '13:14:15.250' AS t, o_orderkey = 1 AS b, CAST(0.5 AS DOUBLE) AS d,"
                        + " CAST(2.5 AS REAL) AS r, X'CAFE' AS bin, DATE '2024-02-29' AS dt, CAST(NULL AS TIMESTAMP) AS n"
                        + " FROM orders WHERE o_orderkey = 1")) {
            ResultSetMetaData metadata = resultSet.getMetaData();
            assertThat(List.of(
                            metadata.getColumnType(1),
                            metadata.getColumnType(2),
                            metadata.getColumnType(3),
                            metadata.getColumnType(4),
                            metadata.getColumnType(5),
                            metadata.getColumnType(6),
                            metadata.getColumnType(7)))
                    .containsExactly(
                            Types.TIMESTAMP,
                            Types.TIME,
                            Types.BOOLEAN,
                            Types.DOUBLE,
                            Types.DOUBLE,
                            Types.VARBINARY,
                            Types.DATE);
            assertThat(metadata.getColumnClassName(1)).isEqualTo(Timestamp.class.getName());
            // The fractional seconds a value keeps on the wire, which getString prints: the driver reads a
            // TIMESTAMP's microseconds; a TIME travels as Avatica's milliseconds.
            assertThat(List.of(metadata.getPrecision(1), metadata.getScale(1), metadata.getScale(2)))
                    .containsExactly(6, 6, 3);
            assertThat(resultSet.next()).isTrue();
            assertThat(resultSet.getString(1)).isEqualTo("2024-01-02 03:04:05.123456");
            assertThat(resultSet.getString(2)).isEqualTo("13:14:15.250");

            LocalDateTime micros = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000);
            assertThat(resultSet.getTimestamp(1).toLocalDateTime()).isEqualTo(micros);
            assertThat(((Timestamp) resultSet.getObject(1)).getNanos()).isEqualTo(123_456_000);
            assertThat(resultSet.getObject(1, LocalDateTime.class)).isEqualTo(micros);
            assertThat(resultSet.getObject("ts", OffsetDateTime.class)).isEqualTo(micros.atOffset(ZoneOffset.UTC));
            assertThat(resultSet.getObject(2, LocalTime.class)).isEqualTo(LocalTime.of(13, 14, 15, 250_000_000));
            assertThat(resultSet.getTime(2).toLocalTime()).isEqualTo(LocalTime.of(13, 14, 15));
            assertThat(resultSet.getBoolean(3)).isTrue();
            assertThat(resultSet.getObject(3, Boolean.class)).isTrue();
            assertThat(resultSet.getDouble(4)).isEqualTo(0.5);
            assertThat(resultSet.getFloat(5)).isEqualTo(2.5f);
            assertThat(resultSet.getBytes(6)).containsExactly(0xCA, 0xFE);
            assertThat(resultSet.getObject(7, LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(resultSet.getObject(8, LocalDateTime.class)).isNull();
            assertThat(resultSet.getTimestamp(8)).isNull();
            assertThat(resultSet.wasNull()).isTrue();
        }
    }

    @ParameterizedTest
    @CsvSource({
        "1969-12-31 23:59:59.999999, 1969-12-31 23:59:59.999",
        "1970-01-01 00:00:00.000001, 1970-01-01 00:00:00.000",
        "2024-02-29 23:59:59.000500, 2024-02-29 23:59:59.000",
        "0001-01-01 00:00:00.000000, 0001-01-01 00:00:00.000",
    })
    void timestampsKeepTheirMicrosecondsThroughTheDriverAndMillisecondsForClientsThatAskForThem(
            String value, String inMillis) throws SQLException {
        String sql = "SELECT TIMESTAMP '" + value + "' AS ts FROM orders WHERE o_orderkey = 1";
        LocalDateTime expected = LocalDateTime.parse(value.replace(' ', 'T'));
        try (Statement statement = adaptive.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.next()).isTrue();
            assertThat(resultSet.getString(1)).isEqualTo(value);
            assertThat(resultSet.getObject(1, LocalDateTime.class)).isEqualTo(expected);
            assertThat(resultSet.getTimestamp(1).toLocalDateTime()).isEqualTo(expected);
        }
        Properties millis = new Properties();
        millis.setProperty("timestampUnit", "millis");
        try (Connection connection = cluster.connect(millis);
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.getMetaData().getScale(1)).isEqualTo(3);
            assertThat(resultSet.next()).isTrue();
            assertThat(resultSet.getString(1)).isEqualTo(inMillis);
            assertThat(resultSet.getObject(1, LocalDateTime.class))
                    .isEqualTo(LocalDateTime.parse(inMillis.replace(' ', 'T')));
        }
    }

    @Test
    void bindsParametersOfEachType() throws Exception {
        String sql = "SELECT count(*) FROM " + TIMESTAMPS + " WHERE ts < ? AND (o_orderkey < 100) = ?"
                + " AND CAST(o_orderkey AS DOUBLE) > ?";
        long expected = (Long) oracle.query("SELECT count(*) FROM " + TIMESTAMPS
                        + " WHERE ts < TIMESTAMP '1995-01-01 12:00:00' AND o_orderkey >= 100 AND o_orderkey > 2.5")
                .get(0)
                .get(0);
        try (PreparedStatement statement = adaptive.prepareStatement(sql)) {
            assertThat(statement.getParameterMetaData().getParameterType(1)).isEqualTo(Types.TIMESTAMP);
            statement.setTimestamp(1, Timestamp.valueOf("1995-01-01 12:00:00"));
            statement.setBoolean(2, false);
            statement.setDouble(3, 2.5);
            assertThat(count(statement)).isEqualTo(expected);
        }
        try (PreparedStatement statement =
                adaptive.prepareStatement("SELECT count(*) FROM orders WHERE CAST(o_comment AS VARBINARY) <> ?")) {
            statement.setBytes(1, new byte[] {1, 2});
            assertThat(count(statement)).isEqualTo(15_000);
        }
    }

    @Test
    void unsupportedTypesAndBadValuesFailWithSqlStates() {
        assertThat(sqlFailure(() -> query("SELECT CAST(o_orderdate AS TIMESTAMP WITH LOCAL TIME ZONE) FROM orders"))
                        .getSQLState())
                .isEqualTo("0A000");
        assertThat(sqlFailure(() -> query("SELECT avg(ts - CAST(o_orderdate AS TIMESTAMP)) FROM " + TIMESTAMPS))
                        .getSQLState())
                .isEqualTo("42804");
        assertThat(sqlFailure(() -> query("SELECT CAST(o_comment AS TIMESTAMP) FROM orders"))
                        .getSQLState())
                .isEqualTo("22018");
        assertThat(sqlFailure(() -> query("SELECT TIMESTAMP '2024-01-01 00:00:00' + o_orderkey FROM orders"))
                        .getSQLState())
                .startsWith("42");
        SQLException badUnit = sqlFailure(() -> query("SELECT date_trunc('fortnight', o_orderdate) FROM orders"));
        assertThat(badUnit.getSQLState()).isEqualTo("22023");
        assertThat(badUnit.getMessage()).contains("'fortnight'", "month");
        assertThat(sqlFailure(() -> query("SELECT date_trunc(o_comment, o_orderdate) FROM orders"))
                        .getSQLState())
                .isEqualTo("0A000");
        assertThat(sqlFailure(() -> query("SELECT date_trunc('month', o_orderkey) FROM orders"))
                        .getSQLState())
                .startsWith("42");
        // Past the year 9999 the client's date classes show a wrong year: arithmetic fails, text does not cast.
        SQLException overflow = sqlFailure(() -> query("SELECT o_orderdate + INTERVAL '9000' YEAR FROM orders"));
        assertThat(overflow.getSQLState()).isEqualTo("22008");
        assertThat(overflow.getMessage()).contains("1 to 9999");
        assertThat(sqlFailure(() -> query("SELECT CAST(o_orderdate AS TIMESTAMP) - INTERVAL '2000' YEAR FROM orders"))
                        .getSQLState())
                .isEqualTo("22008");
        assertThat(sqlFailure(() -> query("SELECT CAST('+1' || CAST(o_orderdate AS VARCHAR) AS DATE) FROM orders"))
                        .getSQLState())
                .isEqualTo("22018");
    }

    private void query(String sql) throws SQLException {
        try (Statement statement = adaptive.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            while (resultSet.next()) {
                resultSet.getObject(1);
            }
        }
    }

    private static LocalDateTime currentTimestamp(Statement statement) throws SQLException {
        try (ResultSet resultSet = statement.executeQuery("SELECT CURRENT_TIMESTAMP")) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getObject(1, LocalDateTime.class);
        }
    }

    private static long count(PreparedStatement statement) throws SQLException {
        try (ResultSet resultSet = statement.executeQuery()) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getLong(1);
        }
    }

    private void assertSameAsDuckDb(Connection connection, String sql, String duckDbSql) throws Exception {
        QueryResult actual;
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            actual = ResultReader.read(resultSet);
        }
        boolean ordered = sql.toLowerCase(Locale.ROOT).contains("order by");
        ResultComparator.assertSameRows(oracle.query(duckDbSql), actual.rows(), ordered);
        cluster.awaitWorkersIdle();
    }

    private static Arguments same(String sql) {
        return Arguments.of(sql, sql);
    }

    private static Arguments pair(String sql, String duckDbSql) {
        return Arguments.of(sql, duckDbSql);
    }
}
