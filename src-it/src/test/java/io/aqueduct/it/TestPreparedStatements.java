package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** TPC-H Q6 as a prepared statement with its five parameters, bound and re-bound, against DuckDB. */
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
