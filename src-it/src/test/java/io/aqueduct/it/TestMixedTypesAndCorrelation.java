package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.SameAnswers;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Answers found wrong by differential runs against DuckDB on TPC-H SF 0.01, through JDBC on real workers: a BIGINT
 * meeting a DECIMAL in CASE, COALESCE, set operations and LAG/LEAD keeps the decimal's cents, and a DECIMAL literal in
 * a DOUBLE column of VALUES or an IN list keeps its value; a DOUBLE cast to an integer rounds ties to even; a cast to
 * VARCHAR(n) keeps n characters; subqueries nested in a SELECT list's subquery and an aggregate LATERAL subquery are
 * planned; and correlated subqueries that Calcite's decorrelator would answer wrongly (a window or an ordered aggregate
 * over the correlated rows) fail with 0A000 instead, while the connection serves on.
 */
class TestMixedTypesAndCorrelation extends TinyTpchOracleTest {
    TestMixedTypesAndCorrelation(AqueductCluster cluster) {
        super(cluster);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT c_custkey, CASE WHEN c_custkey % 2 = 0 THEN c_acctbal ELSE c_custkey END FROM customer"
                        + " WHERE c_custkey < 20 ORDER BY c_custkey",
                "SELECT coalesce(sum(c_acctbal), count(*)), nullif(c_nationkey, 0) FROM customer"
                        + " GROUP BY c_nationkey ORDER BY 2",
                "SELECT n_nationkey FROM nation INTERSECT SELECT r_regionkey + 0.5 FROM region",
                "SELECT 'sum' AS kind, sum(c_acctbal) AS total FROM customer"
                        + " UNION ALL SELECT 'count', count(*) FROM customer",
                "SELECT c_custkey, lead(c_acctbal, 1, c_custkey) OVER (ORDER BY c_custkey) FROM customer"
                        + " WHERE c_custkey < 10 ORDER BY c_custkey",
                "SELECT greatest(c_custkey, c_acctbal), least(c_custkey, c_acctbal) FROM customer"
                        + " WHERE c_custkey < 10 ORDER BY 1",
                "SELECT a, a * 2 FROM (VALUES (2.5e0), (3.25), (2), (NULL)) t(a) ORDER BY a",
                "VALUES (2.5e0, 'x'), (3.25, 'yz')",
                "SELECT n_nationkey, CAST(n_nationkey > 20 AS INTEGER), CAST(n_name LIKE 'A%' AS BIGINT) FROM nation"
                        + " ORDER BY n_nationkey",
                "SELECT sum(CAST(l_quantity > 30 AS INTEGER)) FROM lineitem",
                "SELECT count(*) FROM nation WHERE n_nationkey IN (1e0, 2e0, 3.5)",
                "SELECT count(*), sum(l_quantity) FROM lineitem WHERE l_discount IN (0.05e0, 0.06)",
                // The window spans the whole table; only its result is filtered by the outer row: decorrelated right.
                "SELECT c_custkey, (SELECT max(rn) FROM (SELECT o_custkey, row_number() OVER"
                        + " (PARTITION BY o_custkey ORDER BY o_orderkey) rn FROM orders) t"
                        + " WHERE t.o_custkey = c.c_custkey) FROM customer c WHERE c_custkey < 20 ORDER BY 1",
            })
    void mixedExactNumbersKeepTheirScaleAsInDuckDb(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    /** Where DuckDB's spelling differs: its LAG takes the value's type (rounding a DECIMAL default into a BIGINT). */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT n_nationkey, lag(n_nationkey, 1, 0.5) OVER (ORDER BY n_nationkey),"
                        + " lag(n_nationkey, 2, n_nationkey / 4.0) OVER (ORDER BY n_nationkey) FROM nation"
                        + " ORDER BY n_nationkey"
                        + "|SELECT n_nationkey, lag(CAST(n_nationkey AS DECIMAL(18, 1)), 1, 0.5) OVER (ORDER BY"
                        + " n_nationkey), lag(CAST(n_nationkey AS DOUBLE), 2, n_nationkey / 4.0) OVER (ORDER BY"
                        + " n_nationkey) FROM nation ORDER BY n_nationkey",
                "SELECT CAST(x AS INTEGER), CAST(x AS BIGINT) FROM (VALUES (2.5e0), (-2.5e0), (3.5e0), (0.5e0)) t(x)"
                        + " ORDER BY x"
                        + "|SELECT CAST(x AS INTEGER), CAST(x AS BIGINT) FROM (VALUES (2.5::DOUBLE), (-2.5::DOUBLE),"
                        + " (3.5::DOUBLE), (0.5::DOUBLE)) t(x) ORDER BY x",
                "SELECT CAST(b AS BOOLEAN), CAST(d AS DOUBLE) FROM (VALUES ('t', 'inf'), ('F', '-Infinity'),"
                        + " ('1', 'NaN'), ('0', '2.5')) v(b, d)"
                        + "|SELECT CAST(b AS BOOLEAN), CAST(d AS DOUBLE) FROM (VALUES ('t', 'inf'), ('F', '-Infinity'),"
                        + " ('1', 'NaN'), ('0', '2.5')) v(b, d)",
                "SELECT CAST(n_name AS VARCHAR(3)), CAST(n_comment AS CHAR(5)), CAST(n_nationkey * 1000 AS VARCHAR(2))"
                        + " FROM nation ORDER BY n_nationkey"
                        + "|SELECT left(n_name, 3), left(n_comment, 5), left(CAST(n_nationkey * 1000 AS VARCHAR), 2)"
                        + " FROM nation ORDER BY n_nationkey",
                // The inner cast is not merged into the outer one, directly or across a subquery's projection.
                "SELECT CAST(CAST(n_name AS VARCHAR(3)) AS VARCHAR(10)), concat(n_name::VARCHAR(2)::VARCHAR, '!'),"
                        + " CAST(x AS VARCHAR(8)) FROM nation JOIN (SELECT r_regionkey, CAST(r_name AS CHAR(4)) x"
                        + " FROM region) t ON n_regionkey = r_regionkey ORDER BY n_nationkey"
                        + "|SELECT left(n_name, 3), concat(left(n_name, 2), '!'), left(r_name, 4)"
                        + " FROM nation, region WHERE n_regionkey = r_regionkey ORDER BY n_nationkey",
            })
    void castsAndLagDefaultsAreTypedAsInPostgreSql(String sql, String duckDbSql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(duckDbSql), connection, sql);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT r_regionkey, (SELECT count(*) FROM nation n WHERE n.n_regionkey = r.r_regionkey"
                        + " AND n.n_nationkey > (SELECT 20)) FROM region r ORDER BY 1",
                "SELECT r_regionkey, (SELECT count(*) FROM nation n WHERE n.n_regionkey = r.r_regionkey"
                        + " AND n.n_nationkey IN (SELECT s_nationkey FROM supplier WHERE s_acctbal > 9000))"
                        + " FROM region r ORDER BY 1",
                "SELECT r_regionkey, (SELECT count(*) FROM nation n WHERE n.n_regionkey = r.r_regionkey"
                        + " AND EXISTS (SELECT 1 FROM supplier s WHERE s.s_nationkey = n.n_nationkey"
                        + " AND s.s_acctbal > r.r_regionkey * 1000)) FROM region r ORDER BY 1",
                // An aggregate LATERAL subquery, inner joined: Calcite's decorrelator failed its type check on it.
                "SELECT r_regionkey, t.m, t.s FROM region r, LATERAL (SELECT max(n_nationkey) m, sum(n_nationkey) s"
                        + " FROM nation n WHERE n.n_regionkey = r.r_regionkey AND n.n_regionkey < 3) t ORDER BY 1",
            })
    void subqueriesNestedInASelectListSubqueryAreDuckDbs(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    /** An exact column compared with constants of more fraction digits, up to more digits than a DECIMAL holds. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT count(*) FROM orders WHERE o_orderkey > 0.1234567890123456",
                "SELECT count(*) FROM orders WHERE o_orderkey >= 100.33333333333333331",
                "SELECT count(*) FROM orders WHERE o_orderkey < 100.33333333333333331",
                "SELECT count(*) FROM orders WHERE o_orderkey = 100.1234567890123456 OR o_orderkey <= 3.5",
                "SELECT count(*) FROM orders WHERE o_orderkey <> 100.1234567890123456",
                "SELECT count(*) FROM orders WHERE 100.1234567890123456 < o_orderkey",
                "SELECT count(*) FROM orders WHERE o_totalprice > 100000.1234567890123",
                "SELECT count(*) FROM orders WHERE o_totalprice BETWEEN 1000.12345678901234567 AND 50000.123456789012345678",
                "SELECT count(*) FROM lineitem WHERE l_quantity NOT BETWEEN 10.5 AND 20.25",
                "SELECT count(*) FROM lineitem WHERE l_quantity = 10.0000 AND l_discount < -0.5 + 0.5000001",
                "SELECT o_orderkey, o_orderkey = 1.1234567890123456, o_orderkey > 1.5, o_orderkey <= 2.0000000000000000"
                        + " FROM orders WHERE o_orderkey < 5 ORDER BY o_orderkey",
            })
    void comparisonsWithFinerConstantsAreDuckDbs(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    /** The ON condition of a LATERAL join, over the lateral columns, the outer ones, or both; inner and LEFT. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT r_regionkey, t.c FROM region r JOIN LATERAL (SELECT count(*) c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON t.c = r.r_regionkey + 5 ORDER BY 1",
                "SELECT r_regionkey, t.c FROM region r JOIN LATERAL (SELECT count(*) c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON r.r_regionkey = 0 ORDER BY 1",
                "SELECT r_regionkey, t.m FROM region r JOIN LATERAL (SELECT max(n_nationkey) m FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON t.m > 20 ORDER BY 1",
                "SELECT r_regionkey, t.c FROM region r LEFT JOIN LATERAL (SELECT count(*) c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON t.c = r.r_regionkey + 5 ORDER BY 1",
                "SELECT r_regionkey, t.m FROM region r LEFT JOIN LATERAL (SELECT max(n_nationkey) m FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON t.m > 20 ORDER BY 1",
                "SELECT r_regionkey, t.n_name FROM region r LEFT JOIN LATERAL (SELECT n_name, n_nationkey FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON t.n_nationkey > r.r_regionkey + 20 ORDER BY 1, 2",
                "SELECT r_regionkey, t.c FROM region r, LATERAL (SELECT count(*) c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey HAVING count(*) > 4) t ORDER BY 1",
                "SELECT r_regionkey, t.c FROM region r JOIN LATERAL (SELECT count(*) c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t ON r.r_regionkey = 0 OR t.c > 100 ORDER BY 1",
            })
    void lateralJoinConditionsAreDuckDbs(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT r_regionkey, (SELECT max(c) FROM (SELECT count(*) OVER () c FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) t) FROM region r",
                "SELECT c_custkey, (SELECT o_orderkey FROM (SELECT o_orderkey,"
                        + " row_number() OVER (ORDER BY o_totalprice DESC) rn FROM orders o"
                        + " WHERE o.o_custkey = c.c_custkey) t WHERE rn = 1) FROM customer c WHERE c_custkey < 3",
                "SELECT r_regionkey, t.n_name FROM region r, LATERAL (SELECT n_name, rank() OVER (ORDER BY n_name) rk"
                        + " FROM nation n WHERE n.n_regionkey = r.r_regionkey) t WHERE t.rk = 1",
                "SELECT r_regionkey, (SELECT string_agg(n_name, ',' ORDER BY n_name DESC) FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) FROM region r",
                "SELECT r_regionkey, (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n_nationkey) FROM nation n"
                        + " WHERE n.n_regionkey = r.r_regionkey) FROM region r",
            })
    void correlatedWindowsAndOrderedAggregatesFailInsteadOfAnsweringWrongly(String sql) throws SQLException {
        SQLException error = sqlFailure(() -> SameAnswers.run(connection, sql));

        assertThat(error.getSQLState()).isEqualTo("0A000");
        assertThat(error.getMessage()).contains("correlated subquery", "not supported");
        assertThat(JdbcResults.countRows(connection, "SELECT * FROM region")).isEqualTo(5);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT n_regionkey, (SELECT max(n2.n_nationkey) FROM nation n2 WHERE n2.n_regionkey = n.n_regionkey"
                        + " AND n2.n_nationkey > (SELECT min(n3.n_nationkey) FROM nation n3"
                        + " WHERE n3.n_regionkey = n.n_regionkey)) FROM nation n GROUP BY n_regionkey",
                "SELECT n_regionkey, count(*), (SELECT count(*) FROM nation n2 WHERE n2.n_regionkey = n.n_regionkey"
                        + " AND EXISTS (SELECT 1 FROM region r WHERE r.r_regionkey = n.n_regionkey))"
                        + " FROM nation n GROUP BY n_regionkey",
                "SELECT n_regionkey FROM nation n GROUP BY n_regionkey HAVING EXISTS (SELECT 1 FROM nation n2"
                        + " WHERE n2.n_regionkey = n.n_regionkey AND EXISTS (SELECT 1 FROM region r"
                        + " WHERE r.r_regionkey = n.n_regionkey))",
            })
    void aSubqueryCorrelatedToAGroupByColumnFromAnotherSubqueryFailsCleanly(String sql) throws SQLException {
        SQLException error = sqlFailure(() -> SameAnswers.run(connection, sql));

        assertThat(error.getSQLState()).isEqualTo("0A000");
        assertThat(error.getMessage()).contains("GROUP BY column", "derived table", "not supported");
        // The rewrite the message suggests runs, and answers as DuckDB does.
        String grouped = "SELECT g.n_regionkey, (SELECT max(n2.n_nationkey) FROM nation n2"
                + " WHERE n2.n_regionkey = g.n_regionkey AND n2.n_nationkey > (SELECT min(n3.n_nationkey)"
                + " FROM nation n3 WHERE n3.n_regionkey = g.n_regionkey))"
                + " FROM (SELECT n_regionkey FROM nation GROUP BY n_regionkey) g";
        SameAnswers.assertSame(oracle.execute(grouped), connection, grouped);
    }
}
