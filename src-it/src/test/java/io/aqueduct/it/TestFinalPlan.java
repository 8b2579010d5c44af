package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.jdbc.AqueductConnection;
import io.aqueduct.jdbc.AqueductStatement;
import io.aqueduct.tpch.TpchQueries;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One source of truth: EXPLAIN ANALYZE's text, its JSON form, the driver API and the {@code sys}
 * tables show the same final plan (task counts, row counts) for the same query, and the rows the plan
 * counts are the rows the query returns.
 */
@ExtendWith(SharedCluster.class)
class TestFinalPlan {
    private static final Pattern HEADER = Pattern.compile("^Query (\\S+) (\\w+): (\\d+) rows in \\d+ ms");
    private static final Pattern STAGE = Pattern.compile("^Stage (\\d+) \\[tasks (\\d+) -> (\\d+), ");
    private static final Pattern STAGE_ROWS = Pattern.compile("^  rows in (\\d+), rows out (\\d+), bytes out (\\d+)");
    private static final Path SCHEMA = Path.of(
            "..",
            "server",
            "src",
            "main",
            "resources",
            "io",
            "aqueduct",
            "server",
            "finalplan",
            "final-plan.schema.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AqueductCluster cluster;

    TestFinalPlan(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    /** Per stage id: final task count and rows out. */
    private record StageCounts(int finalTasks, long rowsOut) {}

    /** What EXPLAIN ANALYZE's text says: the query id, the result rows, and each stage's counts. */
    private record TextPlan(String queryId, long resultRows, Map<Integer, StageCounts> stages, List<String> lines) {}

    @ParameterizedTest(name = "TPC-H Q{0}")
    @ValueSource(ints = {1, 3, 6, 13, 18})
    void explainAnalyzeMatchesSysStagesAndTheResult(int query) throws SQLException {
        String sql = TpchQueries.query(query);
        try (Connection connection = cluster.connect()) {
            long resultRows = JdbcResults.countRows(connection, sql);
            TextPlan plan = explainAnalyze(connection, "EXPLAIN ANALYZE " + sql);

            assertThat(plan.resultRows()).isEqualTo(resultRows);
            assertThat(plan.stages()).isNotEmpty().isEqualTo(sysStages(connection, plan.queryId()));
            assertThat(queryState(connection, plan.queryId())).isEqualTo("FINISHED");
        }
    }

    @Test
    void theSkewWorkloadsPlanMatchesSysStages() throws SQLException {
        try (Connection connection = cluster.connect(SkewWorkload.settings())) {
            long resultRows = JdbcResults.countRows(connection, SkewWorkload.JOIN);
            TextPlan plan = explainAnalyze(connection, "EXPLAIN ANALYZE " + SkewWorkload.JOIN);

            assertThat(plan.resultRows()).isEqualTo(resultRows);
            assertThat(plan.stages()).isEqualTo(sysStages(connection, plan.queryId()));
        }
    }

    @Test
    void theJsonFormValidatesAgainstItsSchemaAndMatchesSysStages() throws Exception {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE FORMAT JSON " + TpchQueries.query(3))) {
            assertThat(rows.next()).isTrue();
            String document = rows.getString(1);
            assertThat(rows.next()).as("one row").isFalse();

            assertThat(validate(document)).isEmpty();
            JsonNode plan = JSON.readTree(document);
            assertThat(plan.get("resultRows").asLong())
                    .isEqualTo(JdbcResults.countRows(connection, TpchQueries.query(3)));
            Map<Integer, StageCounts> stages = new TreeMap<>();
            for (JsonNode stage : plan.get("stages")) {
                stages.put(
                        stage.get("stageId").asInt(),
                        new StageCounts(
                                stage.get("finalTasks").asInt(),
                                stage.get("outputRows").asLong()));
                assertThat(stage.get("tasks")).hasSize(stage.get("finalTasks").asInt());
            }
            assertThat(stages)
                    .isEqualTo(sysStages(connection, plan.get("queryId").asText()));
        }
    }

    @Test
    void aPlanMissingARequiredFieldFailsTheSchema() throws Exception {
        assertThat(validate("{\"queryId\": \"q\", \"stages\": []}")).isNotEmpty();
    }

    @Test
    void verboseAddsALinePerTask() throws SQLException {
        try (Connection connection = cluster.connect()) {
            TextPlan plan = explainAnalyze(connection, "EXPLAIN ANALYZE VERBOSE " + TpchQueries.query(3));

            long taskLines = plan.lines().stream()
                    .filter(line -> line.matches("^    task \\d+ on .*"))
                    .count();
            long tasks = plan.stages().values().stream()
                    .mapToLong(StageCounts::finalTasks)
                    .sum();
            assertThat(taskLines).isEqualTo(tasks);
        }
    }

    @Test
    void theDriverApiReadsTheSamePlan() throws Exception {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            long rows = 0;
            try (ResultSet resultSet = statement.executeQuery(TpchQueries.query(5))) {
                while (resultSet.next()) {
                    rows++;
                }
            }
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            AqueductConnection aqueduct = connection.unwrap(AqueductConnection.class);

            TextPlan plan = parse(List.of(aqueduct.getFinalPlan(queryId).split("\n")));
            assertThat(plan.queryId()).isEqualTo(queryId);
            assertThat(plan.resultRows()).isEqualTo(rows);
            assertThat(plan.stages()).isEqualTo(sysStages(connection, queryId));
            assertThat(validate(aqueduct.getFinalPlanJson(queryId))).isEmpty();
        }
    }

    @Test
    void metricsAreCompleteUnderLimit() throws Exception {
        try (Connection connection = cluster.connect("tpch", "sf0_1");
                Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT l_orderkey, l_quantity FROM lineitem LIMIT 10")) {
                while (rows.next()) {
                    // drain
                }
            }
            String queryId =
                    statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();

            Map<String, Long> rowsByOperator = operatorRows(connection, queryId);
            assertThat(rowsByOperator.get("Limit"))
                    .as("rows out of the limits, final and partial")
                    .isPositive();
            assertThat(rowsByOperator.get("TableScan"))
                    .as("rows the scans produced before the limit")
                    .isGreaterThanOrEqualTo(10);
            assertThat(rootLimitRows(connection, queryId)).isEqualTo(10);
        }
        cluster.awaitWorkersIdle();
    }

    @Test
    void metricsAreCompleteWhenTheClientClosesEarly() throws Exception {
        String queryId;
        try (Connection connection = cluster.connect("tpch", "sf0_1")) {
            try (Statement statement = connection.createStatement()) {
                statement.setFetchSize(100);
                try (ResultSet rows = statement.executeQuery("SELECT l_orderkey, l_comment FROM lineitem")) {
                    assertThat(rows.next()).isTrue();
                }
                queryId = statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
            }
            assertThat(awaitEnded(connection, queryId)).isIn("CANCELED", "FINISHED");
            Map<String, Long> rowsByOperator = operatorRows(connection, queryId);
            assertThat(rowsByOperator.get("TableScan"))
                    .as("rows scanned before the close")
                    .isPositive();
            assertThat(rowsByOperator).containsOnlyKeys("TableScan");
            try (PreparedStatement tasks = connection.prepareStatement(
                    "SELECT count(*) FROM sys.tasks WHERE query_id = ? AND state <> 'UNKNOWN'")) {
                tasks.setString(1, queryId);
                try (ResultSet rows = tasks.executeQuery()) {
                    rows.next();
                    assertThat(rows.getLong(1))
                            .as("tasks that reported their metrics")
                            .isPositive();
                }
            }
        }
        cluster.awaitWorkersIdle();
    }

    private static String awaitEnded(Connection connection, String queryId) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (true) {
            String state = queryState(connection, queryId);
            if (!"RUNNING".equals(state) || System.currentTimeMillis() > deadline) {
                return state;
            }
            Thread.sleep(100);
        }
    }

    private static String queryState(Connection connection, String queryId) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT state FROM sys.queries WHERE query_id = ?")) {
            statement.setString(1, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).as("sys.queries has query %s", queryId).isTrue();
                return rows.getString(1);
            }
        }
    }

    private static Map<String, Long> operatorRows(Connection connection, String queryId) throws SQLException {
        Map<String, Long> rows = new TreeMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT operator, sum(output_rows) FROM sys.operators WHERE query_id = ? GROUP BY operator")) {
            statement.setString(1, queryId);
            try (ResultSet resultSet = statement.executeQuery()) {
                while (resultSet.next()) {
                    rows.put(resultSet.getString(1), resultSet.getLong(2));
                }
            }
        }
        return rows;
    }

    /** Rows out of the limit at the top of the root stage, which feeds the client. */
    private static long rootLimitRows(Connection connection, String queryId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT o.output_rows FROM sys.operators o"
                + " WHERE o.query_id = ? AND o.operator_id = 0 AND o.operator = 'Limit'"
                + " AND o.stage_id = (SELECT max(stage_id) FROM sys.stages WHERE query_id = ?)")) {
            statement.setString(1, queryId);
            statement.setString(2, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).as("a limit at the root").isTrue();
                return rows.getLong(1);
            }
        }
    }

    private static List<String> validate(String document) throws Exception {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
        try (InputStream schemaFile = Files.newInputStream(SCHEMA)) {
            Schema schema = registry.getSchema(schemaFile);
            return schema.validate(JSON.readTree(document)).stream()
                    .map(Object::toString)
                    .toList();
        }
    }

    private static TextPlan explainAnalyze(Connection connection, String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return parse(lines);
    }

    private static TextPlan parse(List<String> lines) {
        Matcher header = HEADER.matcher(lines.get(0));
        assertThat(header.find()).as("header line: %s", lines.get(0)).isTrue();
        Map<Integer, StageCounts> stages = new TreeMap<>();
        for (int i = 1; i < lines.size(); i++) {
            Matcher stage = STAGE.matcher(lines.get(i));
            if (stage.find()) {
                Matcher counts = STAGE_ROWS.matcher(lines.get(i + 1));
                assertThat(counts.find()).as("rows line after %s", lines.get(i)).isTrue();
                stages.put(
                        Integer.parseInt(stage.group(1)),
                        new StageCounts(Integer.parseInt(stage.group(3)), Long.parseLong(counts.group(2))));
            }
        }
        return new TextPlan(header.group(1), Long.parseLong(header.group(3)), stages, lines);
    }

    private static Map<Integer, StageCounts> sysStages(Connection connection, String queryId) throws SQLException {
        Map<Integer, StageCounts> stages = new TreeMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT stage_id, final_tasks, rows_out FROM sys.stages WHERE query_id = ?")) {
            statement.setString(1, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    stages.put(rows.getInt(1), new StageCounts(rows.getInt(2), rows.getLong(3)));
                }
            }
        }
        return stages;
    }
}
