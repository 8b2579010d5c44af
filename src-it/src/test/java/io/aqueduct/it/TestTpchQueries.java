package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.RecentTasks;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.SameAnswers;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * All 22 TPC-H queries through JDBC on real workers equal DuckDB's answers on the same generated
 * data: with the default join strategies (small build sides broadcast), with every join that can be
 * partitioned shuffled on both sides, and with adaptive task counts turned off. The scale factor is 0.01 unless the system
 * property {@code aqueduct.it.tpchScale} says 0.1 or 1 (see the README).
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestTpchQueries {
    private static final double SCALE = Double.parseDouble(System.getProperty("aqueduct.it.tpchScale", "0.01"));
    private static final Map<Double, String> SCHEMAS = Map.of(0.01, "tiny", 0.1, "sf0_1", 1.0, "sf1");

    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection broadcasting;
    private Connection partitioning;
    private Connection staticCounts;

    TestTpchQueries(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    static List<Integer> queries() {
        return TpchQueries.numbers();
    }

    @BeforeAll
    void open() throws SQLException {
        assertThat(SCHEMAS).as("supported scale factors").containsKey(SCALE);
        oracle = DuckDbOracle.load(SCALE);
        String url = cluster.jdbcUrl() + "/tpch/" + SCHEMAS.get(SCALE);
        broadcasting = DriverManager.getConnection(url);
        Properties noBroadcast = new Properties();
        noBroadcast.setProperty("distributed.broadcast_max_bytes", "0");
        partitioning = DriverManager.getConnection(url, noBroadcast);
        Properties noAdaptivity = new Properties();
        noAdaptivity.setProperty("distributed.dynamic_task_count", "false");
        staticCounts = DriverManager.getConnection(url, noAdaptivity);
    }

    @AfterAll
    void close() throws SQLException {
        broadcasting.close();
        partitioning.close();
        staticCounts.close();
        oracle.close();
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void equalsDuckDbWithBroadcastJoins(int number) throws Exception {
        assertQuery(broadcasting, number);
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void equalsDuckDbWithPartitionedJoins(int number) throws Exception {
        assertQuery(partitioning, number);
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void equalsDuckDbWithStaticTaskCounts(int number) throws Exception {
        assertQuery(staticCounts, number);
    }

    @Test
    void suiteUsesBothJoinStrategies() throws SQLException {
        Set<String> seen = new HashSet<>();
        for (int number : TpchQueries.numbers()) {
            for (Connection connection : List.of(broadcasting, partitioning)) {
                seen.addAll(joinStrategies(connection, TpchQueries.query(number)));
            }
        }
        assertThat(seen).contains("BROADCAST", "PARTITIONED");
    }

    private void assertQuery(Connection connection, int number) throws Exception {
        String sql = TpchQueries.query(number);
        RecentTasks before = RecentTasks.since(cluster);
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
        Map<Integer, Long> tasksPerStage = before.newTasksPerStage();
        assertThat(tasksPerStage.values())
                .as("tasks per stage of Q%d: %s", number, tasksPerStage)
                .anySatisfy(count -> assertThat(count).isGreaterThan(1));
        cluster.awaitWorkersIdle();
    }

    private static Set<String> joinStrategies(Connection connection, String sql) throws SQLException {
        Set<String> strategies = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet plan = statement.executeQuery("EXPLAIN " + sql)) {
            while (plan.next()) {
                String line = plan.getString(1);
                if (line.contains("HashJoin")) {
                    for (String strategy : List.of("BROADCAST", "PARTITIONED")) {
                        if (line.contains(strategy)) {
                            strategies.add(strategy);
                        }
                    }
                }
            }
        }
        return strategies;
    }
}
