package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.jdbc.AqueductStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Adaptive task counts seen through JDBC: EXPLAIN ANALYZE shows each stage's planned and final task
 * count. A stage fed by a shuffle is sized from its producers' sampled output, so the same query gets
 * more tasks on more data; with {@code distributed.dynamic_task_count} off it keeps the static count.
 */
@ExtendWith(SharedCluster.class)
class TestAdaptiveExecution {
    private static final Pattern STAGE =
            Pattern.compile("^Stage (\\d+) \\[tasks (\\d+) -> (\\d+), (Shuffle|Coalesce|Broadcast|result)");
    private static final String QUERY = "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey";
    /** Small enough that SF 0.1's aggregate needs several tasks, large enough that SF 0.01's needs one. */
    private static final String BYTES_PER_PARTITION = "524288";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AqueductCluster cluster;

    TestAdaptiveExecution(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void sizesShuffledStagesFromSampledData() throws Exception {
        Map<Integer, int[]> tiny = stageTaskCounts("tiny", true);
        Map<Integer, int[]> larger = stageTaskCounts("sf0_1", true);

        int finalAggregate = shuffledConsumer(tiny);
        assertThat(tiny.get(finalAggregate)[1]).as("final tasks at SF 0.01").isEqualTo(1);
        assertThat(larger.get(finalAggregate)[1]).as("final tasks at SF 0.1").isGreaterThan(1);
        cluster.awaitWorkersIdle();
    }

    @Test
    void keepsStaticCountsWhenTurnedOff() throws Exception {
        Map<Integer, int[]> counts = stageTaskCounts("sf0_1", false);

        assertThat(counts.values()).allSatisfy(planned -> assertThat(planned[1]).isEqualTo(planned[0]));
        cluster.awaitWorkersIdle();
    }

    @Test
    void switchesAPartitionedJoinToBroadcastWhenTheBuildSideIsSmall() throws Exception {
        // The planner guesses a quarter of orders pass the LIKE (about 30 KB), above the 20 KB threshold;
        // at runtime about 1% do, so the join is switched to a broadcast join.
        String join = "SELECT count(*), sum(l_quantity) FROM lineitem JOIN orders ON l_orderkey = o_orderkey"
                + " WHERE o_comment LIKE '%special%requests%'";
        Properties smallBroadcasts = new Properties();
        smallBroadcasts.setProperty("distributed.broadcast_max_bytes", "20KB");
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl(), smallBroadcasts);
                Statement statement = connection.createStatement()) {
            List<String> plan = explainAnalyze(statement, join);
            assertThat(plan).anySatisfy(line -> assertThat(line).contains("decision broadcast_switch"));
            assertThat(plan).anySatisfy(line -> assertThat(line).contains("Forward to stage"));
            List<Object> adaptive = firstRow(statement, join);
            statement.execute("SET distributed.dynamic_task_count = false");
            assertThat(firstRow(statement, join)).isEqualTo(adaptive);
        }
        cluster.awaitWorkersIdle();
    }

    /**
     * The planner takes each of the four comparisons to pass a fraction of the orders (about 15 KB in all),
     * under a 64 KB threshold; at runtime all of them pass (about 240 KB).
     */
    private static final String PLANNED_BROADCAST = "SELECT count(*), sum(l_quantity), sum(o_totalprice)"
            + " FROM lineitem JOIN (SELECT * FROM orders WHERE o_totalprice > 0 AND o_custkey > 0"
            + " AND o_shippriority >= 0 AND o_orderdate > DATE '1900-01-01') o ON l_orderkey = o_orderkey";

    @Test
    void switchesAPlannedBroadcastJoinToPartitionedWhenTheBuildSideIsLarge() throws Exception {
        Properties smallBroadcasts = new Properties();
        smallBroadcasts.setProperty("distributed.broadcast_max_bytes", "64KB");
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl(), smallBroadcasts);
                Statement statement = connection.createStatement()) {
            List<String> plan = explainAnalyze(statement, PLANNED_BROADCAST);
            assertThat(plan)
                    .anySatisfy(line -> assertThat(line)
                            .contains("decision partitioned_switch: broadcast join -> partitioned join"))
                    .anySatisfy(line -> assertThat(line).contains("HashJoin INNER PARTITIONED"))
                    .anySatisfy(line -> assertThat(line).contains("(stage added at runtime)"))
                    .anySatisfy(line -> assertThat(line).contains("(runtime switch; planned Broadcast to stage"))
                    // Operators that ran have metrics; the planned broadcast join is listed only as planned.
                    .noneSatisfy(line -> assertThat(line)
                            .contains("HashJoin INNER BROADCAST")
                            .contains("[rows"));

            List<Object> adaptive = firstRow(statement, PLANNED_BROADCAST);
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            try (ResultSet decision = statement.executeQuery("SELECT inputs FROM sys.aqe_decisions WHERE query_id = '"
                    + queryId + "' AND rule = 'partitioned_switch' AND adopted")) {
                assertThat(decision.next()).isTrue();
                JsonNode inputs = JSON.readTree(decision.getString(1));
                assertThat(inputs.get("build_estimated_bytes").asLong())
                        .isGreaterThan(inputs.get("broadcast_max_bytes").asLong());
                assertThat(inputs.get("planner_estimated_build_bytes").asLong())
                        .isLessThanOrEqualTo(inputs.get("broadcast_max_bytes").asLong());
            }
            statement.execute("SET distributed.dynamic_task_count = false");
            assertThat(explainAnalyze(statement, PLANNED_BROADCAST))
                    .anySatisfy(line -> assertThat(line).contains("HashJoin INNER BROADCAST"));
            assertThat(firstRow(statement, PLANNED_BROADCAST)).isEqualTo(adaptive);
        }
        cluster.awaitWorkersIdle();
    }

    @Test
    void buildsAPartitionedJoinOnItsProbeSideWhenItsBuildSideTurnsOutTheLarger() throws Exception {
        // The planner takes each date comparison to pass half of the orders, a quarter both (3,750, more than the
        // 1,500 customers it then builds on); about 570 do.
        String join = "SELECT count(*), sum(o_totalprice), max(c_name) FROM customer JOIN orders"
                + " ON c_custkey = o_custkey WHERE o_orderdate >= DATE '1993-10-01' AND o_orderdate < DATE '1994-01-01'";
        Properties partitioned = new Properties();
        partitioned.setProperty("distributed.broadcast_max_bytes", "0");
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl(), partitioned);
                Statement statement = connection.createStatement()) {
            assertThat(explainAnalyze(statement, join))
                    .anySatisfy(line -> assertThat(line)
                            .contains("decision join_swap: build on stage")
                            .contains("the build side is the larger"))
                    .anySatisfy(line -> assertThat(line).contains("planned operators"));

            List<Object> adaptive = firstRow(statement, join);
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            try (ResultSet decision = statement.executeQuery("SELECT inputs FROM sys.aqe_decisions WHERE query_id = '"
                    + queryId + "' AND rule = 'join_swap' AND adopted")) {
                assertThat(decision.next()).isTrue();
                JsonNode inputs = JSON.readTree(decision.getString(1));
                assertThat(inputs.get("build_estimated_rows").asLong())
                        .isGreaterThan(inputs.get("probe_estimated_rows").asLong());
                assertThat(inputs.get("build_estimated_bytes").asLong())
                        .isGreaterThan(inputs.get("probe_estimated_bytes").asLong());
            }
            statement.execute("SET distributed.dynamic_task_count = false");
            assertThat(firstRow(statement, join)).isEqualTo(adaptive);
        }
        cluster.awaitWorkersIdle();
    }

    @Test
    void keepsAPlannedBroadcastJoinWhoseBuildSideIsSmall() throws Exception {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            assertThat(explainAnalyze(statement, PLANNED_BROADCAST))
                    .anySatisfy(line -> assertThat(line)
                            .contains("decision partitioned_switch (not adopted)")
                            .contains("stays broadcast"))
                    .anySatisfy(line -> assertThat(line).contains("HashJoin INNER BROADCAST"))
                    .noneSatisfy(line -> assertThat(line).containsAnyOf("added at runtime", "runtime switch"));
        }
        cluster.awaitWorkersIdle();
    }

    private static List<String> explainAnalyze(Statement statement, String sql) throws SQLException {
        List<String> plan = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE " + sql)) {
            while (rows.next()) {
                plan.add(rows.getString(1));
            }
        }
        return plan;
    }

    private static List<Object> firstRow(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
                row.add(rows.getObject(i));
            }
            return row;
        }
    }

    @Test
    void setChangesTheSessionAndShowSettingsListsIt() throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET distributed.dynamic_task_count = false");
            assertThat(setting(statement, "distributed.dynamic_task_count")).isEqualTo("false");
            statement.execute("RESET distributed.dynamic_task_count");
            assertThat(setting(statement, "distributed.dynamic_task_count")).isEqualTo("true");
        }
    }

    @Test
    void rejectsUnknownSettingsAndBadValues() throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            assertThat(SqlFailures.sqlFailure(() -> statement.execute("SET distributed.no_such_thing = 1"))
                            .getSQLState())
                    .isEqualTo("22023");
            assertThat(SqlFailures.sqlFailure(() -> statement.execute("SET distributed.dynamic_task_count = 'maybe'"))
                            .getSQLState())
                    .isEqualTo("22023");
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM nation")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong(1)).isEqualTo(25);
            }
        }
    }

    private static String setting(Statement statement, String name) throws SQLException {
        try (ResultSet rows = statement.executeQuery("SHOW SETTINGS")) {
            while (rows.next()) {
                if (rows.getString("name").equals(name)) {
                    return rows.getString("value");
                }
            }
        }
        throw new AssertionError("SHOW SETTINGS has no " + name);
    }

    /** The stage that reads a shuffle: the final aggregation. */
    private static int shuffledConsumer(Map<Integer, int[]> counts) {
        return counts.keySet().stream().min(Integer::compare).orElseThrow() + 1;
    }

    /** Planned and final task count of each stage, from EXPLAIN ANALYZE. */
    private Map<Integer, int[]> stageTaskCounts(String schema, boolean adaptive) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("distributed.dynamic_bytes_per_partition", BYTES_PER_PARTITION);
        properties.setProperty("distributed.dynamic_task_count", Boolean.toString(adaptive));
        Map<Integer, int[]> counts = new LinkedHashMap<>();
        List<String> plan = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl() + "/tpch/" + schema, properties);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE " + QUERY)) {
            while (rows.next()) {
                String line = rows.getString(1);
                plan.add(line);
                Matcher stage = STAGE.matcher(line);
                if (stage.find()) {
                    counts.put(
                            Integer.parseInt(stage.group(1)),
                            new int[] {Integer.parseInt(stage.group(2)), Integer.parseInt(stage.group(3))});
                }
            }
        }
        assertThat(counts).as("stages in %s", plan).hasSizeGreaterThanOrEqualTo(2);
        return counts;
    }
}
