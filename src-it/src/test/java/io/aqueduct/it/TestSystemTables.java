package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code sys} schema through JDBC: its rows by plain SQL, and its tables in DatabaseMetaData. */
@ExtendWith(SharedCluster.class)
class TestSystemTables {
    private static final Map<String, List<ColumnDescription>> COLUMNS = Map.of(
            "settings",
            List.of(
                    new ColumnDescription(1, "name", Types.VARCHAR),
                    new ColumnDescription(2, "value", Types.VARCHAR),
                    new ColumnDescription(3, "default_value", Types.VARCHAR),
                    new ColumnDescription(4, "kind", Types.VARCHAR),
                    new ColumnDescription(5, "description", Types.VARCHAR)),
            "workers",
            List.of(
                    new ColumnDescription(1, "worker_url", Types.VARCHAR),
                    new ColumnDescription(2, "state", Types.VARCHAR),
                    new ColumnDescription(3, "pid", Types.BIGINT),
                    new ColumnDescription(4, "cores", Types.INTEGER),
                    new ColumnDescription(5, "running_tasks", Types.INTEGER),
                    new ColumnDescription(6, "allocated_bytes", Types.BIGINT),
                    new ColumnDescription(7, "peak_allocated_bytes", Types.BIGINT),
                    new ColumnDescription(8, "memory_limit_bytes", Types.BIGINT),
                    new ColumnDescription(9, "split_cache_bytes", Types.BIGINT),
                    new ColumnDescription(10, "split_cache_capacity_bytes", Types.BIGINT),
                    new ColumnDescription(11, "heap_used_bytes", Types.BIGINT),
                    new ColumnDescription(12, "heap_peak_bytes", Types.BIGINT),
                    new ColumnDescription(13, "heap_max_bytes", Types.BIGINT)));

    private final AqueductCluster cluster;
    private Connection connection;

    TestSystemTables(AqueductCluster cluster) {
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
    void settingsHoldEverySettingWithTheSessionValue() throws SQLException {
        Map<String, String> shown = pairs("SHOW SETTINGS");
        Map<String, String> before = pairs("SELECT name, value FROM sys.settings");

        assertThat(before).containsAllEntriesOf(shown).hasSameSizeAs(shown);
        assertThat(before).containsEntry("distributed.buckets_per_task", "4");

        execute("SET distributed.buckets_per_task = 8");

        Map<String, String> after = pairs("SELECT name, value FROM sys.settings");
        assertThat(after).containsEntry("distributed.buckets_per_task", "8").hasSameSizeAs(shown);
        try (Connection other = cluster.connect()) {
            assertThat(pairs(other, "SELECT name, value FROM sys.settings"))
                    .containsEntry("distributed.buckets_per_task", "4");
        }
    }

    @Test
    void preparedQueryTakesASnapshotOnEveryExecution() throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT value, default_value FROM sys.settings WHERE name = ?")) {
            statement.setString(1, "distributed.skew_factor");
            assertThat(rows(statement)).containsExactly(List.of("5", "5"));

            execute("SET distributed.skew_factor = 7");

            assertThat(rows(statement)).containsExactly(List.of("7", "5"));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM system.sys.settings",
                "SELECT * FROM SYSTEM.SYS.SETTINGS",
                "SELECT * FROM sys.settings",
                "SELECT * FROM \"system\".\"sys\".\"settings\""
            })
    void twoAndThreePartNames(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(JdbcResults.labels(resultSet))
                    .containsExactly("name", "value", "default_value", "kind", "description");
            List<String> kinds = new ArrayList<>();
            while (resultSet.next()) {
                kinds.add(resultSet.getString("kind"));
            }
            assertThat(kinds).hasSameSizeAs(pairs("SHOW SETTINGS").keySet()).contains("BOOLEAN", "INTEGER", "BYTES");
        }
    }

    @Test
    void workersAreActive() throws SQLException {
        List<List<Object>> rows = rows(
                "SELECT worker_url, state, pid, cores, running_tasks, allocated_bytes FROM sys.workers ORDER BY worker_url");

        List<List<Object>> expected = new ArrayList<>();
        for (String url : cluster.workerUrls().stream().sorted().toList()) {
            int cores = cluster.workerInfo(url).processors();
            // The workers are idle between tests, and the snapshot is taken before this query's tasks start.
            expected.add(List.of(url, "ACTIVE", cluster.workerPid(url), cores, 0, 0L));
        }
        assertThat(rows).isEqualTo(expected);
    }

    /** After a query the workers' peaks include its tasks; every figure stays within its bound. */
    @Test
    void workersReportTheirMemoryWithinItsBounds() throws SQLException {
        rows("SELECT count(*), sum(l_quantity) FROM tpch.tiny.lineitem");
        List<List<Object>> workers = rows("SELECT peak_allocated_bytes, memory_limit_bytes, split_cache_bytes,"
                + " split_cache_capacity_bytes, heap_peak_bytes, heap_max_bytes FROM sys.workers");
        assertThat(workers).hasSize(cluster.workerUrls().size());
        for (List<Object> worker : workers) {
            long taskPeak = (Long) worker.get(0);
            long arrowLimit = (Long) worker.get(1);
            long splitCache = (Long) worker.get(2);
            long splitCacheCapacity = (Long) worker.get(3);
            assertThat(taskPeak).as("task peak").isPositive().isLessThanOrEqualTo(arrowLimit);
            assertThat(splitCacheCapacity).as("split cache bound").isPositive().isLessThan(arrowLimit);
            assertThat(splitCache).as("split cache").isBetween(0L, splitCacheCapacity);
            assertThat((Long) worker.get(4)).as("heap peak").isPositive();
            assertThat((Long) worker.get(5)).as("heap max").isPositive();
        }
    }

    @Test
    void joinsWithTpch() throws SQLException {
        String sql =
                "SELECT s.value, n.n_name FROM sys.settings s JOIN nation n ON s.value = CAST(n.n_nationkey AS VARCHAR)"
                        + " WHERE s.name = 'distributed.buckets_per_task'";
        assertThat(rows(sql)).containsExactly(List.of("4", "EGYPT"));

        execute("SET distributed.buckets_per_task = 8");

        assertThat(rows(sql)).containsExactly(List.of("8", "INDIA"));
    }

    @Test
    void aggregatesOverASystemTable() throws SQLException {
        assertThat(rows("SELECT count(*), count(DISTINCT kind) FROM sys.settings WHERE name LIKE 'distributed.%'"))
                .containsExactly(List.of(
                        pairs("SHOW SETTINGS").keySet().stream()
                                .filter(name -> name.startsWith("distributed."))
                                .count(),
                        3L));
    }

    @Test
    void unknownSystemTable() {
        SQLException error = sqlFailure(() -> rows("SELECT * FROM sys.no_such_table"));

        assertThat(error.getSQLState()).isEqualTo("42S02");
        assertThat(error.getMessage()).contains("no_such_table").contains("line 1, column 15");
    }

    @Test
    void catalogsAndSchemas() throws SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        try (ResultSet catalogs = metadata.getCatalogs()) {
            assertThat(JdbcResults.column(catalogs, "TABLE_CAT")).contains("tpch", "system");
        }
        try (ResultSet schemas = metadata.getSchemas()) {
            assertThat(JdbcResults.labels(schemas)).containsExactly("TABLE_SCHEM", "TABLE_CATALOG");
            List<String> qualified = new ArrayList<>();
            while (schemas.next()) {
                qualified.add(schemas.getString("TABLE_CATALOG") + "." + schemas.getString("TABLE_SCHEM"));
            }
            assertThat(qualified).contains("system.sys", "tpch.tiny");
        }
        try (ResultSet schemas = metadata.getSchemas("system", "%")) {
            assertThat(JdbcResults.column(schemas, "TABLE_SCHEM")).containsExactly("information_schema", "sys");
        }
    }

    @Test
    void tablesOfSys() throws SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        try (ResultSet tables = metadata.getTables(null, "sys", "%", null)) {
            assertThat(JdbcResults.labels(tables))
                    .startsWith("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS");
            List<List<String>> rows = new ArrayList<>();
            while (tables.next()) {
                rows.add(List.of(
                        tables.getString("TABLE_CAT"),
                        tables.getString("TABLE_SCHEM"),
                        tables.getString("TABLE_NAME"),
                        tables.getString("TABLE_TYPE")));
            }
            assertThat(rows)
                    .contains(
                            List.of("system", "sys", "settings", "SYSTEM TABLE"),
                            List.of("system", "sys", "workers", "SYSTEM TABLE"))
                    .allSatisfy(row -> assertThat(row.subList(0, 2)).containsExactly("system", "sys"));
        }
        try (ResultSet tables = metadata.getTables(null, "%", "%", new String[] {"TABLE"})) {
            assertThat(JdbcResults.column(tables, "TABLE_NAME"))
                    .contains("lineitem")
                    .doesNotContain("settings", "workers");
        }
        try (ResultSet types = metadata.getTableTypes()) {
            assertThat(JdbcResults.column(types, "TABLE_TYPE")).contains("SYSTEM TABLE", "TABLE");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"settings", "workers"})
    void columnsOfSysTables(String table) throws SQLException {
        try (ResultSet columns = connection.getMetaData().getColumns(null, "sys", table, "%")) {
            assertThat(JdbcResults.labels(columns)).startsWith(JdbcResults.GET_COLUMNS_LABELS.toArray(String[]::new));
            List<ColumnDescription> actual = new ArrayList<>();
            while (columns.next()) {
                assertThat(columns.getString("TABLE_CAT")).isEqualTo("system");
                assertThat(columns.getString("TABLE_SCHEM")).isEqualTo("sys");
                assertThat(columns.getString("TABLE_NAME")).isEqualTo(table);
                actual.add(new ColumnDescription(
                        columns.getInt("ORDINAL_POSITION"),
                        columns.getString("COLUMN_NAME"),
                        columns.getInt("DATA_TYPE")));
            }
            assertThat(actual).isEqualTo(COLUMNS.get(table));
        }
        // The query's own result columns agree with the metadata.
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT * FROM sys." + table + " WHERE 1 = 0")) {
            ResultSetMetaData metadata = resultSet.getMetaData();
            List<ColumnDescription> actual = new ArrayList<>();
            for (int column = 1; column <= metadata.getColumnCount(); column++) {
                actual.add(
                        new ColumnDescription(column, metadata.getColumnLabel(column), metadata.getColumnType(column)));
            }
            assertThat(actual).isEqualTo(COLUMNS.get(table));
        }
    }

    /** information_schema lists what DatabaseMetaData lists, for every catalog, and SQL filters and joins it. */
    @Test
    void informationSchemaAgreesWithDatabaseMetaData() throws SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        List<String> fromMetadata = new ArrayList<>();
        try (ResultSet tables = metadata.getTables(null, null, "%", null)) {
            while (tables.next()) {
                fromMetadata.add(tables.getString("TABLE_CAT") + "." + tables.getString("TABLE_SCHEM") + "."
                        + tables.getString("TABLE_NAME"));
            }
        }
        List<String> fromSql = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet tables = statement.executeQuery(
                        "SELECT table_catalog || '.' || table_schema || '.' || table_name AS name"
                                + " FROM information_schema.tables")) {
            while (tables.next()) {
                fromSql.add(tables.getString("name"));
            }
        }
        assertThat(fromSql)
                .containsExactlyInAnyOrderElementsOf(fromMetadata)
                .contains("tpch.tiny.lineitem", "system.sys.queries", "system.information_schema.columns");

        List<String> columns = new ArrayList<>();
        try (ResultSet rows = metadata.getColumns("tpch", "tiny", "lineitem", "%")) {
            while (rows.next()) {
                columns.add(rows.getString("COLUMN_NAME") + " " + rows.getString("TYPE_NAME") + " "
                        + rows.getInt("COLUMN_SIZE"));
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT c.column_name, c.data_type,"
                        + " COALESCE(c.numeric_precision, c.character_maximum_length, 10) AS size"
                        + " FROM information_schema.columns c JOIN information_schema.tables t"
                        + " ON t.table_catalog = c.table_catalog AND t.table_schema = c.table_schema"
                        + " AND t.table_name = c.table_name"
                        + " WHERE t.table_type = 'BASE TABLE' AND c.table_catalog = 'tpch'"
                        + " AND c.table_schema = 'tiny' AND c.table_name = 'lineitem'"
                        + " ORDER BY c.ordinal_position")) {
            List<String> fromInformationSchema = new ArrayList<>();
            while (rows.next()) {
                fromInformationSchema.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getInt(3));
            }
            assertThat(fromInformationSchema).isEqualTo(columns);
        }
        // Joined with a connector's table, the query runs on the workers.
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM information_schema.columns c"
                        + " JOIN tpch.tiny.nation n ON c.ordinal_position = n.n_nationkey"
                        + " WHERE c.table_name = 'nation' AND c.table_schema = 'tiny' AND c.table_catalog = 'tpch'")) {
            assertThat(rows.next()).isTrue();
            // Nation's columns are at positions 1 to 4; nation keys run from 0 to 24.
            assertThat(rows.getLong(1)).isEqualTo(4);
        }
    }

    /** One row of {@code getColumns}: position, name and JDBC type. */
    private record ColumnDescription(int position, String name, int jdbcType) {}

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private Map<String, String> pairs(String sql) throws SQLException {
        return pairs(connection, sql);
    }

    /** The first two columns of every row, as a map in row order. */
    private static Map<String, String> pairs(Connection connection, String sql) throws SQLException {
        Map<String, String> pairs = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            while (resultSet.next()) {
                assertThat(pairs.put(resultSet.getString(1), resultSet.getString(2)))
                        .as("duplicate name %s", resultSet.getString(1))
                        .isNull();
            }
        }
        return pairs;
    }

    private List<List<Object>> rows(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return rows(resultSet);
        }
    }

    private static List<List<Object>> rows(PreparedStatement statement) throws SQLException {
        try (ResultSet resultSet = statement.executeQuery()) {
            return rows(resultSet);
        }
    }

    private static List<List<Object>> rows(ResultSet resultSet) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        int columns = resultSet.getMetaData().getColumnCount();
        while (resultSet.next()) {
            List<Object> row = new ArrayList<>();
            for (int column = 1; column <= columns; column++) {
                row.add(resultSet.getObject(column));
            }
            rows.add(row);
        }
        return rows;
    }
}
