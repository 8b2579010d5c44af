package io.aqueduct.it;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.SameAnswers;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Words that everyday SQL uses as column names and aliases ({@code year}, {@code count}, {@code day},
 * {@code position}, {@code open} ...), which Calcite's core grammar reserves, name columns as in PostgreSQL and DuckDB,
 * and keep their keyword uses in the same statements (EXTRACT, intervals, aggregates, POSITION, RANK), through JDBC
 * on real workers, with DuckDB's answers.
 */
class TestKeywordNames extends TinyTpchOracleTest {
    TestKeywordNames(AqueductCluster cluster) {
        super(cluster);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT extract(year FROM o_orderdate) AS year, extract(month FROM o_orderdate) AS month,"
                        + " count(*) AS count, sum(o_totalprice) AS sum, min(o_totalprice) AS min,"
                        + " max(o_totalprice) AS max, avg(o_totalprice) AS avg FROM orders GROUP BY 1, 2 ORDER BY 1, 2",
                "SELECT year, count FROM (SELECT extract(year FROM o_orderdate) AS year, count(*) AS count FROM orders"
                        + " GROUP BY 1) t WHERE count > 100 ORDER BY year",
                "SELECT day, hour, minute, second FROM (SELECT o_orderkey AS day, o_custkey AS hour,"
                        + " o_shippriority AS minute, o_orderkey % 60 AS second FROM orders) t ORDER BY day LIMIT 5",
                "SELECT n_nationkey AS position, n_regionkey AS result, n_name AS language, n_nationkey % 3 AS rank,"
                        + " position('A' IN n_name) AS one, rank() OVER (ORDER BY n_nationkey) AS prev FROM nation"
                        + " ORDER BY position",
                "SELECT open, close, close - open AS change FROM (SELECT l_orderkey AS open, l_partkey AS close"
                        + " FROM lineitem WHERE l_orderkey < 40) prices ORDER BY open, close",
                "SELECT o_orderkey, year(o_orderdate), lower(o_orderstatus) AS lower, upper(o_clerk) AS upper"
                        + " FROM orders WHERE o_orderdate + INTERVAL '1' YEAR > DATE '1996-01-01'"
                        + " AND o_orderdate - INTERVAL '2' MONTH < DATE '1997-01-01' AND o_orderkey < 100 ORDER BY 1",
                "SELECT t.year, t.day, t.start, t.running, t.percent FROM (VALUES (2024, 5, 1, 10, 0.5)) AS t(year, day,"
                        + " start, running, percent)",
            })
    void everydayWordsNameColumnsAsInDuckDb(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }
}
