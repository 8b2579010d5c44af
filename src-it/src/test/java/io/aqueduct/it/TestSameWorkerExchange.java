package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.SameAnswers;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A shuffle between tasks of the same worker hands its batches over in memory. On one worker every exchange between
 * tasks is local; on two, each join task reads the scan task of its own worker locally and the other's over the
 * network. Either way the partitioned join answers as DuckDB does, and EXPLAIN ANALYZE and {@code sys.tasks} count
 * the bytes taken in memory as local, not as network, the two together being all that the tasks' remote sources
 * received.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSameWorkerExchange {
    /**
     * SF 0.1, with tables large enough for a worker to scan them in several tasks: on one worker, tiny's query runs in
     * a single task, with no exchange at all.
     */
    private static final double SCALE_FACTOR = 0.1;

    private static final String CATALOG_AND_SCHEMA = "/tpch/sf0_1";
    /** Run partitioned: both sides of the join and the grouped rows are shuffled. */
    private static final String JOIN = "SELECT o_orderpriority, count(*) AS line_count, sum(l_quantity) AS quantity"
            + " FROM orders JOIN lineitem ON o_orderkey = l_orderkey"
            + " GROUP BY o_orderpriority ORDER BY o_orderpriority";

    private static final Pattern HEADER = Pattern.compile("^Query (\\S+) FINISHED: ");
    private static final Pattern TASK_TRAFFIC =
            Pattern.compile("^    task \\d+ on .*, network (\\d+) bytes in (\\d+) ms, local (\\d+) bytes, ");

    private final AqueductCluster twoWorkers;
    private AqueductCluster oneWorker;
    private DuckDbOracle oracle;

    TestSameWorkerExchange(AqueductCluster twoWorkers) {
        this.twoWorkers = twoWorkers;
    }

    /** What a query's tasks received from other tasks: over the network, and in memory from their own worker's. */
    private record Traffic(long networkBytes, long networkMillis, long localBytes) {
        Traffic plus(Traffic other) {
            return new Traffic(
                    networkBytes + other.networkBytes,
                    networkMillis + other.networkMillis,
                    localBytes + other.localBytes);
        }
    }

    @BeforeAll
    void start() throws Exception {
        oracle = DuckDbOracle.load(SCALE_FACTOR);
        oneWorker = AqueductCluster.builder().name("one-worker").localWorkers(1).start();
    }

    @AfterAll
    void stop() throws IOException, InterruptedException, SQLException {
        try {
            oneWorker.close();
        } finally {
            oracle.close();
        }
    }

    @Test
    void onOneWorkerEveryExchangeIsLocal() throws Exception {
        Traffic traffic = joinTraffic(oneWorker);

        assertThat(traffic.networkBytes()).isZero();
        assertThat(traffic.networkMillis()).isZero();
        assertThat(traffic.localBytes()).isPositive();
        oneWorker.awaitWorkersIdle();
    }

    @Test
    void onTwoWorkersTheLocalHalfOfTheShuffleIsNotCountedAsNetwork() throws Exception {
        Traffic traffic = joinTraffic(twoWorkers);

        assertThat(traffic.networkBytes()).isPositive();
        assertThat(traffic.localBytes()).isPositive();
    }

    /** Runs the partitioned join on {@code cluster}, checks its answer against DuckDB's and returns its traffic. */
    private Traffic joinTraffic(AqueductCluster cluster) throws Exception {
        Properties shuffled = new Properties();
        shuffled.setProperty("distributed.broadcast_max_bytes", "0");
        // Four tasks per shuffled stage whatever the runtime estimates, so that every run has the same exchanges.
        shuffled.setProperty("distributed.dynamic_task_count", "false");
        shuffled.setProperty("distributed.fixed_task_count", "4");
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl() + CATALOG_AND_SCHEMA, shuffled)) {
            SameAnswers.assertSame(oracle.execute(JOIN), connection, JOIN);
            return explainedTraffic(connection);
        }
    }

    /**
     * Runs {@link #JOIN} under EXPLAIN ANALYZE VERBOSE and sums its task lines, checking them against {@code sys.tasks}
     * and the bytes out of the query's remote sources in {@code sys.operators}: what the exchanges received is local
     * or network, never both and never neither.
     */
    private static Traffic explainedTraffic(Connection connection) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("EXPLAIN ANALYZE VERBOSE " + JOIN)) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        Matcher header = HEADER.matcher(lines.get(0));
        assertThat(header.find()).as("header of %s", lines).isTrue();
        String queryId = header.group(1);
        Traffic explained = new Traffic(0, 0, 0);
        for (String line : lines) {
            Matcher task = TASK_TRAFFIC.matcher(line);
            if (task.find()) {
                explained = explained.plus(new Traffic(
                        Long.parseLong(task.group(1)), Long.parseLong(task.group(2)), Long.parseLong(task.group(3))));
            }
        }

        assertThat(sysTasksTraffic(connection, queryId)).isEqualTo(explained);
        assertThat(explained.networkBytes() + explained.localBytes()).isEqualTo(remoteSourceBytes(connection, queryId));
        return explained;
    }

    private static Traffic sysTasksTraffic(Connection connection, String queryId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT sum(network_bytes), sum(network_ms), sum(local_bytes) FROM sys.tasks WHERE query_id = ?")) {
            statement.setString(1, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return new Traffic(rows.getLong(1), rows.getLong(2), rows.getLong(3));
            }
        }
    }

    private static long remoteSourceBytes(Connection connection, String queryId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT sum(output_bytes) FROM sys.operators WHERE query_id = ? AND operator = 'RemoteSource'")) {
            statement.setString(1, queryId);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return rows.getLong(1);
            }
        }
    }
}
