package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.jdbc.AqueductStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Skew on real workers: the skew catalog's hot join key lands in one bucket. With adaptive execution
 * the bucket is split and the join's tasks read about the same number of rows; with static task
 * counts one task reads far more than the others. Both give the same answer, and the decision is in
 * {@code sys.aqe_decisions} with the measured sizes and the thresholds.
 */
@ExtendWith(SharedCluster.class)
class TestSkewHandling {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AqueductCluster cluster;

    TestSkewHandling(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    /** One run of the workload: its answer, sorted, and the rows each of its join tasks read. */
    private record Run(String queryId, List<List<Object>> answer, List<Long> joinTaskRows) {
        double largestToMedian() {
            List<Long> sorted = joinTaskRows.stream().sorted().toList();
            return (double) sorted.get(sorted.size() - 1) / Math.max(1, sorted.get(sorted.size() / 2));
        }
    }

    @Test
    void adaptiveExecutionSplitsTheSkewedBucketAndBalancesTheJoin() throws Exception {
        Run adaptive = run(SkewWorkload.JOIN, SkewWorkload.settings());
        Run fixed = run(SkewWorkload.JOIN, SkewWorkload.staticSettings());

        assertThat(adaptive.answer()).isEqualTo(fixed.answer()).isNotEmpty();
        assertThat(fixed.joinTaskRows()).hasSize(8);
        assertThat(fixed.largestToMedian())
                .as("static: largest join task / median")
                .isGreaterThan(2.0);
        assertThat(adaptive.joinTaskRows()).hasSizeGreaterThan(1);
        assertThat(adaptive.largestToMedian())
                .as("adaptive: largest join task / median")
                .isLessThanOrEqualTo(2.0);

        try (Connection connection = cluster.connect()) {
            JsonNode split = decision(connection, adaptive.queryId(), "skew_split");
            assertThat(split.get("bucket_bytes").asLong())
                    .isGreaterThan(split.get("skew_factor").asLong()
                            * split.get("median_bucket_bytes").asLong())
                    .isGreaterThan(split.get("skew_min_bytes").asLong());
            assertThat(split.get("skew_min_bytes").asLong()).isEqualTo(10 * 1024);
            assertThat(split.get("pieces").asInt()).isGreaterThanOrEqualTo(2);
            assertThat(split.get("heavy_hitter").asText()).isEqualTo("1");
            assertThat(split.get("side").asText()).isEqualTo("probe");
        }
        cluster.awaitWorkersIdle();
    }

    /**
     * The hot key on the build side: its bucket is split, each piece holding part of the build rows and
     * reading the whole probe bucket. (Rows read per task stay dominated by the uniform probe side, so
     * the balance is not asserted here.)
     */
    @Test
    void aSkewedBuildSideOfAnInnerJoinIsSplit() throws Exception {
        // Up to 32 join tasks: the hot bucket (with the probe rows it joins, which dominate the cost model's
        // work per byte) costs more than one task's share, so it is worth splitting.
        Properties settings = SkewWorkload.settings();
        settings.setProperty("distributed.max_tasks_per_stage", "32");
        Run adaptive = run(SkewWorkload.BUILD_SKEWED_JOIN, settings);
        Run fixed = run(SkewWorkload.BUILD_SKEWED_JOIN, SkewWorkload.staticSettings());

        assertThat(adaptive.answer()).isEqualTo(fixed.answer()).isNotEmpty();
        try (Connection connection = cluster.connect()) {
            JsonNode split = decision(connection, adaptive.queryId(), "skew_split");
            assertThat(split.get("side").asText()).isEqualTo("build");
            assertThat(split.get("heavy_hitter").asText()).isEqualTo("1");
            assertThat(split.get("pieces").asInt()).isGreaterThanOrEqualTo(2);
        }
        cluster.awaitWorkersIdle();
    }

    @Test
    void aBuildSideSmallerThanPlannedIsSwitchedToABroadcastJoin() throws Exception {
        // The planner guesses a quarter of orders pass the LIKE, above the 20 KB threshold; about 1% do.
        Properties settings = new Properties();
        settings.setProperty("distributed.broadcast_max_bytes", "20KB");
        try (Connection connection = cluster.connect(settings);
                Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM lineitem JOIN orders"
                    + " ON l_orderkey = o_orderkey WHERE o_comment LIKE '%special%requests%'")) {
                assertThat(rows.next()).isTrue();
            }
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();

            JsonNode inputs = decision(connection, queryId, "broadcast_switch");
            assertThat(inputs.get("build_estimated_bytes").asLong())
                    .isLessThanOrEqualTo(inputs.get("broadcast_max_bytes").asLong())
                    .isLessThan(inputs.get("planner_estimated_build_bytes").asLong());
        }
        cluster.awaitWorkersIdle();
    }

    private Run run(String join, Properties settings) throws SQLException {
        try (Connection connection = cluster.connect(settings);
                Statement statement = connection.createStatement()) {
            List<List<Object>> answer = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery(join + " ORDER BY 1")) {
                while (rows.next()) {
                    answer.add(List.of(rows.getString(1), rows.getLong(2), rows.getLong(3)));
                }
            }
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            return new Run(queryId, answer, joinTaskRows(connection, queryId));
        }
    }

    /** Rows read by each task of the stage that runs the join. */
    private static List<Long> joinTaskRows(Connection connection, String queryId) throws SQLException {
        List<Long> rows = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT t.rows_in FROM sys.tasks t"
                + " WHERE t.query_id = ? AND t.stage_id IN"
                + " (SELECT stage_id FROM sys.operators WHERE query_id = ? AND operator = 'HashJoin')")) {
            statement.setString(1, queryId);
            statement.setString(2, queryId);
            try (ResultSet resultSet = statement.executeQuery()) {
                while (resultSet.next()) {
                    rows.add(resultSet.getLong(1));
                }
            }
        }
        return rows;
    }

    /** Every decision of the query with its reason, to say what happened instead when one is missing. */
    private static List<String> reasons(Connection connection, String queryId) throws SQLException {
        List<String> reasons = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT rule, adopted, reason FROM sys.aqe_decisions WHERE query_id = ?")) {
            statement.setString(1, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reasons.add(rows.getString(1) + (rows.getBoolean(2) ? " (adopted): " : ": ") + rows.getString(3));
                }
            }
        }
        return reasons;
    }

    /** The inputs of the query's adopted decision of {@code rule}. */
    private static JsonNode decision(Connection connection, String queryId, String rule) throws Exception {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT inputs, reason FROM sys.aqe_decisions WHERE query_id = ? AND rule = ? AND adopted")) {
            statement.setString(1, queryId);
            statement.setString(2, rule);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next())
                        .as(
                                "an adopted %s decision for %s; its decisions: %s",
                                rule, queryId, reasons(connection, queryId))
                        .isTrue();
                assertThat(rows.getString(2)).isNotBlank();
                return JSON.readTree(rows.getString(1));
            }
        }
    }
}
