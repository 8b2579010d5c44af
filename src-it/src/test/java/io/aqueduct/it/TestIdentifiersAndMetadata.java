package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Identifiers behave as BI tools expect, and DatabaseMetaData describes the tpch catalog. */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestIdentifiersAndMetadata {
    private static final List<String> TPCH_TABLES =
            List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");

    private final AqueductCluster cluster;
    private Connection connection;

    TestIdentifiersAndMetadata(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void connect() throws SQLException {
        connection = cluster.connect();
    }

    @AfterAll
    void disconnect() throws SQLException {
        connection.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT L_ORDERKEY FROM LineItem LIMIT 1", "SELECT l_orderkey FROM lineitem LIMIT 1"})
    void unquotedIdentifiersIgnoreCase(String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.getMetaData().getColumnLabel(1)).isEqualTo("l_orderkey");
            assertThat(resultSet.next()).isTrue();
            // LIMIT without ORDER BY: any order key of tiny (1 to 60,000) will do.
            assertThat(resultSet.getLong(1)).isBetween(1L, 60_000L);
            assertThat(resultSet.next()).isFalse();
        }
    }

    @Test
    void quotedIdentifiersAreExact() throws SQLException {
        SQLException error = sqlFailure(() -> {
            try (Statement statement = connection.createStatement()) {
                statement
                        .executeQuery("SELECT l_orderkey FROM \"LineItem\" LIMIT 1")
                        .close();
            }
        });
        assertThat(error.getSQLState()).isEqualTo("42S02");
        assertThat(error.getMessage()).contains("LineItem");
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT \"l_orderkey\" FROM \"lineitem\" LIMIT 1")) {
            assertThat(resultSet.next()).isTrue();
        }
    }

    @Test
    void productAndIdentifierCasing() throws SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        assertThat(metadata.getDatabaseProductName()).isEqualTo("Aqueduct");
        assertThat(metadata.storesLowerCaseIdentifiers()).isTrue();
        assertThat(metadata.storesUpperCaseIdentifiers()).isFalse();
        assertThat(metadata.getIdentifierQuoteString()).isEqualTo("\"");
    }

    @Test
    void catalogs() throws SQLException {
        try (ResultSet catalogs = connection.getMetaData().getCatalogs()) {
            assertThat(JdbcResults.labels(catalogs)).containsExactly("TABLE_CAT");
            assertThat(JdbcResults.column(catalogs, "TABLE_CAT")).contains("tpch");
        }
    }

    @Test
    void schemasOfTpch() throws SQLException {
        try (ResultSet schemas = connection.getMetaData().getSchemas("tpch", "%")) {
            assertThat(JdbcResults.labels(schemas)).containsExactly("TABLE_SCHEM", "TABLE_CATALOG");
            assertThat(JdbcResults.column(schemas, "TABLE_SCHEM")).contains("tiny", "sf0_1", "sf1", "sf10");
        }
    }

    @Test
    void tablesOfTiny() throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables("tpch", "tiny", "%", null)) {
            assertThat(JdbcResults.labels(tables))
                    .startsWith("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS");
            assertThat(JdbcResults.column(tables, "TABLE_NAME")).containsExactlyInAnyOrderElementsOf(TPCH_TABLES);
        }
    }

    @Test
    void columnsOfLineitem() throws SQLException {
        try (ResultSet columns = connection.getMetaData().getColumns(null, "tiny", "lineitem", "%")) {
            assertThat(JdbcResults.labels(columns)).startsWith(JdbcResults.GET_COLUMNS_LABELS.toArray(String[]::new));
            List<ColumnDescription> actual = new ArrayList<>();
            while (columns.next()) {
                assertThat(columns.getString("TABLE_CAT")).isEqualTo("tpch");
                assertThat(columns.getString("TABLE_SCHEM")).isEqualTo("tiny");
                assertThat(columns.getString("TABLE_NAME")).isEqualTo("lineitem");
                int dataType = columns.getInt("DATA_TYPE");
                actual.add(new ColumnDescription(
                        columns.getInt("ORDINAL_POSITION"),
                        columns.getString("COLUMN_NAME"),
                        dataType,
                        dataType == Types.DECIMAL ? columns.getInt("DECIMAL_DIGITS") : null));
            }
            assertThat(actual)
                    .containsExactly(
                            new ColumnDescription(1, "l_orderkey", Types.BIGINT, null),
                            new ColumnDescription(2, "l_partkey", Types.BIGINT, null),
                            new ColumnDescription(3, "l_suppkey", Types.BIGINT, null),
                            new ColumnDescription(4, "l_linenumber", Types.INTEGER, null),
                            new ColumnDescription(5, "l_quantity", Types.DECIMAL, 2),
                            new ColumnDescription(6, "l_extendedprice", Types.DECIMAL, 2),
                            new ColumnDescription(7, "l_discount", Types.DECIMAL, 2),
                            new ColumnDescription(8, "l_tax", Types.DECIMAL, 2),
                            new ColumnDescription(9, "l_returnflag", Types.VARCHAR, null),
                            new ColumnDescription(10, "l_linestatus", Types.VARCHAR, null),
                            new ColumnDescription(11, "l_shipdate", Types.DATE, null),
                            new ColumnDescription(12, "l_commitdate", Types.DATE, null),
                            new ColumnDescription(13, "l_receiptdate", Types.DATE, null),
                            new ColumnDescription(14, "l_shipinstruct", Types.VARCHAR, null),
                            new ColumnDescription(15, "l_shipmode", Types.VARCHAR, null),
                            new ColumnDescription(16, "l_comment", Types.VARCHAR, null));
        }
    }

    /** One row of {@code getColumns}: position, name, JDBC type and, for DECIMAL, the scale. */
    private record ColumnDescription(int position, String name, int jdbcType, Integer scale) {}

    /** Each result column names the table it reads as it is; a computed one names none ("", as JDBC asks). */
    @Test
    void resultSetMetaDataNamesTheTableOfEachColumn() throws SQLException {
        String sql = "SELECT n.n_name, n.n_nationkey AS k, r_name, count(*) AS c, upper(r_comment) AS u"
                + " FROM nation n JOIN tpch.sf1.region ON n_regionkey = r_regionkey GROUP BY 1, 2, 3, 5";
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            ResultSetMetaData metaData = rows.getMetaData();
            List<String> origins = new ArrayList<>();
            for (int i = 1; i <= metaData.getColumnCount(); i++) {
                origins.add(
                        metaData.getCatalogName(i) + "." + metaData.getSchemaName(i) + "." + metaData.getTableName(i));
            }
            assertThat(origins).containsExactly("tpch.tiny.nation", "tpch.tiny.nation", "tpch.sf1.region", "..", "..");
            assertThat(metaData.getColumnLabel(2)).isEqualTo("k");
        }
    }

    /**
     * Tools call any method of DatabaseMetaData (DBeaver and SchemaCrawler call most): each one answers, a result set
     * reads to its end, and none throws an unchecked exception. Only SQLFeatureNotSupportedException would be allowed.
     */
    @Test
    void everyDatabaseMetaDataMethodAnswers() throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        List<String> failures = new ArrayList<>();
        int called = 0;
        for (Method method : DatabaseMetaData.class.getMethods()) {
            if (method.getName().equals("unwrap")) {
                continue;
            }
            try {
                Object answer = method.invoke(metaData, arguments(method));
                if (answer instanceof ResultSet rows) {
                    try (rows) {
                        while (rows.next()) {
                            rows.getObject(1);
                        }
                    }
                }
                called++;
            } catch (InvocationTargetException e) {
                if (!(e.getCause() instanceof SQLFeatureNotSupportedException)) {
                    failures.add(method.getName() + ": " + e.getCause());
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(failures).isEmpty();
        assertThat(called).isGreaterThan(150);
        assertThat(metaData.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT))
                .isTrue();
        assertThat(metaData.supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT))
                .isFalse();
        assertThat(metaData.ownUpdatesAreVisible(ResultSet.TYPE_FORWARD_ONLY)).isFalse();
    }

    /** Arguments a tool would pass: the tpch orders table where one is named, the first constant of int options. */
    private static Object[] arguments(Method method) {
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        List<String> names = new ArrayList<>(List.of("tpch", "tiny", "orders", "tpch", "tiny", "lineitem"));
        for (int i = 0; i < types.length; i++) {
            if (types[i] == String.class) {
                arguments[i] = names.isEmpty() ? "%" : names.remove(0);
            } else if (types[i] == int.class) {
                arguments[i] = ResultSet.TYPE_FORWARD_ONLY;
            } else if (types[i] == boolean.class) {
                arguments[i] = false;
            } else if (types[i] == Class.class) {
                arguments[i] = DatabaseMetaData.class;
            }
        }
        return arguments;
    }

    /** SHOW and DESCRIBE list what DatabaseMetaData lists, in the session's catalog and schema unless named. */
    @Test
    void showAndDescribeListWhatDatabaseMetaDataLists() throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        assertThat(column(connection, "SHOW CATALOGS", "Catalog"))
                .isEqualTo(column(metaData.getCatalogs(), "TABLE_CAT"))
                .contains("tpch", "skew");
        assertThat(column(connection, "show schemas", "Schema"))
                .isEqualTo(column(metaData.getSchemas(connection.getCatalog(), null), "TABLE_SCHEM"))
                .contains(connection.getSchema());
        assertThat(column(connection, "SHOW TABLES", "Table")).isEqualTo(TPCH_TABLES);
        assertThat(column(connection, "show tables from skew.hot like 'f%'", "Table"))
                .isEqualTo(column(metaData.getTables("skew", "hot", "f%", null), "TABLE_NAME"))
                .isNotEmpty();
        for (String describe :
                List.of("DESCRIBE lineitem", "show columns from tpch.tiny.LineItem", "desc tiny.lineitem")) {
            assertThat(column(connection, describe, "Column"))
                    .as(describe)
                    .isEqualTo(column(metaData.getColumns("tpch", "tiny", "lineitem", null), "COLUMN_NAME"));
            assertThat(column(connection, describe, "Nullable"))
                    .isEqualTo(column(metaData.getColumns("tpch", "tiny", "lineitem", null), "IS_NULLABLE"));
        }
        assertThat(column(connection, "DESCRIBE lineitem", "Type"))
                .contains("BIGINT", "DECIMAL(15, 2)", "DATE", "VARCHAR");
        try (Connection skew = cluster.connect("skew", "hot")) {
            assertThat(column(skew, "SHOW TABLES", "Table"))
                    .isEqualTo(column(metaData.getTables("skew", "hot", "%", null), "TABLE_NAME"));
        }
        // A misspelt name fails rather than listing nothing.
        SQLException noTable = sqlFailure(() -> column(connection, "DESCRIBE lineitems", "Column"));
        assertThat(noTable.getSQLState()).isEqualTo("42S02");
        assertThat(noTable.getMessage()).contains("Table tpch.tiny.lineitems does not exist");
        assertThat(sqlFailure(() -> column(connection, "SHOW TABLES FROM tpch.sf2", "Table"))
                        .getSQLState())
                .isEqualTo("3F000");
        assertThat(sqlFailure(() -> column(connection, "SHOW SCHEMAS FROM tpc", "Schema"))
                        .getMessage())
                .contains("Catalog tpc does not exist");
    }

    private static List<String> column(Connection connection, String sql, String label) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return column(statement.executeQuery(sql), label);
        }
    }

    private static List<String> column(ResultSet rows, String label) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                values.add(rows.getString(label));
            }
        }
        return values;
    }
}
