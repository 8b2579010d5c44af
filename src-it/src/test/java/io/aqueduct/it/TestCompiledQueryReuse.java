package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Statements run again through JDBC, which the coordinator answers from queries it compiled before where their
 * tables cannot change: the answers stay DuckDB's across settings and catalog changes, system tables show what is
 * there when the statement runs, and a name whose table was replaced resolves to the new one.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestCompiledQueryReuse {
    private static final String JOIN = "SELECT n_name, count(*), sum(c_acctbal) FROM tpch.tiny.customer"
            + " JOIN tpch.tiny.nation ON c_nationkey = n_nationkey WHERE c_acctbal > 1000 GROUP BY n_name"
            + " ORDER BY n_name";

    private final AqueductCluster cluster;
    private DuckDbOracle oracle;

    TestCompiledQueryReuse(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
    }

    @AfterAll
    void close() throws SQLException {
        oracle.close();
    }

    @Test
    void aRepeatedQueryAnswersAsDuckDbUnderEverySettingAndCatalogChange() throws SQLException {
        List<List<Object>> expected =
                oracle.execute(JOIN.replace("tpch.tiny.", "")).rows();
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
            statement.execute("SET distributed.broadcast_max_bytes = 0");
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
            statement.execute("SET distributed.dynamic_task_count = false");
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
            statement.execute("RESET ALL");
            statement.executeUpdate("CREATE SCHEMA memory.reuse_changes");
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
            statement.executeUpdate("DROP SCHEMA memory.reuse_changes");
            ResultComparator.assertSameRows(expected, rows(statement, JOIN), true);
        }
    }

    @Test
    void aRepeatedSystemTableQuerySeesTheTablesOfTheMomentItRuns() throws SQLException {
        String tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'reuse_listing'"
                + " ORDER BY table_name";
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE SCHEMA memory.reuse_listing");
            assertThat(rows(statement, tables)).isEmpty();
            statement.executeUpdate("CREATE TABLE memory.reuse_listing.t_one (a INTEGER)");
            assertThat(rows(statement, tables)).containsExactly(List.of("t_one"));
            statement.executeUpdate("CREATE TABLE memory.reuse_listing.t_two (a INTEGER)");
            assertThat(rows(statement, tables)).containsExactly(List.of("t_one"), List.of("t_two"));
            statement.executeUpdate("DROP SCHEMA memory.reuse_listing CASCADE");
            assertThat(rows(statement, tables)).isEmpty();
        }
    }

    @Test
    void aNameResolvesToTheTableThatHoldsItWhenTheStatementRuns() throws SQLException {
        try (Connection connection = cluster.connect("memory", "reuse_names");
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE SCHEMA memory.reuse_names");
            assertThat(sqlFailure(() -> rows(statement, "SELECT * FROM t")).getSQLState())
                    .isEqualTo("42S02");
            statement.executeUpdate("CREATE TABLE t (a INTEGER)");
            statement.executeUpdate("INSERT INTO t VALUES (1)");
            assertThat(rows(statement, "SELECT * FROM t")).containsExactly(List.of(1L));
            statement.executeUpdate("DROP TABLE t");
            statement.executeUpdate("CREATE TABLE t (b VARCHAR, c INTEGER)");
            statement.executeUpdate("INSERT INTO t VALUES ('x', 2)");
            try (ResultSet resultSet = statement.executeQuery("SELECT * FROM t")) {
                assertThat(resultSet.getMetaData().getColumnCount()).isEqualTo(2);
                assertThat(resultSet.getMetaData().getColumnName(1)).isEqualToIgnoringCase("b");
                assertThat(ResultReader.read(resultSet).rows()).containsExactly(List.of("x", 2L));
            }
            statement.executeUpdate("DROP SCHEMA memory.reuse_names CASCADE");
        }
    }

    @Test
    void aPreparedStatementRunsAgainWithNewParameters() throws SQLException {
        String sql = "SELECT count(*) FROM tpch.tiny.orders WHERE o_custkey < ?";
        try (Connection connection = cluster.connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int bound : new int[] {10, 500, 10}) {
                statement.setInt(1, bound);
                try (ResultSet resultSet = statement.executeQuery()) {
                    assertThat(ResultReader.read(resultSet).rows())
                            .isEqualTo(oracle.execute("SELECT count(*) FROM orders WHERE o_custkey < " + bound)
                                    .rows());
                }
            }
        }
    }

    private static List<List<Object>> rows(Statement statement, String sql) throws SQLException {
        try (ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet).rows();
        }
    }
}
