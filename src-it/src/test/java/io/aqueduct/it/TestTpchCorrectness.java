package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.tpch.TpchQueries;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Aqueduct's answers on TPC-H tiny (SF 0.01) equal DuckDB's on the same generated rows. */
class TestTpchCorrectness extends TinyTpchOracleTest {
    TestTpchCorrectness(AqueductCluster cluster) {
        super(cluster);
    }

    @Test
    void countsLineitem() throws SQLException {
        assertThat(query("SELECT count(*) FROM lineitem").rows()).containsExactly(List.of(60_175L));
    }

    @Test
    void tpchQuery1() throws SQLException {
        String sql = TpchQueries.query(1);
        QueryResult actual = query(sql);
        assertThat(actual.rows()).hasSize(4);
        ResultComparator.assertSameResults(oracle.execute(sql), actual, true);
    }

    @Test
    void tpchQuery6() throws SQLException {
        String sql = TpchQueries.query(6);
        QueryResult actual = query(sql);
        assertThat(actual.rows()).hasSize(1);
        assertThat(actual.rows().get(0).get(0)).isNotNull();
        ResultComparator.assertSameResults(oracle.execute(sql), actual, true);
    }

    @ParameterizedTest(name = "{0} ordered by {1}")
    @CsvSource(
            delimiter = ';',
            value = {
                "region;   r_regionkey",
                "nation;   n_nationkey",
                "supplier; s_suppkey",
                "customer; c_custkey",
                "part;     p_partkey",
                "partsupp; ps_partkey, ps_suppkey",
                "orders;   o_orderkey",
                "lineitem; l_orderkey, l_linenumber",
            })
    void firstRowsOfEachTable(String table, String keyColumns) throws SQLException {
        String sql = "SELECT * FROM %s ORDER BY %s LIMIT 50".formatted(table, keyColumns);
        QueryResult expected = oracle.execute(sql);
        QueryResult actual = query(sql);
        assertThat(actual.columnNames()).isEqualTo(expected.columnNames());
        assertThat(actual.rows()).hasSize(Math.min(50, expected.rows().size()));
        ResultComparator.assertSameResults(expected, actual, true);
    }

    private QueryResult query(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet);
        }
    }
}
