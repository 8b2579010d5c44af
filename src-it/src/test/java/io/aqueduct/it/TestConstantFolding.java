package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.it.oracle.SameAnswers;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Constant subexpressions are computed once while planning, seen through JDBC on real workers: EXPLAIN shows a
 * literal where TPC-H Q1 subtracts an interval from a date, answers over folded constants stay DuckDB's, a constant
 * division by zero fails with 22012 only when a row reaches it, bound parameters fold per execution, and a repeated
 * statement reads the time of each execution.
 */
class TestConstantFolding extends TinyTpchOracleTest {
    private static final String SHIPPED_BY =
            "SELECT count(*), sum(l_extendedprice) FROM lineitem" + " WHERE l_shipdate <= %s - INTERVAL '90' DAY";

    TestConstantFolding(AqueductCluster cluster) {
        super(cluster);
    }

    @Test
    void explainShowsTpchQ1sShipDateCutoffAsALiteral() throws SQLException {
        List<String> plan;
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN " + TpchQueries.query(1))) {
            plan = JdbcResults.column(rows, "PLAN");
        }

        assertThat(plan).anyMatch(line -> line.contains("Filter less_than_or_equal($6, 10471)"));
        assertThat(plan).noneMatch(line -> line.contains("date_add_days"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT count(*), sum(l_extendedprice * (1 - 0.05)) FROM lineitem"
                        + " WHERE l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY",
                "SELECT l_orderkey, l_linenumber, l_quantity * (2 + 3), l_discount + 0.01 * 2 FROM lineitem"
                        + " WHERE l_quantity BETWEEN 1 + 10 AND 2 * 10"
                        + " AND l_shipdate >= DATE '1995-01-01' + INTERVAL '3' MONTH"
                        + " ORDER BY l_orderkey, l_linenumber LIMIT 50",
                "SELECT o_orderpriority, count(*) FROM orders"
                        + " JOIN customer ON o_custkey = c_custkey AND o_totalprice > c_acctbal * (2 + 3)"
                        + " WHERE o_orderdate < DATE '1996-01-01' + INTERVAL '1' YEAR"
                        + " GROUP BY o_orderpriority ORDER BY o_orderpriority",
                "SELECT n_name, n_nationkey + CHAR_LENGTH('abc' || 'de') FROM nation"
                        + " WHERE n_name LIKE UPPER('a') || '%' ORDER BY n_name",
                // Calcite types these NOT NULL; folded, they are NULL: they are left to run time.
                "SELECT lpad(CAST(NULL AS VARCHAR), 3, 'x'), rpad(CAST(NULL AS VARCHAR), 2, 'y'), n_name FROM nation"
                        + " WHERE n_nationkey = 1",
            })
    void answersOverFoldedConstantsAreDuckDbs(String sql) throws SQLException {
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
    }

    @Test
    void aConstantDivisionByZeroFailsOnlyWhenARowReachesIt() throws SQLException {
        SQLException error = sqlFailure(() -> SameAnswers.run(connection, "SELECT 1 / 0 FROM nation"));

        assertThat(error.getSQLState()).isEqualTo("22012");
        assertThat(JdbcResults.countRows(connection, "SELECT 1 / 0 FROM lineitem WHERE l_quantity < 0"))
                .isZero();
        assertThat(JdbcResults.countRows(
                        connection, "SELECT CASE WHEN n_nationkey < 0 THEN 1 / 0 ELSE n_nationkey END FROM nation"))
                .isEqualTo(25);
    }

    @Test
    void boundParametersFoldForEachExecution() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SHIPPED_BY.formatted("CAST(? AS DATE)"))) {
            for (String date : List.of("1998-12-01", "1995-06-17")) {
                statement.setDate(1, Date.valueOf(LocalDate.parse(date)));
                try (ResultSet rows = statement.executeQuery()) {
                    ResultComparator.assertSameResults(
                            oracle.execute(SHIPPED_BY.formatted("DATE '" + date + "'")), ResultReader.read(rows), true);
                }
            }
        }
    }

    @Test
    void aRepeatedStatementReadsTheTimeOfEachExecution() throws SQLException {
        String sql = "SELECT CURRENT_TIMESTAMP + INTERVAL '1' DAY FROM nation WHERE n_nationkey = 0";

        Timestamp first = timestamp(sql);
        Timestamp second = timestamp(sql);

        assertThat(second).isAfter(first);
    }

    private Timestamp timestamp(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getTimestamp(1);
        }
    }
}
