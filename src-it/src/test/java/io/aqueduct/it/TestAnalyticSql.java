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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The analytic SQL BI tools write (window functions, grouping sets, INTERSECT and EXCEPT, statistical
 * aggregates, aggregate FILTER, scalar functions) through JDBC on real workers, compared with DuckDB on TPC-H
 * tiny, with adaptive task counts and with static ones. Every ORDER BY is total, so the comparison is ordered.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestAnalyticSql {
    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection adaptive;
    private Connection staticCounts;

    TestAnalyticSql(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    static List<String> queries() {
        return List.of(
                // window functions
                "SELECT o_custkey, o_orderdate, o_orderkey, o_totalprice,"
                        + " ROW_NUMBER() OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey) AS rn"
                        + " FROM orders ORDER BY o_custkey, rn",
                "SELECT o_custkey, o_orderdate, o_orderkey,"
                        + " SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate) AS running_total,"
                        + " COUNT(*) OVER (PARTITION BY o_custkey ORDER BY o_orderdate) AS running_count"
                        + " FROM orders ORDER BY o_custkey, o_orderdate, o_orderkey",
                "SELECT o_custkey, o_orderkey,"
                        + " AVG(o_totalprice) OVER w AS moving_avg, COUNT(*) OVER w AS moving_count,"
                        + " MIN(o_totalprice) OVER w AS moving_min, MAX(o_orderdate) OVER w AS moving_max"
                        + " FROM orders WINDOW w AS (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey"
                        + " ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) ORDER BY o_custkey, o_orderkey",
                "SELECT o_custkey, o_orderkey, o_totalprice,"
                        + " LAG(o_totalprice) OVER w AS previous_price,"
                        + " LEAD(o_orderdate, 2) OVER w AS second_next_date,"
                        + " LAG(o_totalprice, 1, 0) OVER w AS previous_or_zero,"
                        + " o_totalprice - LAG(o_totalprice) OVER w AS change"
                        + " FROM orders WINDOW w AS (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey)"
                        + " ORDER BY o_custkey, o_orderkey",
                // a USING column named without a table in WHERE, GROUP BY, HAVING and expressions
                "SELECT r_regionkey, count(*) FROM region r LEFT JOIN (SELECT n_regionkey AS r_regionkey, n_name"
                        + " FROM nation) n USING (r_regionkey) WHERE r_regionkey > 1 GROUP BY r_regionkey ORDER BY 1",
                "SELECT k, count(*), max(k) FROM (SELECT n_regionkey AS k FROM nation) a FULL JOIN (SELECT r_regionkey"
                        + " + 3 AS k FROM region) b USING (k) WHERE k > 1 GROUP BY k HAVING max(k) > 2 ORDER BY k",
                "SELECT r_regionkey + 1 AS following, count(*) FROM region r JOIN (SELECT n_regionkey AS r_regionkey"
                        + " FROM nation) n USING (r_regionkey) GROUP BY r_regionkey + 1 ORDER BY 1",
                // ranks over windows without ORDER BY: every row is a peer
                "SELECT n_nationkey, RANK() OVER (), DENSE_RANK() OVER (PARTITION BY n_regionkey),"
                        + " PERCENT_RANK() OVER (), CUME_DIST() OVER (PARTITION BY n_regionkey) FROM nation ORDER BY 1",
                // FILTER on window aggregates
                "SELECT n_nationkey, SUM(n_nationkey) FILTER (WHERE n_nationkey > 3) OVER (),"
                        + " COUNT(*) FILTER (WHERE n_regionkey = 1) OVER (PARTITION BY n_regionkey),"
                        + " MAX(n_name) FILTER (WHERE n_name < 'M') OVER (ORDER BY n_nationkey ROWS 2 PRECEDING),"
                        + " STDDEV_POP(n_nationkey) FILTER (WHERE n_nationkey < 10) OVER (PARTITION BY n_regionkey)"
                        + " FROM nation ORDER BY 1",
                // variances and deviations over windows, with frames and named windows
                "SELECT c_custkey, STDDEV_SAMP(c_acctbal) OVER (PARTITION BY c_nationkey),"
                        + " VAR_SAMP(c_acctbal) OVER w, STDDEV_POP(c_acctbal) OVER (w ROWS 2 PRECEDING),"
                        + " VARIANCE(c_custkey) OVER (ORDER BY c_custkey ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING),"
                        + " STDDEV(c_acctbal) OVER () FROM customer WHERE c_custkey < 200"
                        + " WINDOW w AS (PARTITION BY c_mktsegment ORDER BY c_custkey) ORDER BY 1",
                // windows refining named ones keep their own frame, and a chain of references its partitions
                "SELECT n_nationkey, SUM(n_nationkey) OVER (w ROWS 1 PRECEDING),"
                        + " SUM(n_nationkey) OVER (w ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING),"
                        + " LAST_VALUE(n_name) OVER (w RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"
                        + " FROM nation WINDOW w AS (ORDER BY n_nationkey) ORDER BY 1",
                "SELECT n_nationkey, SUM(n_nationkey) OVER (w2), SUM(n_nationkey) OVER w2,"
                        + " COUNT(*) OVER (w1 ORDER BY n_name ROWS 2 PRECEDING), MAX(n_name) OVER w3"
                        + " FROM nation WINDOW w1 AS (PARTITION BY n_regionkey), w2 AS (w1 ORDER BY n_nationkey),"
                        + " w3 AS (w2 ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY 1",
                "SELECT c_nationkey, c_custkey, c_acctbal,"
                        + " RANK() OVER (PARTITION BY c_nationkey ORDER BY c_mktsegment) AS segment_rank,"
                        + " DENSE_RANK() OVER (PARTITION BY c_nationkey ORDER BY c_mktsegment) AS segment_dense,"
                        + " PERCENT_RANK() OVER (PARTITION BY c_nationkey ORDER BY c_mktsegment) AS segment_percent,"
                        + " CUME_DIST() OVER (PARTITION BY c_nationkey ORDER BY c_mktsegment) AS segment_cume,"
                        + " NTILE(4) OVER (PARTITION BY c_nationkey ORDER BY c_custkey) AS quartile"
                        + " FROM customer ORDER BY c_nationkey, c_custkey",
                "SELECT * FROM (SELECT c_nationkey, c_custkey, c_acctbal,"
                        + " ROW_NUMBER() OVER (PARTITION BY c_nationkey ORDER BY c_acctbal DESC, c_custkey) AS rn"
                        + " FROM customer) ranked WHERE rn <= 3 ORDER BY c_nationkey, rn",
                "SELECT o_orderkey, SUM(o_totalprice) OVER (ORDER BY o_orderkey ROWS UNBOUNDED PRECEDING) AS cumulative,"
                        + " ROW_NUMBER() OVER (ORDER BY o_totalprice DESC, o_orderkey) AS price_rank"
                        + " FROM orders WHERE o_orderkey < 3000 ORDER BY o_orderkey",
                "SELECT o_custkey, o_orderkey,"
                        + " FIRST_VALUE(o_orderdate) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey)"
                        + " AS first_date,"
                        + " LAST_VALUE(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey"
                        + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_price,"
                        + " NTH_VALUE(o_orderkey, 2) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey)"
                        + " AS second_order"
                        + " FROM orders ORDER BY o_custkey, o_orderkey",
                "SELECT l_orderkey, l_linenumber, SUM(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber"
                        + " RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS neighbours"
                        + " FROM lineitem WHERE l_orderkey < 5000 ORDER BY l_orderkey, l_linenumber",
                "SELECT n_name, SUM(o_totalprice) AS revenue, RANK() OVER (ORDER BY SUM(o_totalprice) DESC) AS place"
                        + " FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey"
                        + " GROUP BY n_name ORDER BY n_name",
                "SELECT c_nationkey, c_custkey, c_acctbal / SUM(c_acctbal) OVER (PARTITION BY c_nationkey) AS share,"
                        + " COUNT(*) OVER (PARTITION BY c_nationkey) AS customers"
                        + " FROM customer ORDER BY c_nationkey, c_custkey",
                // grouping sets
                "SELECT n_regionkey, n_nationkey, COUNT(*), SUM(c_acctbal), GROUPING(n_regionkey), GROUPING(n_nationkey)"
                        + " FROM customer JOIN nation ON c_nationkey = n_nationkey"
                        + " GROUP BY ROLLUP(n_regionkey, n_nationkey) ORDER BY 1 NULLS LAST, 2 NULLS LAST",
                "SELECT o_orderstatus, o_orderpriority, COUNT(*), AVG(o_totalprice),"
                        + " GROUPING(o_orderstatus, o_orderpriority)"
                        + " FROM orders GROUP BY CUBE(o_orderstatus, o_orderpriority) ORDER BY 1 NULLS LAST, 2 NULLS LAST",
                "SELECT l_returnflag, l_linestatus, l_shipmode, SUM(l_quantity), COUNT(*) FROM lineitem"
                        + " GROUP BY GROUPING SETS ((l_returnflag, l_linestatus), (l_shipmode), ())"
                        + " ORDER BY 1 NULLS LAST, 2 NULLS LAST, 3 NULLS LAST",
                // a bare NULL (type NULL) as aggregate argument, group key and window key or value
                "SELECT MIN(NULL), MAX(NULL), COUNT(NULL), ANY_VALUE(NULL), COUNT(*) FROM nation",
                "SELECT NULL AS nothing, n_regionkey, COUNT(*), STRING_AGG(NULL, ','), MAX_BY(NULL, n_nationkey)"
                        + " FROM nation GROUP BY 1, 2 ORDER BY 2",
                "SELECT DISTINCT NULL AS nothing, n_regionkey FROM nation ORDER BY 2",
                "SELECT n_nationkey, COUNT(*) OVER (PARTITION BY NULL) AS everyone,"
                        + " ROW_NUMBER() OVER (ORDER BY NULL, n_nationkey) AS place,"
                        + " LAG(NULL) OVER (ORDER BY n_nationkey) AS previous,"
                        + " FIRST_VALUE(NULL) OVER (ORDER BY n_nationkey) AS first"
                        + " FROM nation ORDER BY 1",
                // a bare NULL as the argument of a numeric aggregate or window function, or of a scalar function
                "SELECT SUM(NULL), AVG(NULL), STDDEV(NULL), VAR_POP(NULL), BIT_AND(NULL), SUM(DISTINCT NULL) FROM nation",
                "SELECT n_regionkey, SUM(NULL), AVG(NULL), COUNT(*) FROM nation GROUP BY 1 ORDER BY 1",
                "SELECT n_nationkey, SUM(NULL) OVER (PARTITION BY n_regionkey) AS s, AVG(NULL) OVER () AS a"
                        + " FROM nation ORDER BY 1",
                "SELECT n_nationkey, ABS(NULL), UPPER(NULL), LENGTH(NULL) FROM nation ORDER BY 1",
                // set operations
                "SELECT c_nationkey FROM customer INTERSECT SELECT s_nationkey FROM supplier ORDER BY 1",
                "SELECT o_custkey FROM orders EXCEPT SELECT c_custkey FROM customer WHERE c_nationkey < 10 ORDER BY 1",
                "SELECT c_nationkey FROM customer INTERSECT ALL SELECT s_nationkey FROM supplier ORDER BY 1",
                "SELECT c_nationkey, c_mktsegment FROM customer EXCEPT ALL"
                        + " SELECT c_nationkey, c_mktsegment FROM customer WHERE c_acctbal > 0 ORDER BY 1, 2",
                // statistical aggregates and FILTER
                "SELECT l_returnflag, STDDEV(l_extendedprice), STDDEV_SAMP(l_quantity), STDDEV_POP(l_discount),"
                        + " VAR_SAMP(l_extendedprice), VAR_POP(l_quantity), VARIANCE(l_tax)"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY 1",
                "SELECT l_returnflag, COVAR_POP(l_quantity, l_extendedprice), COVAR_SAMP(l_extendedprice, l_discount),"
                        + " REGR_SXX(l_extendedprice, l_quantity), REGR_SYY(l_extendedprice, l_quantity),"
                        + " REGR_COUNT(l_tax, l_quantity), CORR(l_quantity, l_extendedprice)"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY 1",
                "SELECT l_returnflag, REGR_SLOPE(l_extendedprice, l_quantity), REGR_INTERCEPT(l_extendedprice,"
                        + " l_quantity), REGR_R2(l_extendedprice, l_quantity), REGR_AVGX(l_tax, l_discount),"
                        + " REGR_AVGY(l_tax, l_discount), REGR_SXY(l_extendedprice, l_discount),"
                        + " REGR_R2(1, l_discount), REGR_R2(l_tax, 1)"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY 1",
                "SELECT c_mktsegment, REGR_SLOPE(c_acctbal, NULLIF(c_nationkey, 3)),"
                        + " REGR_INTERCEPT(NULLIF(c_acctbal, c_acctbal), c_nationkey), REGR_AVGX(c_acctbal,"
                        + " NULLIF(c_nationkey, 3)), REGR_SXY(c_acctbal, c_custkey)"
                        + " FROM customer GROUP BY c_mktsegment ORDER BY 1",
                "SELECT c_mktsegment, COVAR_SAMP(c_acctbal, NULLIF(c_nationkey, 3)),"
                        + " REGR_COUNT(c_acctbal, NULLIF(c_nationkey, 3)), COVAR_POP(c_custkey, c_nationkey),"
                        + " CORR(c_acctbal, NULLIF(c_nationkey, 3)),"
                        + " COVAR_SAMP(c_acctbal, c_custkey) FILTER (WHERE c_custkey = 7),"
                        + " STDDEV_SAMP(c_acctbal) FILTER (WHERE c_nationkey < 5), VAR_SAMP(c_acctbal) FILTER (WHERE c_custkey = 7)"
                        + " FROM customer GROUP BY c_mktsegment ORDER BY 1",
                "SELECT c_nationkey, MAX_BY(c_name, c_acctbal), MIN_BY(c_acctbal, c_name), ARG_MAX(c_custkey, c_phone),"
                        + " ARG_MIN(c_mktsegment, c_custkey), MAX_BY(NULLIF(c_mktsegment, 'BUILDING'), c_acctbal)"
                        + " FROM customer GROUP BY c_nationkey ORDER BY 1",
                "SELECT MAX_BY(o_orderdate, o_totalprice), ARG_MIN(o_orderkey, o_totalprice) FROM orders",
                "SELECT o_orderpriority, BIT_AND(o_orderkey), BIT_OR(o_orderkey), BIT_XOR(o_orderkey),"
                        + " BIT_XOR(o_shippriority), BIT_OR(NULLIF(o_shippriority, o_shippriority))"
                        + " FROM orders GROUP BY o_orderpriority ORDER BY 1",
                "SELECT o_orderpriority, COUNT(*) FILTER (WHERE o_orderstatus = 'F'),"
                        + " SUM(o_totalprice) FILTER (WHERE o_orderdate < DATE '1995-01-01'),"
                        + " AVG(o_totalprice) FILTER (WHERE o_orderstatus <> 'F'),"
                        + " MAX(o_orderdate) FILTER (WHERE o_totalprice > 100000)"
                        + " FROM orders GROUP BY o_orderpriority ORDER BY 1",
                // scalar functions
                "SELECT r_regionkey, UPPER(r_name), LOWER(r_name), TRIM(LEADING 'A' FROM r_name),"
                        + " TRIM(TRAILING 'A' FROM r_name), CHAR_LENGTH(r_name), POSITION('A' IN r_name),"
                        + " SUBSTRING(r_name FROM 2 FOR 3), REPLACE(r_name, 'A', 'x'), r_name || '!',"
                        + " NULLIF(r_regionkey, 1), COALESCE(NULLIF(r_regionkey, 2), -1),"
                        + " CASE WHEN r_regionkey > 2 THEN 'high' ELSE 'low' END"
                        + " FROM region ORDER BY 1",
                "SELECT c_custkey, ABS(c_acctbal), MOD(c_custkey, 7), POWER(c_acctbal, 2), SQRT(ABS(c_acctbal)),"
                        + " LN(c_custkey), LOG10(c_custkey), EXP(c_nationkey), CEIL(c_acctbal), FLOOR(c_acctbal),"
                        + " ROUND(c_acctbal, 1), ROUND(c_acctbal), SIGN(c_acctbal)"
                        + " FROM customer WHERE c_custkey <= 300 ORDER BY 1");
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
        adaptive = cluster.connect();
        Properties noAdaptivity = new Properties();
        noAdaptivity.setProperty("distributed.dynamic_task_count", "false");
        staticCounts = cluster.connect(noAdaptivity);
    }

    @AfterAll
    void close() throws SQLException {
        adaptive.close();
        staticCounts.close();
        oracle.close();
    }

    @ParameterizedTest
    @MethodSource("queries")
    void equalsDuckDbWithAdaptiveTaskCounts(String sql) throws Exception {
        assertQuery(adaptive, sql);
    }

    @ParameterizedTest
    @MethodSource("queries")
    void equalsDuckDbWithStaticTaskCounts(String sql) throws Exception {
        assertQuery(staticCounts, sql);
    }

    @Test
    void shufflesWindowInputOnThePartitionKeys() throws SQLException {
        List<String> plan = explain(
                "SELECT o_custkey, ROW_NUMBER() OVER (PARTITION BY o_custkey ORDER BY o_orderkey)" + " FROM orders");

        assertThat(plan).anySatisfy(line -> assertThat(line).contains("Shuffle on ["));
        assertThat(plan).anySatisfy(line -> assertThat(line).contains("Window partition=["));
    }

    @Test
    void unsupportedWindowFeatureFailsWithNotSupported() {
        SQLException failure = sqlFailure(() ->
                query(adaptive, "SELECT FIRST_VALUE(o_orderdate) IGNORE NULLS OVER (ORDER BY o_orderkey) FROM orders"));

        assertThat(failure.getSQLState()).isEqualTo("0A000");
        assertThat(failure.getMessage()).contains("IGNORE NULLS");
    }

    private void assertQuery(Connection connection, String sql) throws Exception {
        QueryResult actual = query(connection, sql);
        assertThat(actual.rows()).as("rows of %s", sql).isNotEmpty();
        ResultComparator.assertSameResults(oracle.execute(sql), actual, true);
        cluster.awaitWorkersIdle();
    }

    private static QueryResult query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet);
        }
    }

    private List<String> explain(String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement statement = adaptive.createStatement();
                ResultSet plan = statement.executeQuery("EXPLAIN " + sql)) {
            while (plan.next()) {
                lines.add(plan.getString(1));
            }
        }
        return lines;
    }
}
