package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The memory catalog's bound: on a cluster whose workers keep at most 2 MB of its rows each, a write that does not
 * fit fails with 53200 and leaves nothing behind (CREATE TABLE AS creates no table, the rows stored until then are
 * released), and the cluster goes on answering, writes that fit included.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestMemoryCatalogLimit {
    private static final long LIMIT_BYTES = 2_000_000;

    private AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection connection;

    @BeforeAll
    void start() throws Exception {
        cluster = AqueductCluster.builder()
                .name("memory-limit")
                .serveArguments("--worker-memory-catalog-bytes=" + LIMIT_BYTES)
                .start();
        connection = cluster.connect();
        oracle = DuckDbOracle.load(0.01);
    }

    @AfterAll
    void stop() throws Exception {
        connection.close();
        oracle.close();
        cluster.close();
    }

    @Test
    void aWriteOverTheLimitFailsWith53200AndLeavesNothingBehind() throws Exception {
        update("CREATE SCHEMA memory.capped");
        update("CREATE TABLE memory.capped.small AS SELECT * FROM tpch.tiny.nation");
        SQLException failure =
                sqlFailure(() -> update("CREATE TABLE memory.capped.lines AS SELECT * FROM tpch.tiny.lineitem"));
        assertThat(failure.getSQLState()).isEqualTo("53200");
        assertThat(failure.getMessage()).contains("memory catalog is full").contains("--memory-catalog-bytes");
        assertThat(sqlFailure(() -> query("SELECT COUNT(*) FROM memory.capped.lines"))
                        .getSQLState())
                .isEqualTo("42S02");
        // What the failed write stored was released: the same amount fits again and again.
        for (int round = 0; round < 3; round++) {
            update("CREATE TABLE memory.capped.orders AS SELECT o_orderkey, o_custkey FROM tpch.tiny.orders");
            assertThat(query("SELECT COUNT(*), SUM(o_custkey) FROM memory.capped.orders"))
                    .isEqualTo(oracle.query("SELECT COUNT(*), SUM(o_custkey) FROM orders"));
            update("DROP TABLE memory.capped.orders");
        }
        assertThat(query("SELECT COUNT(*) FROM memory.capped.small"))
                .isEqualTo(oracle.query("SELECT COUNT(*) FROM nation"));
        cluster.awaitWorkersIdle();
    }

    private long update(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    private List<List<Object>> query(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet).rows();
        }
    }
}
