package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.RecentTasks;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.SameAnswers;
import io.aqueduct.tpch.TpchQueries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * File tables served with {@code serve --catalog lake=DIR}: TPC-H SF 0.01 written by DuckDB as Parquet
 * (schema {@code parquet}, small row groups so scans split over both workers) and as CSV with a header
 * (schema {@code csv}, types inferred) answers all 22 queries as DuckDB does on the same rows; bad files
 * fail the query with an SQLState and the file's name, and leave the workers serving.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestFileTables {
    private static final List<String> TPCH_TABLES =
            List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");

    @TempDir
    static Path root;

    private DuckDbOracle oracle;
    private AqueductCluster cluster;
    private Connection parquet;
    private Connection csv;
    private Connection typed;
    private Connection generated;
    private Connection stampsOracle;

    static List<Integer> queries() {
        return TpchQueries.numbers();
    }

    /**
     * The queries whose joins do not depend on nullability. Q16's {@code NOT IN (SELECT s_suppkey ...)} is a plain
     * anti join over the tpch catalog, whose key columns are NOT NULL, but needs its NULL check (a count of NULL keys
     * joined in) over files that do not declare their columns NOT NULL.
     */
    static List<Integer> nullabilityIndependentQueries() {
        return TpchQueries.numbers().stream().filter(number -> number != 16).toList();
    }

    @BeforeAll
    void start() throws Exception {
        oracle = DuckDbOracle.load(0.01);
        oracle.export(
                Files.createDirectories(root.resolve("parquet")), "parquet", "FORMAT PARQUET, ROW_GROUP_SIZE 8192");
        oracle.export(Files.createDirectories(root.resolve("csv")), "csv", "HEADER");
        writeBadFiles(Files.createDirectories(root.resolve("bad")));
        stampsOracle =
                writeStamps(Files.createDirectories(root.resolve("typed")).resolve("stamps.parquet"));
        cluster = AqueductCluster.builder()
                .name("file-tables")
                .serveArguments("--catalog", "lake=" + root)
                .start();
        parquet = DriverManager.getConnection(cluster.jdbcUrl() + "/lake/parquet");
        csv = DriverManager.getConnection(cluster.jdbcUrl() + "/lake/csv");
        typed = DriverManager.getConnection(cluster.jdbcUrl() + "/lake/typed");
        generated = DriverManager.getConnection(cluster.jdbcUrl() + "/tpch/tiny");
    }

    /**
     * Writes {@code stamps}, whole milliseconds (what JDBC carries; times of day whole seconds, as the oracle
     * compares them) spread over five years, with DuckDB in UTC, and
     * answers for it: a DuckDB view of the file that reads the UTC-adjusted column as its UTC wall clock.
     */
    private static Connection writeStamps(Path file) throws SQLException {
        Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duckdb.createStatement()) {
            statement.execute("SET TimeZone = 'UTC'");
            statement.execute(("COPY (SELECT i AS id, m AS micros, m::TIMESTAMP_MS AS millis, m::TIMESTAMP_NS AS nanos,"
                            + " m::TIMESTAMPTZ AS utc,"
                            + " date_trunc('second', m)::TIME AS noon,"
                            + " CASE WHEN i %% 5 = 0 THEN NULL ELSE ('\\xAA\\x00' || (i %% 13))::BLOB END AS bytes"
                            + " FROM (SELECT i, TIMESTAMP '1994-06-30 12:00:00' + i * INTERVAL 37 MINUTE"
                            + " + (i %% 1000) * INTERVAL 1 MILLISECOND AS m FROM range(70000) t(i)))"
                            + " TO '%s' (FORMAT PARQUET, ROW_GROUP_SIZE 8192)")
                    .formatted(file));
            statement.execute("CREATE VIEW stamps AS SELECT * REPLACE (utc::TIMESTAMP AS utc) FROM read_parquet('%s')"
                    .formatted(file));
            return duckdb;
        } catch (SQLException | RuntimeException e) {
            duckdb.close();
            throw e;
        }
    }

    private void writeBadFiles(Path bad) throws SQLException, IOException {
        Files.writeString(bad.resolve("corrupt.parquet"), "PAR1 not really a Parquet file PAR1");
        Files.writeString(bad.resolve("amounts.csv"), "id,amount\n1,2.5\n2,3.75\n3,lots\n");
        Files.writeString(bad.resolve("amounts.schema"), "amount = DOUBLE\n");
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement()) {
            statement.execute("COPY (SELECT 1 AS id, [1, 2] AS pair) TO '%s' (FORMAT PARQUET)"
                    .formatted(bad.resolve("pairs.parquet")));
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (AutoCloseable closeable :
                new AutoCloseable[] {parquet, csv, typed, generated, cluster, oracle, stampsOracle}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void parquetEqualsDuckDb(int number) throws Exception {
        assertQuery(parquet, number);
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void csvEqualsDuckDb(int number) throws Exception {
        assertQuery(csv, number);
    }

    private void assertQuery(Connection connection, int number) throws Exception {
        String sql = TpchQueries.query(number);
        SameAnswers.assertSame(oracle.execute(sql), connection, sql);
        cluster.awaitWorkersIdle();
    }

    /**
     * The file tables' statistics give the optimizer what the tpch catalog's give it: the same join order (which
     * tables join with which, in which nesting) for every TPC-H query. Which side of a join builds may
     * differ, since the two catalogs size tables differently (footer bytes against generated Arrow bytes).
     */
    @ParameterizedTest(name = "Q{0}")
    @MethodSource("nullabilityIndependentQueries")
    void parquetJoinsInTheOrderTheTpchCatalogDoes(int number) throws SQLException {
        String sql = TpchQueries.query(number);
        JoinOrder files = JoinOrder.of(parquet, sql);
        JoinOrder generated = JoinOrder.of(this.generated, sql);
        assertThat(files.unsided())
                .as("Parquet %s, tpch %s", files.sided(), generated.sided())
                .isEqualTo(generated.unsided());
    }

    /** Filters on the sort order of the files (l_orderkey, dates) prune row groups; the answers stay DuckDB's. */
    @ParameterizedTest
    @MethodSource("prunedQueries")
    void rowGroupPruningKeepsTheAnswers(String sql) throws Exception {
        SameAnswers.assertSame(oracle.execute(sql), parquet, sql);
        cluster.awaitWorkersIdle();
    }

    static List<String> prunedQueries() {
        return List.of(
                "SELECT count(*), sum(l_quantity) FROM lineitem WHERE l_orderkey >= 50000",
                "SELECT count(*) FROM lineitem WHERE l_orderkey < 100 AND l_linenumber = 1",
                "SELECT count(*) FROM orders WHERE o_orderkey BETWEEN 1000 AND 2000",
                "SELECT count(*) FROM orders WHERE o_orderdate < DATE '1992-01-01'",
                "SELECT count(*) FROM lineitem WHERE l_discount > 0.1 OR l_orderkey = 7");
    }

    @Test
    void tablesShowInDatabaseMetaData() throws SQLException {
        DatabaseMetaData metaData = parquet.getMetaData();
        for (String schema : List.of("parquet", "csv")) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = metaData.getTables("lake", schema, "%", null)) {
                while (rows.next()) {
                    tables.add(rows.getString("TABLE_NAME"));
                }
            }
            assertThat(tables).as(schema).containsExactlyInAnyOrderElementsOf(TPCH_TABLES);
        }
        List<String> columns = new ArrayList<>();
        try (ResultSet rows = metaData.getColumns("lake", "parquet", "orders", "%")) {
            while (rows.next()) {
                columns.add(rows.getString("COLUMN_NAME") + " " + rows.getString("TYPE_NAME"));
            }
        }
        assertThat(columns)
                .contains("o_orderkey BIGINT", "o_orderdate DATE")
                .anyMatch(c -> c.startsWith("o_totalprice DECIMAL"));
    }

    @Test
    void scansSplitOverWorkersByRowGroup() throws SQLException {
        RecentTasks before = RecentTasks.since(cluster);
        assertThat(query("SELECT count(*) FROM lineitem WHERE l_quantity > 0")).isEqualTo(List.of(60_175L));
        assertThat(before.newTasksPerStage().values()).as("tasks per stage").anySatisfy(count -> assertThat(count)
                .isGreaterThan(1));
    }

    @Test
    void corruptParquetFileNamesTheFile() throws Exception {
        SQLException failure = sqlFailure(() -> query("SELECT count(*) FROM lake.bad.corrupt"));
        assertThat(failure.getSQLState()).isEqualTo("58030");
        assertThat(failure.getMessage()).contains("corrupt.parquet");
        assertWorkersStillServe();
    }

    @Test
    void csvValueThatDoesNotParseNamesFileAndLine() throws Exception {
        SQLException failure = sqlFailure(() -> query("SELECT sum(amount) FROM lake.bad.amounts"));
        assertThat(failure.getSQLState()).isEqualTo("22P02");
        assertThat(failure.getMessage()).contains("amounts.csv, line 4", "'lots'");
        assertWorkersStillServe();
    }

    @Test
    void unsupportedParquetTypeFailsOnlyWhenRead() throws Exception {
        assertThat(query("SELECT id FROM lake.bad.pairs")).isEqualTo(List.of(1));
        SQLException failure = sqlFailure(() -> query("SELECT pair FROM lake.bad.pairs"));
        assertThat(failure.getSQLState()).isEqualTo("0A000");
        assertThat(failure.getMessage()).contains("pair", "pairs.parquet");
        assertWorkersStillServe();
    }

    /**
     * Timestamps in every unit DuckDB writes (micro-, milli- and nanoseconds, adjusted to UTC or not), times of day
     * and bytes read as TIMESTAMP, TIME and VARBINARY: the same answers as DuckDB's on the same file.
     */
    @ParameterizedTest
    @MethodSource("timestampQueries")
    void parquetTimestampsAndBytesEqualDuckDb(String sql) throws Exception {
        SameAnswers.assertSame(SameAnswers.run(stampsOracle, sql), typed, sql);
        cluster.awaitWorkersIdle();
    }

    static List<String> timestampQueries() {
        return List.of(
                "SELECT id, micros, millis, nanos, utc, noon FROM stamps WHERE id < 40 ORDER BY id",
                "SELECT EXTRACT(YEAR FROM micros) AS y, EXTRACT(HOUR FROM utc) AS h, count(*) AS n,"
                        + " count(bytes) AS b, max(nanos) AS last, min(millis) AS first FROM stamps"
                        + " GROUP BY EXTRACT(YEAR FROM micros), EXTRACT(HOUR FROM utc)",
                "SELECT count(*) AS n FROM stamps WHERE micros >= TIMESTAMP '1996-01-01 00:00:00'"
                        + " AND nanos < TIMESTAMP '1996-07-01 00:00:00' AND utc = millis",
                "SELECT millis, count(*) AS n FROM stamps GROUP BY millis HAVING count(*) > 0 ORDER BY millis LIMIT 20",
                "SELECT count(*) AS n, count(DISTINCT bytes) AS d FROM stamps",
                "SELECT a.id, b.id FROM stamps a JOIN stamps b ON a.bytes = b.bytes WHERE a.id < 30 AND b.id < 60",
                "SELECT count(*) AS n FROM stamps WHERE noon > TIME '12:00:00'");
    }

    @Test
    void missingCatalogDirectoryFailsAtStartup() {
        Path missing = root.resolve("no-such-directory");
        assertThatThrownBy(() -> AqueductCluster.builder()
                        .name("missing-catalog")
                        .serveArguments("--catalog", "gone=" + missing)
                        .start())
                .hasMessageContaining("exited with code 2")
                .hasMessageContaining("Catalog gone: directory " + missing + " does not exist");
    }

    private void assertWorkersStillServe() throws Exception {
        assertThat(query("SELECT count(*) FROM lake.parquet.nation")).isEqualTo(List.of(25L));
        cluster.awaitWorkersIdle();
    }

    /** The first column of every row. */
    private List<Object> query(String sql) throws SQLException {
        List<Object> values = new ArrayList<>();
        try (Statement statement = parquet.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getObject(1));
            }
        }
        return values;
    }
}
