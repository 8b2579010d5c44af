package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Workers keep the splits they generated: a repeated query reads every scan from the workers' split caches (each
 * split goes back to the worker that generated it), with the same answers as DuckDB; and a scan reads only the
 * columns its query needs.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSplitCaching {
    private static final Pattern SCAN_COUNTERS =
            Pattern.compile("TableScan .*split_cache_hits (\\d+), split_cache_misses (\\d+)]");

    private final AqueductCluster cluster;
    private DuckDbOracle oracle;

    TestSplitCaching(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void loadOracle() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
    }

    @AfterAll
    void closeOracle() throws SQLException {
        oracle.close();
    }

    /** A scan's split cache hits and misses, summed over its tasks. */
    private record ScanCounts(long hits, long misses) {}

    @Test
    void aRepeatedQueryReadsEveryScanFromTheCacheAndGivesTheSameAnswer() throws SQLException {
        String sql = TpchQueries.query(3);
        try (Connection connection = cluster.connect("tpch", "tiny")) {
            QueryResult first = run(connection, sql);
            JdbcResults.explainAnalyze(connection, sql);

            List<ScanCounts> repeated = scanCounts(JdbcResults.explainAnalyze(connection, sql));
            QueryResult again = run(connection, sql);

            assertThat(repeated).hasSize(3).allSatisfy(scan -> {
                assertThat(scan.hits()).isPositive();
                assertThat(scan.misses()).isZero();
            });
            ResultComparator.assertSameResults(oracle.execute(sql), first, true);
            ResultComparator.assertSameResults(first, again, true);
        }
    }

    @Test
    void aCountOfRowsScansNoColumn() throws SQLException {
        String sql = "SELECT count(*) FROM orders";
        try (Connection connection = cluster.connect("tpch", "tiny")) {
            List<String> plan = JdbcResults.explainAnalyze(connection, sql);

            assertThat(plan).anySatisfy(line -> assertThat(line).contains("TableScan tpch.tiny.orders []"));
            ResultComparator.assertSameResults(oracle.execute(sql), run(connection, sql), false);
        }
    }

    private static QueryResult run(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return ResultReader.read(rows);
        }
    }

    private static List<ScanCounts> scanCounts(List<String> plan) {
        List<ScanCounts> scans = new ArrayList<>();
        for (String line : plan) {
            Matcher matcher = SCAN_COUNTERS.matcher(line);
            if (matcher.find()) {
                scans.add(new ScanCounts(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))));
            }
        }
        return scans;
    }
}
