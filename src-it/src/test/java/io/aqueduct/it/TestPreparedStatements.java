package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.jdbc.AqueductConnection;
import io.aqueduct.jdbc.AqueductStatement;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * TPC-H Q6 as a prepared statement with its five parameters, bound and re-bound; LIMIT and OFFSET parameters; dates and
 * timestamps bound across types; java.time values, BigInteger and UUID through setObject; parameters typed as text, by a function's signature or by interval arithmetic;
 * against DuckDB.
 */
class TestPreparedStatements extends TinyTpchOracleTest {
    private static final String Q6 = "SELECT sum(l_extendedprice * l_discount) AS revenue FROM lineitem"
            + " WHERE l_shipdate >= ? AND l_shipdate < ? AND l_discount BETWEEN ? AND ? AND l_quantity < ?";

    TestPreparedStatements(AqueductCluster cluster) {
        super(cluster);
    }

    @Test
    void describesItsParameters() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(Q6)) {
            ParameterMetaData parameters = statement.getParameterMetaData();
            assertThat(parameters.getParameterCount()).isEqualTo(5);
            assertThat(parameters.getParameterType(1)).isEqualTo(Types.DATE);
            assertThat(parameters.getParameterType(3)).isEqualTo(Types.DECIMAL);
            assertThat(statement.getMetaData().getColumnLabel(1)).isEqualTo("revenue");
        }
    }

    @Test
    void q6WithBoundParametersEqualsDuckDbAndCanBeReExecuted() throws Exception {
        try (PreparedStatement statement = connection.prepareStatement(Q6)) {
            QueryResult first = execute(statement, "1994-01-01", "1995-01-01", "0.05", "0.07", 24);
            assertSame(first, "1994-01-01", "1995-01-01", "0.05", "0.07", 24);
            assertThat(first.rows().get(0).get(0)).isNotNull();

            QueryResult second = execute(statement, "1996-01-01", "1997-01-01", "0.01", "0.03", 30);
            assertSame(second, "1996-01-01", "1997-01-01", "0.01", "0.03", 30);
            assertThat(second.rows()).isNotEqualTo(first.rows());
        }
        cluster.awaitWorkersIdle();
    }

    /** JDBC paging: LIMIT and OFFSET bound per execution; a negative count fails with 22023. */
    @Test
    void limitAndOffsetTakeParameters() throws Exception {
        String sql =
                "SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_totalprice DESC, o_orderkey LIMIT ? OFFSET ?";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int[] page : new int[][] {{5, 0}, {7, 20}, {3, 14_999}}) {
                statement.setInt(1, page[0]);
                statement.setInt(2, page[1]);
                try (ResultSet rows = statement.executeQuery()) {
                    String literal = sql.replaceFirst("\\?", Integer.toString(page[0]))
                            .replaceFirst("\\?", Integer.toString(page[1]));
                    ResultComparator.assertSameResults(oracle.execute(literal), ResultReader.read(rows), true);
                }
            }
            statement.setInt(1, -1);
            statement.setInt(2, 0);
            assertThatThrownBy(statement::executeQuery)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("LIMIT must not be negative")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22023");
        }
    }

    /**
     * A timestamp bound to a DATE parameter is its date, and a date bound to a TIMESTAMP parameter its midnight (they
     * arrived as bare numbers of milliseconds and days: one overflowed, the other was read as milliseconds).
     */
    @Test
    void datesAndTimestampsBindToEachOther() throws Exception {
        String expected = "SELECT count(*) FROM orders WHERE o_orderdate >= DATE '1997-03-15'";
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT count(*) FROM orders WHERE o_orderdate >= ?")) {
            statement.setTimestamp(1, Timestamp.valueOf("1997-03-15 00:00:00"));
            assertSameAs(expected, statement);
        }
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT count(*) FROM orders WHERE CAST(o_orderdate AS TIMESTAMP) >= ?")) {
            statement.setDate(1, Date.valueOf("1997-03-15"));
            assertSameAs(expected, statement);
        }
    }

    /**
     * JDBC 4.2's values bind through {@code setObject}, with and without a target type (Avatica's client failed to send
     * them, without a SQLState); a class no parameter takes fails with 07006 when it is bound.
     */
    @Test
    void javaTimeAndOtherObjectsBindThroughSetObject() throws Exception {
        String expected = "SELECT count(*) FROM orders WHERE o_orderdate >= DATE '1997-03-15'";
        String sql = "SELECT count(*) FROM orders WHERE o_orderdate >= ?";
        List<Object> sameDay = List.of(
                LocalDate.of(1997, 3, 15),
                LocalDateTime.of(1997, 3, 15, 0, 0),
                OffsetDateTime.of(1997, 3, 15, 2, 0, 0, 0, ZoneOffset.ofHours(2)),
                LocalDate.of(1997, 3, 15).atStartOfDay(ZoneOffset.UTC).toInstant());
        for (Object day : sameDay) {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setObject(1, day);
                assertSameAs(expected, statement);
                statement.setObject(1, day, Types.DATE);
                assertSameAs(expected, statement);
                statement.setObject(1, day, JDBCType.TIMESTAMP);
                assertSameAs(expected, statement);
            }
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, Timestamp.valueOf("1997-03-15 00:00:00"), Types.DATE);
            assertSameAs(expected, statement);
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT n_name, CAST(? AS VARCHAR) AS id FROM nation WHERE n_nationkey = ?")) {
            UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
            statement.setObject(1, id);
            statement.setObject(2, BigInteger.valueOf(3));
            assertRowsAs("SELECT n_name, '" + id + "' AS id FROM nation WHERE n_nationkey = 3", statement);
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            assertThatThrownBy(() -> statement.setObject(1, Duration.ofDays(1)))
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("07006");
        }
    }

    /** A parameter whose context gives no type (Calcite refused to prepare these) is text, as in PostgreSQL. */
    @Test
    void parametersWithoutATypeFromTheirContextAreText() throws Exception {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT n_nationkey, n_name FROM nation WHERE n_name = UPPER(?)")) {
            statement.setString(1, "china");
            assertRowsAs("SELECT n_nationkey, n_name FROM nation WHERE n_name = UPPER('china')", statement);
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT n_nationkey, COALESCE(?, n_name) AS name, ? || n_comment AS c FROM nation ORDER BY 1")) {
            statement.setNull(1, Types.VARCHAR);
            statement.setString(2, "> ");
            assertRowsAs(
                    "SELECT n_nationkey, n_name AS name, '> ' || n_comment AS c FROM nation ORDER BY 1", statement);
        }
        try (PreparedStatement statement = connection.prepareStatement("SELECT ?")) {
            statement.setString(1, "hello");
            assertThat(statement.getMetaData().getColumnType(1)).isEqualTo(Types.VARCHAR);
            assertRowsAs("SELECT 'hello'", statement);
        }
    }

    /**
     * A parameter among a function's operands takes the type the function's signature asks for there, one in interval
     * arithmetic a timestamp or a multiplier; each statement failed to prepare with 42804.
     */
    @Test
    void parametersOfFunctionsAndIntervalArithmeticTakeTheTypesTheyNeed() throws Exception {
        try (PreparedStatement statement = connection.prepareStatement("SELECT n_nationkey, SUBSTRING(n_name, ?, ?),"
                + " LPAD(n_name, ?, '*'), ROUND(n_nationkey / 7.0, ?) FROM nation WHERE MOD(n_nationkey, ?) = 0")) {
            statement.setInt(1, 2);
            statement.setInt(2, 3);
            statement.setInt(3, 12);
            statement.setInt(4, 2);
            statement.setInt(5, 3);
            assertRowsAs(
                    "SELECT n_nationkey, SUBSTRING(n_name, 2, 3), LPAD(n_name, 12, '*'), ROUND(n_nationkey / 7.0, 2)"
                            + " FROM nation WHERE n_nationkey % 3 = 0",
                    statement);
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT count(*) FROM lineitem"
                        + " WHERE l_shipdate >= ? + INTERVAL '1' DAY AND l_shipdate < DATE '1995-01-01' + ? * INTERVAL '1' DAY")) {
            statement.setDate(1, Date.valueOf("1994-12-01"));
            statement.setInt(2, 40);
            assertSameAs(
                    "SELECT count(*) FROM lineitem"
                            + " WHERE l_shipdate >= DATE '1994-12-02' AND l_shipdate < DATE '1995-02-10'",
                    statement);
        }
    }

    /**
     * A statement's maximum row count (DBeaver sets 200 on every query) is the query's FETCH: an ORDER BY under it runs
     * as a top-N of that many rows, and the rows are the first of the ordered result, as DuckDB's LIMIT gives them.
     */
    @Test
    void theMaximumRowCountOfAStatementPlansATopN() throws Exception {
        String sql = "SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_totalprice DESC, o_orderkey";
        try (Statement statement = connection.createStatement()) {
            statement.setMaxRows(12);
            try (ResultSet rows = statement.executeQuery(sql)) {
                ResultComparator.assertSameResults(oracle.execute(sql + " LIMIT 12"), ResultReader.read(rows), true);
            }
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            assertThat(connection.unwrap(AqueductConnection.class).getFinalPlan(queryId))
                    .contains("TopN 12")
                    .doesNotContain("Sort [");
            statement.setMaxRows(0);
            try (ResultSet rows = statement.executeQuery(sql)) {
                assertThat(ResultReader.read(rows).rows()).hasSize(15_000);
            }
        }
    }

    /** A prepared generate_series takes its bounds from parameters: one plan, a series as long as each execution asks. */
    @Test
    void generateSeriesTakesItsBoundsFromParameters() throws Exception {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT x, x % 7 AS r FROM generate_series(?, ?) AS t(x) ORDER BY x")) {
            for (int stop : new int[] {5, 20_000}) {
                statement.setInt(1, -3);
                statement.setInt(2, stop);
                assertRowsAs(
                        "SELECT x, x %% 7 AS r FROM generate_series(-3, %d) AS t(x) ORDER BY x".formatted(stop),
                        statement);
            }
        }
    }

    /** A statement the server refuses to prepare fails with its reason, not only Avatica's "while preparing SQL". */
    @Test
    void aStatementThatCannotBePreparedFailsWithTheServersReason() {
        assertThatThrownBy(() -> connection.prepareStatement("SELECT n_name + ? FROM nation"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Cannot apply '+'")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42804");
        assertThatThrownBy(() -> connection.prepareStatement("SELECT no_such_column FROM nation WHERE n_name = ?"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Column 'no_such_column' not found")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42S22");
    }

    private void assertRowsAs(String duckDbSql, PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            QueryResult actual = ResultReader.read(rows);
            assertThat(actual.rows()).isNotEmpty();
            ResultComparator.assertSameResults(oracle.execute(duckDbSql), actual, true);
        }
    }

    private void assertSameAs(String duckDbSql, PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            QueryResult actual = ResultReader.read(rows);
            ResultComparator.assertSameResults(oracle.execute(duckDbSql), actual, true);
            assertThat(((Number) actual.rows().get(0).get(0)).longValue()).isPositive();
        }
    }

    private static QueryResult execute(
            PreparedStatement statement, String from, String to, String minDiscount, String maxDiscount, int quantity)
            throws SQLException {
        statement.setDate(1, Date.valueOf(LocalDate.parse(from)));
        statement.setDate(2, Date.valueOf(LocalDate.parse(to)));
        statement.setBigDecimal(3, new BigDecimal(minDiscount));
        statement.setBigDecimal(4, new BigDecimal(maxDiscount));
        statement.setInt(5, quantity);
        try (ResultSet rows = statement.executeQuery()) {
            return ResultReader.read(rows);
        }
    }

    private void assertSame(
            QueryResult actual, String from, String to, String minDiscount, String maxDiscount, int quantity)
            throws SQLException {
        String literal = Q6.replaceFirst("\\?", "DATE '" + from + "'")
                .replaceFirst("\\?", "DATE '" + to + "'")
                .replaceFirst("\\?", minDiscount)
                .replaceFirst("\\?", maxDiscount)
                .replaceFirst("\\?", Integer.toString(quantity));
        ResultComparator.assertSameResults(oracle.execute(literal), actual, true);
    }
}
