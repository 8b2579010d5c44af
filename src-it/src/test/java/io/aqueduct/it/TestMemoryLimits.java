package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A query whose heap state outgrows what a worker can hold fails with 53200 instead of raising OutOfMemoryError;
 * the workers stay up and the cluster answers afterwards.
 */
class TestMemoryLimits {
    // The build side holds a row index of 100 M rows (400 MB and more as it grows): over these workers' heap.
    // LARGE is a reserved word of Calcite's grammar, hence the quotes.
    private static final String OVERSIZED_CROSS_JOIN =
            "SELECT COUNT(*) FROM skew.\"large\".fact t0 CROSS JOIN skew.\"large\".fact t1";
    private static final String WORKER_JVM_OPTIONS =
            "--worker-jvm-options=-Xmx512m -XX:+UseParallelGC --add-opens=java.base/java.nio=ALL-UNNAMED";
    private static final String FOLLOW_UP_QUERY =
            "SELECT o_orderpriority, count(*) AS orders FROM orders GROUP BY o_orderpriority";

    @Test
    void oversizedCrossJoinFailsWithTheMemoryLimitAndTheClusterAnswersAfterwards() throws Exception {
        try (AqueductCluster cluster = AqueductCluster.builder()
                        .name("memory-limits")
                        .serveArguments(WORKER_JVM_OPTIONS)
                        .start();
                DuckDbOracle oracle = DuckDbOracle.load(0.01)) {
            SQLException error = catchThrowableOfType(() -> count(cluster, OVERSIZED_CROSS_JOIN), SQLException.class);

            assertThat((Throwable) error).as("the cross join must fail").isNotNull();
            assertThat(error.getSQLState())
                    .as("SQLState of: %s", error.getMessage())
                    .isEqualTo("53200");
            assertThat(error.getMessage()).containsPattern("join.* needs \\d+ ").doesNotContain("OutOfMemoryError");
            for (String worker : cluster.workerUrls()) {
                assertThat(ProcessHandle.of(cluster.workerPid(worker)))
                        .as("worker %s", worker)
                        .hasValueSatisfying(
                                process -> assertThat(process.isAlive()).isTrue());
            }
            try (Connection connection = cluster.connect("tpch", "tiny");
                    Statement statement = connection.createStatement();
                    ResultSet resultSet = statement.executeQuery(FOLLOW_UP_QUERY)) {
                ResultComparator.assertSameResults(
                        oracle.execute(FOLLOW_UP_QUERY), ResultReader.read(resultSet), false);
            }
            assertThat(cluster.logLines()).noneMatch(line -> line.contains("OutOfMemoryError"));
        }
    }

    private static long count(AqueductCluster cluster, String sql) throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getLong(1);
        }
    }
}
