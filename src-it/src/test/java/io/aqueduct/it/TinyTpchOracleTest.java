package io.aqueduct.it;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tests that compare the shared cluster's answers with DuckDB's on TPC-H SF 0.01: one connection to the cluster and
 * the oracle loaded with the same generated data, both open for all of the class's tests.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TinyTpchOracleTest {
    /** The scale factor of {@code tpch.tiny}. */
    static final double TINY = 0.01;

    final AqueductCluster cluster;
    DuckDbOracle oracle;
    Connection connection;

    TinyTpchOracleTest(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(TINY);
        connection = cluster.connect();
    }

    @AfterAll
    void close() throws SQLException {
        connection.close();
        oracle.close();
    }
}
