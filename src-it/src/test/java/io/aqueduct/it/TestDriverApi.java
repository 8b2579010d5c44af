package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.jdbc.AqueductConnection;
import io.aqueduct.jdbc.AqueductStatement;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The driver's extension API against a real cluster: a statement's query id, and the final plan
 * read by that id from {@code sys.queries} (DESIGN.md section 4).
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestDriverApi {
    private static final String COUNT_LINEITEM = "SELECT count(*) FROM lineitem";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AqueductCluster cluster;
    private Connection connection;

    TestDriverApi(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        connection = cluster.connect();
    }

    @AfterAll
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void connectionAndStatementsUnwrapToTheAqueductInterfaces() throws SQLException {
        assertThat(connection.isWrapperFor(AqueductConnection.class)).isTrue();
        try (Statement statement = connection.createStatement();
                PreparedStatement prepared = connection.prepareStatement(COUNT_LINEITEM)) {
            assertThat(statement.isWrapperFor(AqueductStatement.class)).isTrue();
            assertThat(prepared.isWrapperFor(AqueductStatement.class)).isTrue();
            assertThat(statement.unwrap(AqueductStatement.class).getQueryId()).isEmpty();
            assertThat(prepared.unwrap(AqueductStatement.class).getQueryId()).isEmpty();
        }
    }

    @Test
    void eachExecutionOfAStatementHasItsOwnQueryId() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            runToCompletion(statement, COUNT_LINEITEM);
            String first = queryId(statement);
            assertThat(first).isNotBlank();
            assertThat(queryId(statement)).isEqualTo(first);

            runToCompletion(statement, COUNT_LINEITEM);
            String second = queryId(statement);
            assertThat(second).isNotBlank().isNotEqualTo(first);
        }
    }

    @Test
    void queryIdJoinsToSysQueries() throws SQLException {
        String queryId;
        try (Statement statement = connection.createStatement()) {
            runToCompletion(statement, COUNT_LINEITEM);
            queryId = queryId(statement);
        }
        try (PreparedStatement sys =
                connection.prepareStatement("SELECT connection_id, query_id FROM sys.queries WHERE query_id = ?")) {
            sys.setString(1, queryId);
            try (ResultSet rows = sys.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString("query_id")).isEqualTo(queryId);
                assertThat(rows.next()).isFalse();
            }
        }
    }

    @Test
    void finalPlanTextNamesTheQueryAndItsStages() throws SQLException {
        String queryId = runCountLineitem();
        String plan = connection.unwrap(AqueductConnection.class).getFinalPlan(queryId);
        assertThat(plan).contains(queryId).contains("Stage").contains("\n").doesNotEndWith("\n");
    }

    @Test
    void finalPlanJsonHasAStagesArray() throws SQLException, IOException {
        String queryId = runCountLineitem();
        JsonNode plan =
                JSON.readTree(connection.unwrap(AqueductConnection.class).getFinalPlanJson(queryId));
        assertThat(plan.isObject()).isTrue();
        assertThat(plan.path("stages").isArray()).as("stages of %s", plan).isTrue();
        assertThat(plan.path("stages")).isNotEmpty();
    }

    @Test
    void preparedStatementHasAQueryIdPerExecution() throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT count(*) FROM lineitem WHERE l_quantity < ?")) {
            statement.setInt(1, 24);
            runToCompletion(statement);
            String first = queryId(statement);
            assertThat(first).isNotBlank();

            statement.setInt(1, 30);
            runToCompletion(statement);
            String second = queryId(statement);
            assertThat(second).isNotBlank().isNotEqualTo(first);
            assertThat(connection.unwrap(AqueductConnection.class).getFinalPlan(second))
                    .contains(second);
        }
    }

    @Test
    void unknownQueryIdFailsWithSqlState42000() throws SQLException {
        AqueductConnection aqueduct = connection.unwrap(AqueductConnection.class);
        assertThatThrownBy(() -> aqueduct.getFinalPlan("19700101_000000_00000"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Unknown query id '19700101_000000_00000'")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42000");
        assertThatThrownBy(() -> aqueduct.getFinalPlanJson("no such query"))
                .isInstanceOf(SQLException.class)
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42000");
    }

    private String runCountLineitem() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            runToCompletion(statement, COUNT_LINEITEM);
            return queryId(statement);
        }
    }

    /**
     * The driver's own lookups in {@code sys.queries} are answered on the coordinator and are not
     * queries of their own: only the user's two executions are there.
     */
    @Test
    void driverLookupsAreNotRecordedAsQueries() throws SQLException {
        String first;
        String second;
        try (Statement statement = connection.createStatement()) {
            runToCompletion(statement, COUNT_LINEITEM);
            first = queryId(statement);
            runToCompletion(statement, COUNT_LINEITEM);
            second = queryId(statement);
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT query_id, \"sql\" FROM sys.queries")) {
            List<String> queries = new ArrayList<>();
            while (rows.next()) {
                // The text of the driver's lookup of a statement's latest query id.
                assertThat(rows.getString("sql"))
                        .doesNotStartWith("SELECT query_id FROM sys.queries WHERE connection_id");
                queries.add(rows.getString("query_id"));
            }
            assertThat(queries).contains(first, second);
        }
        // Nor is a user's own query over system tables alone: it has no stages, so no query id.
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT count(*) FROM sys.settings").close();
            assertThat(statement.unwrap(AqueductStatement.class).getQueryId()).isEmpty();
        }
    }

    /** Reads every row, so the query has finished and its final plan is recorded. */
    private static void runToCompletion(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).isPositive();
            assertThat(rows.next()).isFalse();
        }
    }

    private static void runToCompletion(PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).isPositive();
            assertThat(rows.next()).isFalse();
        }
    }

    private static String queryId(Statement statement) throws SQLException {
        return statement
                .unwrap(AqueductStatement.class)
                .getQueryId()
                .orElseThrow(() -> new AssertionError("no query id after an execution"));
    }
}
