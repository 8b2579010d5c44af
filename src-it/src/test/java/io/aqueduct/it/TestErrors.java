package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input fails with the right SQLState and a one-line message that names the problem, and the
 * connection stays usable; connecting to nothing fails with 08001; workers refuse strangers.
 */
@ExtendWith(SharedCluster.class)
class TestErrors {
    private static final String GOOD_QUERY = "SELECT count(*) FROM nation";

    private final AqueductCluster cluster;
    private Connection connection;

    TestErrors(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = cluster.connect();
    }

    @AfterEach
    void disconnect() throws SQLException {
        connection.close();
    }

    @Test
    void syntaxError() throws SQLException {
        SQLException error = failure("SELECT FROM WHERE");
        assertThat(error.getSQLState()).isEqualTo("42000");
        assertOneLineWithPosition(error, "Syntax error", "line 1, column 8");
        assertConnectionWorks();
    }

    @Test
    void unknownTable() throws SQLException {
        SQLException error = failure("SELECT * FROM no_such_table");
        assertThat(error.getSQLState()).isEqualTo("42S02");
        assertOneLineWithPosition(error, "no_such_table", "line 1, column 15");
        assertConnectionWorks();
    }

    @Test
    void unknownColumn() throws SQLException {
        SQLException error = failure("SELECT n_name, no_such_column FROM nation");
        assertThat(error.getSQLState()).isEqualTo("42S22");
        assertOneLineWithPosition(error, "no_such_column", "line 1, column 16");
        assertConnectionWorks();
    }

    @Test
    void typeError() throws SQLException {
        SQLException error =
                failure("SELECT n_name FROM nation WHERE DATE '1998-01-01' + DATE '1998-01-01' > n_nationkey");
        assertThat(error.getSQLState()).isEqualTo("42804");
        assertOneLineWithPosition(error, "Cannot apply '+'", "line 1, column 33");
        assertConnectionWorks();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT first_value(n_name) IGNORE NULLS OVER (ORDER BY n_nationkey) FROM nation",
                "SELECT sum(n_nationkey) OVER (ORDER BY n_nationkey ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING"
                        + " EXCLUDE CURRENT ROW) FROM nation",
                // Calcite has no conversion for an ordered aggregate as a window function.
                "SELECT string_agg(n_name, ',' ORDER BY n_nationkey DESC) OVER (PARTITION BY n_regionkey) FROM nation",
            })
    void unsupportedFeature(String sql) throws SQLException {
        SQLException error = failure(sql);
        assertThat(error.getSQLState()).isEqualTo("0A000");
        assertOneLine(error, "not supported");
        assertConnectionWorks();
    }

    @Test
    void divisionByZeroOnTheWorkers() throws SQLException {
        // Not a constant: the division runs on the workers and the error travels back to the client.
        SQLException error = failure("SELECT n_nationkey / (n_regionkey - n_regionkey) FROM nation");
        assertThat(error.getSQLState()).isEqualTo("22012");
        assertOneLine(error, "Division by zero");
        assertConnectionWorks();
    }

    /**
     * Logarithms of zero or negative numbers and square roots of negative ones, as constants and on the workers, a
     * DECIMAL scale beyond the 18 digits a DECIMAL holds, and SMALLINT or TINYINT casts of values out of their range.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT ln(n_nationkey) FROM nation|2201E|cannot take logarithm of zero",
                "SELECT log10(0 - n_nationkey - 1) FROM nation|2201E|cannot take logarithm of a negative number",
                "SELECT sqrt(n_nationkey - 3) FROM nation|2201F|cannot take square root of a negative number",
                "SELECT sqrt(-1)|2201F|cannot take square root of a negative number",
                "SELECT power(n_regionkey - 4, -1) FROM nation|2201F|zero raised to a negative power is undefined",
                "SELECT CAST(n_nationkey AS DECIMAL(38, 36)) * 10 FROM nation|0A000|DECIMAL scale 36 is not supported",
                "SELECT CAST(n_nationkey * 10000 AS SMALLINT) FROM nation|22003|smallint out of range: 40000",
                "SELECT CAST(300 AS TINYINT)|22003|tinyint out of range: 300",
                "SELECT 100000000000000000000 + n_nationkey FROM nation|42000|"
                        + "Numeric literal '100000000000000000000' out of range",
            })
    void undefinedMathAndOutOfRangeNumbersFailCleanly(String sql, String sqlState, String problem) throws SQLException {
        SQLException error = failure(sql);
        assertThat(error.getSQLState()).isEqualTo(sqlState);
        assertOneLine(error, problem);
        assertConnectionWorks();
    }

    /**
     * A string function asked for a value too long to build, as a constant (computed while planning, on the
     * coordinator's heap, which a billion characters exhausted) and on the workers.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT repeat('a', 1000000000)",
                "SELECT lpad('a', 1000000000)",
                "SELECT repeat(n_name, 100000000) FROM nation"
            })
    void tooLongAStringFailsWithProgramLimitExceeded(String sql) throws SQLException {
        SQLException error = failure(sql);
        assertThat(error.getSQLState()).isEqualTo("54000");
        assertOneLine(error, "exceeds the limit of");
        assertConnectionWorks();
    }

    /**
     * SQL tools generate can nest deep: a chain of thousands of ORs overflowed the request thread's stack in Calcite's
     * recursive conversion (the client got an unreadable HTTP 500). It plans on a planner thread's deep stack.
     */
    @Test
    void deeplyNestedStatementsPlan() throws SQLException {
        String orChain = IntStream.range(0, 2_000)
                .mapToObj(key -> "n_nationkey = " + key)
                .collect(Collectors.joining(" OR "));
        String inList = IntStream.range(0, 2_000).mapToObj(String::valueOf).collect(Collectors.joining(", "));
        assertThat(count("SELECT count(*) FROM nation WHERE " + orChain))
                .isEqualTo(count("SELECT count(*) FROM nation WHERE n_nationkey IN (" + inList + ")"))
                .isPositive();
        assertThat(count("SELECT " + "(".repeat(3_000) + "count(*)" + ")".repeat(3_000) + " FROM nation"))
                .isEqualTo(count(GOOD_QUERY));
    }

    private long count(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getLong(1);
        }
    }

    @Test
    void refusedConnection() {
        SQLException error = sqlFailure(() -> DriverManager.getConnection("jdbc:aqueduct://localhost:1"));
        assertThat(error.getSQLState()).isEqualTo("08001");
        assertOneLine(error, "localhost:1");
    }

    @Test
    void malformedUrl() {
        SQLException error = sqlFailure(() -> DriverManager.getConnection("jdbc:aqueduct://localhost:notaport"));
        assertThat(error.getSQLState()).isEqualTo("08001");
        assertOneLine(error, "notaport");
    }

    @Test
    void workersRefuseRequestsWithoutTheSecret() {
        for (String worker : cluster.workerUrls()) {
            HttpResponse<String> withoutSecret = cluster.get(worker + "/v1/info", Optional.empty());
            HttpResponse<String> wrongSecret = cluster.get(worker + "/v1/info", Optional.of("not-" + cluster.secret()));
            HttpResponse<String> withSecret = cluster.get(worker + "/v1/info", Optional.of(cluster.secret()));
            assertThat(withoutSecret.statusCode())
                    .as("%s without secret", worker)
                    .isEqualTo(401);
            assertThat(wrongSecret.statusCode())
                    .as("%s with a wrong secret", worker)
                    .isEqualTo(401);
            assertThat(withSecret.statusCode()).as("%s with the secret", worker).isEqualTo(200);
        }
    }

    private SQLException failure(String sql) {
        return sqlFailure(() -> {
            try (Statement statement = connection.createStatement();
                    ResultSet resultSet = statement.executeQuery(sql)) {
                while (resultSet.next()) {
                    // errors raised by the workers may surface while fetching
                }
            }
        });
    }

    private static void assertOneLine(SQLException error, String problem) {
        assertThat(error.getMessage()).doesNotContain("\n", "\r").contains(problem);
    }

    private static void assertOneLineWithPosition(SQLException error, String problem, String position) {
        assertOneLine(error, problem);
        assertThat(error.getMessage()).contains(position);
    }

    private void assertConnectionWorks() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(GOOD_QUERY)) {
            assertThat(resultSet.next()).isTrue();
            assertThat(resultSet.getLong(1)).isEqualTo(25);
        }
    }
}
