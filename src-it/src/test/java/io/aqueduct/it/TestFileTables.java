package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.TaskId;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
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

    static List<Integer> queries() {
        return TpchQueries.numbers();
    }

    @BeforeAll
    void start() throws Exception {
        oracle = DuckDbOracle.load(0.01);
        oracle.export(
                Files.createDirectories(root.resolve("parquet")), "parquet", "FORMAT PARQUET, ROW_GROUP_SIZE 8192");
        oracle.export(Files.createDirectories(root.resolve("csv")), "csv", "HEADER");
        writeBadFiles(Files.createDirectories(root.resolve("bad")));
        cluster = AqueductCluster.builder()
                .name("file-tables")
                .serveArguments("--catalog", "lake=" + root)
                .start();
        parquet = DriverManager.getConnection(cluster.jdbcUrl() + "/lake/parquet");
        csv = DriverManager.getConnection(cluster.jdbcUrl() + "/lake/csv");
    }

    private void writeBadFiles(Path bad) throws SQLException, IOException {
        Files.writeString(bad.resolve("corrupt.parquet"), "PAR1 not really a Parquet file PAR1");
        Files.writeString(bad.resolve("amounts.csv"), "id,amount\n1,2.5\n2,3.75\n3,lots\n");
        Files.writeString(bad.resolve("amounts.schema"), "amount = DOUBLE\n");
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement()) {
            statement.execute("COPY (SELECT 1 AS id, TIMESTAMP '2020-01-01 10:00:00' AS seen) TO '%s' (FORMAT PARQUET)"
                    .formatted(bad.resolve("stamps.parquet")));
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {parquet, csv, cluster, oracle}) {
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
        QueryResult actual;
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            actual = ResultReader.read(resultSet);
        }
        ResultComparator.assertSameResults(
                oracle.execute(sql), actual, sql.toLowerCase(Locale.ROOT).contains("order by"));
        cluster.awaitWorkersIdle();
    }

    /** Filters on the sort order of the files (l_orderkey, dates) prune row groups; the answers stay DuckDB's. */
    @ParameterizedTest
    @MethodSource("prunedQueries")
    void rowGroupPruningKeepsTheAnswers(String sql) throws Exception {
        try (Statement statement = parquet.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            ResultComparator.assertSameResults(oracle.execute(sql), ResultReader.read(resultSet), false);
        }
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
        Map<String, Set<String>> before = recentTasksByWorker();
        assertThat(query("SELECT count(*) FROM lineitem WHERE l_quantity > 0")).isEqualTo(List.of(60_175L));
        Map<Integer, Long> tasksPerStage =
                tasksSince(before).stream().collect(Collectors.groupingBy(TaskId::stageId, Collectors.counting()));
        assertThat(tasksPerStage.values()).as("tasks per stage").anySatisfy(count -> assertThat(count)
                .isGreaterThan(1));
    }

    private Map<String, Set<String>> recentTasksByWorker() {
        return cluster.workerUrls().stream()
                .collect(Collectors.toMap(
                        Function.identity(),
                        url -> new HashSet<>(cluster.workerInfo(url).recentTaskIds())));
    }

    private List<TaskId> tasksSince(Map<String, Set<String>> before) {
        List<TaskId> tasks = new ArrayList<>();
        for (String worker : cluster.workerUrls()) {
            for (String taskId : cluster.workerInfo(worker).recentTaskIds()) {
                if (!before.get(worker).contains(taskId)) {
                    tasks.add(TaskId.parse(taskId));
                }
            }
        }
        return tasks;
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
        assertThat(query("SELECT id FROM lake.bad.stamps")).isEqualTo(List.of(1));
        SQLException failure = sqlFailure(() -> query("SELECT seen FROM lake.bad.stamps"));
        assertThat(failure.getSQLState()).isEqualTo("0A000");
        assertThat(failure.getMessage()).contains("seen", "stamps.parquet");
        assertWorkersStillServe();
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
