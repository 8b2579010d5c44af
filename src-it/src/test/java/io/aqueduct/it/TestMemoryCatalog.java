package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The writable {@code memory} catalog through JDBC on real workers: DDL and DML round trips whose answers and update
 * counts are DuckDB's for the same statements (DuckDB's own catalog is also called {@code memory}, and the TPC-H
 * tables are named {@code tpch.tiny.*} there too), metadata that sees new tables at once, concurrent sessions,
 * writes to read-only catalogs.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestMemoryCatalog {
    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection connection;

    TestMemoryCatalog(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
        oracle.nameTpchTablesAs("tiny");
        connection = cluster.connect();
    }

    @AfterAll
    void close() throws SQLException {
        connection.close();
        oracle.close();
    }

    @Test
    void createInsertSelectAndDropGiveDuckDbsCountsAndRows() throws SQLException {
        List<String> statements = List.of(
                "CREATE SCHEMA memory.shop",
                "CREATE SCHEMA IF NOT EXISTS memory.shop",
                "CREATE TABLE memory.shop.items (id INTEGER NOT NULL, name VARCHAR(25), price DECIMAL(12, 2),"
                        + " added DATE, score DOUBLE, big BIGINT, flag BOOLEAN)",
                "CREATE TABLE IF NOT EXISTS memory.shop.items (id INTEGER)",
                "INSERT INTO memory.shop.items VALUES (1, 'apple', 1.25, DATE '2024-01-02', 0.5, 10, TRUE),"
                        + " (2, 'pear', 2.50, DATE '2024-02-03', NULL, 20, FALSE), (3, NULL, NULL, NULL, 1.5, NULL, NULL)",
                "INSERT INTO memory.shop.items (name, id) VALUES ('plum', 4)",
                "INSERT INTO memory.shop.items SELECT n_nationkey + 100, n_name, n_nationkey * 1.5, DATE '2023-12-31',"
                        + " n_regionkey / 3.0, n_regionkey, n_nationkey > 10 FROM tpch.tiny.nation",
                "CREATE TABLE memory.shop.big_orders AS SELECT o_orderkey, o_custkey, o_totalprice, o_orderdate,"
                        + " o_orderpriority FROM tpch.tiny.orders WHERE o_totalprice > 100000",
                "INSERT INTO memory.shop.big_orders SELECT o_orderkey, o_custkey, o_totalprice, o_orderdate,"
                        + " o_orderpriority FROM tpch.tiny.orders WHERE o_totalprice < 2000");
        for (String sql : statements) {
            assertSameUpdateCountAsDuckDb(sql);
        }
        List<String> queries = List.of(
                "SELECT * FROM memory.shop.items ORDER BY id",
                "SELECT COUNT(*), SUM(price), MIN(added), MAX(name), AVG(score), COUNT(flag) FROM memory.shop.items",
                "SELECT o_orderpriority, COUNT(*), SUM(o_totalprice) FROM memory.shop.big_orders"
                        + " GROUP BY o_orderpriority ORDER BY 1",
                "SELECT i.name, COUNT(*) FROM memory.shop.items i JOIN memory.shop.big_orders o"
                        + " ON o.o_custkey % 25 = i.id - 100 GROUP BY i.name ORDER BY 1",
                "SELECT c.c_name, o.o_totalprice FROM memory.shop.big_orders o JOIN tpch.tiny.customer c"
                        + " ON o.o_custkey = c.c_custkey WHERE o.o_totalprice > 400000 ORDER BY 2, 1");
        for (String sql : queries) {
            assertSameAsDuckDb(sql);
        }
        for (String sql : List.of(
                "DROP TABLE memory.shop.items",
                "DROP TABLE IF EXISTS memory.shop.items",
                "DROP TABLE memory.shop.big_orders",
                "DROP SCHEMA memory.shop",
                "DROP SCHEMA IF EXISTS memory.shop")) {
            assertSameUpdateCountAsDuckDb(sql);
        }
        assertThat(sqlFailure(() -> query("SELECT * FROM memory.shop.items")).getSQLState())
                .isIn("42S02", "3F000", "42000");
    }

    @Test
    void aTableOfEveryWorkersRowsIsScannedByEveryWorkerWithItsStatistics() throws SQLException {
        assertSameUpdateCountAsDuckDb("CREATE SCHEMA memory.spread");
        long written =
                assertSameUpdateCountAsDuckDb("CREATE TABLE memory.spread.lines AS SELECT * FROM tpch.tiny.lineitem");
        assertThat(written)
                .isEqualTo(oracle.query("SELECT COUNT(*) FROM lineitem").get(0).get(0));
        assertSameAsDuckDb("SELECT l_returnflag, l_linestatus, SUM(l_quantity), SUM(l_extendedprice), COUNT(*)"
                + " FROM memory.spread.lines GROUP BY l_returnflag, l_linestatus ORDER BY 1, 2");
        assertSameAsDuckDb("SELECT COUNT(*), SUM(l_orderkey) FROM memory.spread.lines WHERE l_quantity > 10");
        try (Statement statement = connection.createStatement();
                ResultSet tasks = statement.executeQuery("SELECT COUNT(DISTINCT worker) FROM sys.tasks"
                        + " WHERE query_id = (SELECT MAX(query_id) FROM sys.queries"
                        + " WHERE \"sql\" LIKE 'CREATE TABLE memory.spread%')")) {
            assertThat(tasks.next()).isTrue();
            assertThat(tasks.getLong(1))
                    .as("workers that ran the write's tasks")
                    .isEqualTo(cluster.workerUrls().size());
        }
        assertSameUpdateCountAsDuckDb("DROP TABLE memory.spread.lines");
        assertSameUpdateCountAsDuckDb("DROP SCHEMA memory.spread");
    }

    @Test
    void newTablesAppearInDatabaseMetaDataAndInformationSchemaAtOnce() throws SQLException {
        executeUpdate("CREATE SCHEMA memory.meta");
        executeUpdate("CREATE TABLE memory.meta.t (k BIGINT NOT NULL, v VARCHAR)");
        DatabaseMetaData metadata = connection.getMetaData();
        try (ResultSet tables = metadata.getTables("memory", "meta", "%", null)) {
            assertThat(tables.next()).isTrue();
            assertThat(tables.getString("TABLE_NAME")).isEqualTo("t");
        }
        try (ResultSet columns = metadata.getColumns("memory", "meta", "t", "%")) {
            List<String> names = new ArrayList<>();
            while (columns.next()) {
                names.add(columns.getString("COLUMN_NAME") + " " + columns.getString("TYPE_NAME"));
            }
            assertThat(names).containsExactly("k BIGINT", "v VARCHAR");
        }
        assertThat(query("SELECT table_name FROM information_schema.tables"
                        + " WHERE table_catalog = 'memory' AND table_schema = 'meta'"))
                .containsExactly(List.of("t"));
        executeUpdate("DROP TABLE memory.meta.t");
        try (ResultSet tables = metadata.getTables("memory", "meta", "%", null)) {
            assertThat(tables.next()).isFalse();
        }
        executeUpdate("DROP SCHEMA memory.meta");
    }

    @Test
    void concurrentSessionsCreateAndFillTablesAndShareOne() throws Exception {
        executeUpdate("CREATE SCHEMA memory.busy");
        executeUpdate("CREATE TABLE memory.busy.shared (session INTEGER, n BIGINT)");
        int sessions = 4;
        ExecutorService pool = Executors.newFixedThreadPool(sessions);
        try {
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < sessions; i++) {
                int session = i;
                Callable<Long> work = () -> {
                    try (Connection own = cluster.connect();
                            Statement statement = own.createStatement()) {
                        String table = "memory.busy.own_" + session;
                        statement.executeUpdate("CREATE TABLE " + table
                                + " AS SELECT * FROM tpch.tiny.customer WHERE c_custkey % 4 = " + session);
                        long inserted = statement.executeUpdate(
                                "INSERT INTO memory.busy.shared SELECT " + session + ", c_custkey FROM " + table);
                        try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
                            count.next();
                            assertThat(count.getLong(1)).isEqualTo(inserted);
                        }
                        return inserted;
                    }
                };
                results.add(pool.submit(work));
            }
            long total = 0;
            for (Future<Long> result : results) {
                total += result.get();
            }
            assertThat(total)
                    .isEqualTo(
                            oracle.query("SELECT COUNT(*) FROM customer").get(0).get(0));
            assertThat(query("SELECT COUNT(*), COUNT(DISTINCT session), SUM(n) FROM memory.busy.shared"))
                    .isEqualTo(oracle.query("SELECT COUNT(*), 4, SUM(c_custkey) FROM customer"));
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < sessions; i++) {
            executeUpdate("DROP TABLE memory.busy.own_" + i);
        }
        executeUpdate("DROP TABLE memory.busy.shared");
        executeUpdate("DROP SCHEMA memory.busy");
    }

    @Test
    void writesToReadOnlyCatalogsAndBadWritesFailClearly() throws SQLException {
        for (String sql : List.of(
                "INSERT INTO tpch.tiny.nation VALUES (99, 'X', 1, 'y')",
                "CREATE TABLE tpch.tiny.mine (a INTEGER)",
                "CREATE SCHEMA tpch.mine",
                "DROP TABLE tpch.tiny.nation")) {
            SQLException failure = sqlFailure(() -> executeUpdate(sql));
            assertThat(failure.getSQLState()).as(sql).isEqualTo("0A000");
            assertThat(failure.getMessage()).as(sql).contains("read-only");
        }
        executeUpdate("CREATE SCHEMA memory.strict");
        executeUpdate("CREATE TABLE memory.strict.t (a INTEGER NOT NULL, b VARCHAR)");
        assertThat(sqlFailure(() -> executeUpdate("INSERT INTO memory.strict.t VALUES (NULL, 'x')"))
                        .getSQLState())
                .isEqualTo("23502");
        assertThat(sqlFailure(() -> executeUpdate("INSERT INTO memory.strict.t (b) VALUES ('x')"))
                        .getSQLState())
                .isEqualTo("23502");
        assertThat(sqlFailure(() -> executeUpdate("CREATE TABLE memory.strict.t (a INTEGER)"))
                        .getSQLState())
                .isEqualTo("42S01");
        assertThat(sqlFailure(() -> executeUpdate("INSERT INTO memory.strict.t VALUES (1, 'x', 3)"))
                        .getSQLState())
                .isEqualTo("42000");
        assertThat(sqlFailure(() -> executeUpdate("INSERT INTO memory.strict.nope VALUES (1)"))
                        .getSQLState())
                .isEqualTo("42S02");
        assertThat(sqlFailure(() -> executeUpdate("DROP SCHEMA memory.strict")).getSQLState())
                .isEqualTo("42000");
        // The failed inserts stored nothing.
        assertThat(query("SELECT COUNT(*) FROM memory.strict.t")).containsExactly(List.of(0L));
        executeUpdate("DROP TABLE memory.strict.t");
        executeUpdate("DROP SCHEMA memory.strict");
    }

    /**
     * Runs {@code sql} on both and returns Aqueduct's update count, which must be DuckDB's; DuckDB's driver answers
     * -1 for DDL where JDBC says 0.
     */
    private long assertSameUpdateCountAsDuckDb(String sql) throws SQLException {
        long expected = Math.max(0, oracle.update(sql));
        long actual = executeUpdate(sql);
        assertThat(actual).as(sql).isEqualTo(expected);
        return actual;
    }

    private long executeUpdate(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    private List<List<Object>> query(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return ResultReader.read(resultSet).rows();
        }
    }

    private void assertSameAsDuckDb(String sql) throws SQLException {
        QueryResult expected = oracle.execute(sql);
        List<List<Object>> actual = query(sql);
        ResultComparator.assertSameRows(expected.rows(), actual, true);
    }
}
