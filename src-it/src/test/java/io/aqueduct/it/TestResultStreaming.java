package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.ResultReader;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Results larger than the coordinator's heap stream through it frame by frame, every value exactly, and a result the
 * client abandons is canceled on the workers. The tests share one cluster; the abandoned query runs
 * last, so that tasks it might leave behind fail its own leak check rather than the next test's.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TestResultStreaming {
    private static final long SF1_ORDERS = 1_500_000;
    private static final long SF01_LINEITEMS = 600_572;
    private static final long MAX_PEAK_RESULT_BYTES = 64L << 20;
    private static final Pattern QUERY_END = Pattern.compile(
            "Query (\\S+) ended after \\d+ ms: (\\d+) rows, \\d+ stages, tasks per stage \\[[0-9, ]*\\], peak result memory (\\d+) bytes");

    private static AqueductCluster cluster;

    @BeforeAll
    static void startCluster() throws IOException, InterruptedException {
        // 1.5 million order rows with their comments would not fit in this heap at once.
        cluster = AqueductCluster.builder()
                .name("streaming")
                .coordinatorJvmOptions("-Xmx256m")
                .start();
    }

    @AfterAll
    static void stopCluster() throws IOException, InterruptedException {
        cluster.close();
    }

    @AfterEach
    void workersAreIdle() throws InterruptedException {
        cluster.awaitWorkersIdle();
    }

    @Test
    @Order(1)
    void streamsAllOrdersOfSf1WithBoundedMemory() throws SQLException, InterruptedException {
        long rows = 0;
        long orderKeySum = 0;
        long missingComments = 0;
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.setFetchSize(10_000);
            try (ResultSet resultSet = statement.executeQuery("SELECT o_orderkey, o_comment FROM tpch.sf1.orders")) {
                while (resultSet.next()) {
                    rows++;
                    orderKeySum += resultSet.getLong(1);
                    if (resultSet.getString(2) == null || resultSet.getString(2).isEmpty()) {
                        missingComments++;
                    }
                }
            }
        }
        assertThat(rows).isEqualTo(SF1_ORDERS);
        assertThat(orderKeySum).isEqualTo(sf1OrderKeySum());
        assertThat(missingComments).isZero();

        String queryEnd = cluster.awaitLogLine(
                        line -> rowsOfQueryEnd(line).equals(Optional.of(SF1_ORDERS)), Duration.ofSeconds(10))
                .orElseThrow(
                        () -> new AssertionError("No query-end log line for 1,500,000 rows in " + cluster.logLines()));
        Matcher matcher = QUERY_END.matcher(queryEnd);
        assertThat(matcher.find()).isTrue();
        assertThat(Long.parseLong(matcher.group(3)))
                .as("peak result memory of the coordinator: %s", queryEnd)
                .isPositive()
                .isLessThan(MAX_PEAK_RESULT_BYTES);
    }

    /**
     * Every row and value of lineitem SF 0.1 (600,572 rows, 16 columns of each type the table has) arrives
     * through the driver's default fetch size, the frames the server sizes by bytes: the same count and
     * the same order-independent checksum of the normalized rows as DuckDB's.
     */
    @Test
    @Order(2)
    void streamsAllOfLineitemSf01WithTheDefaultFetchSizeExactly() throws SQLException {
        String sql = "SELECT * FROM lineitem";
        RowChecksum aqueduct;
        try (Connection connection = cluster.connect("tpch", "sf0_1");
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            aqueduct = RowChecksum.of(resultSet);
        }
        RowChecksum duckDb;
        try (DuckDbOracle oracle = DuckDbOracle.load(0.1)) {
            duckDb = oracle.read(sql, RowChecksum::of);
        }
        assertThat(aqueduct.rows()).isEqualTo(SF01_LINEITEMS);
        assertThat(aqueduct).isEqualTo(duckDb);
    }

    /**
     * Avatica's own client, unshaded, reads the frames the coordinator writes from its Arrow batches as
     * stock Avatica frames: every value of lineitem SF 0.01 (its default fetch size, 100 rows a frame)
     * equals DuckDB's.
     */
    @Test
    @Order(3)
    void stockAvaticaClientReadsEveryValueExactly() throws SQLException {
        String sql = "SELECT * FROM tpch.tiny.lineitem";
        String url = "jdbc:avatica:remote:url=" + cluster.jdbcUrl().replace("jdbc:aqueduct://", "http://")
                + ";serialization=PROTOBUF";
        RowChecksum avatica;
        try (Connection connection = new org.apache.calcite.avatica.remote.Driver().connect(url, new Properties());
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(connection.getClass().getName()).startsWith("org.apache.calcite.avatica.");
            avatica = RowChecksum.of(resultSet);
        }
        RowChecksum duckDb;
        try (DuckDbOracle oracle = DuckDbOracle.load(0.01)) {
            duckDb = oracle.read("SELECT * FROM lineitem", RowChecksum::of);
        }
        // Hundreds of frames.
        assertThat(avatica.rows()).isGreaterThan(50_000);
        assertThat(avatica).isEqualTo(duckDb);
    }

    /** How many rows a result has and the sum of their normalized rows' hashes, which ignores their order. */
    record RowChecksum(long rows, long hashSum) {
        static RowChecksum of(ResultSet resultSet) throws SQLException {
            int columns = resultSet.getMetaData().getColumnCount();
            long rows = 0;
            long hashSum = 0;
            List<Object> row = new ArrayList<>(columns);
            while (resultSet.next()) {
                row.clear();
                for (int column = 1; column <= columns; column++) {
                    Object value = ResultReader.normalize(resultSet.getObject(column));
                    row.add(value instanceof BigDecimal decimal ? decimal.stripTrailingZeros() : value);
                }
                rows++;
                hashSum += row.hashCode() * 0x9E3779B97F4A7C15L;
            }
            return new RowChecksum(rows, hashSum);
        }
    }

    @Test
    @Order(4)
    void abandonedResultIsCanceledOnTheWorkers() throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement()) {
            statement.setFetchSize(1_000);
            try (ResultSet resultSet = statement.executeQuery("SELECT * FROM tpch.sf1.lineitem")) {
                for (int row = 0; row < 1_000; row++) {
                    assertThat(resultSet.next()).isTrue();
                }
            }
            int activeTasks = cluster.workerUrls().stream()
                    .mapToInt(worker -> cluster.workerInfo(worker).activeTasks())
                    .sum();
            assertThat(activeTasks)
                    .as("tasks still producing the 6 million rows nobody reads")
                    .isPositive();
        }
        // @AfterEach: closing the statement cancels the tasks and frees their memory.
    }

    private static Optional<Long> rowsOfQueryEnd(String line) {
        Matcher matcher = QUERY_END.matcher(line);
        return matcher.find() ? Optional.of(Long.parseLong(matcher.group(2))) : Optional.empty();
    }

    /** The sum of all order keys of SF 1, straight from the generator the workers use. */
    private static long sf1OrderKeySum() {
        long sum = 0;
        for (var order : TpchTable.ORDERS.createGenerator(1.0, 1, 1)) {
            sum += order.getOrderKey();
        }
        return sum;
    }
}
