package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code DatabaseMetaData} through the driver against a coordinator's Avatica endpoint. Metadata and
 * queries over system tables are answered by the coordinator alone, so no worker runs here (its
 * address is one nobody listens on).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestJdbcMetadata {
    private CoordinatorEndpoint endpoint;
    private Connection connection;
    private DatabaseMetaData metadata;

    @BeforeAll
    void start() throws SQLException {
        endpoint = new CoordinatorEndpoint();
        connection = endpoint.connect();
        metadata = connection.getMetaData();
    }

    @AfterAll
    void stop() throws SQLException {
        connection.close();
        endpoint.close();
    }

    @Test
    void typeInfoListsEveryTypeWithEveryColumnFilled() throws SQLException {
        List<String> names = new ArrayList<>();
        List<Integer> codes = new ArrayList<>();
        try (ResultSet rows = metadata.getTypeInfo()) {
            while (rows.next()) {
                names.add(rows.getString("TYPE_NAME"));
                codes.add(rows.getInt("DATA_TYPE"));
                assertThat(rows.getObject("PRECISION")).isNotNull();
                assertThat(rows.getObject("NUM_PREC_RADIX")).isNotNull();
                assertThat(rows.getString("LOCAL_TYPE_NAME")).isEqualTo(rows.getString("TYPE_NAME"));
                assertThat(rows.getShort("NULLABLE")).isEqualTo((short) DatabaseMetaData.typeNullable);
                assertThat(rows.getInt("SQL_DATA_TYPE")).isEqualTo(rows.getInt("DATA_TYPE"));
            }
        }
        assertThat(names).contains("BOOLEAN", "INTEGER", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "VARCHAR");
        assertThat(codes).isSorted();
    }

    @Test
    void columnsReportExactSizes() throws SQLException {
        Map<String, List<Object>> columns = new LinkedHashMap<>();
        try (ResultSet rows = metadata.getColumns("tpch", "tiny", "orders", "%")) {
            while (rows.next()) {
                columns.put(
                        rows.getString("COLUMN_NAME"),
                        List.of(
                                rows.getString("TYPE_NAME"),
                                rows.getInt("COLUMN_SIZE"),
                                String.valueOf(rows.getObject("DECIMAL_DIGITS")),
                                rows.getInt("NULLABLE"),
                                rows.getString("IS_NULLABLE")));
            }
        }
        assertThat(columns.get("o_totalprice")).isEqualTo(List.of("DECIMAL", 15, "2", 1, "YES"));
        assertThat(columns.get("o_orderkey")).isEqualTo(List.of("BIGINT", 19, "0", 0, "NO"));
        assertThat(columns.get("o_orderdate")).isEqualTo(List.of("DATE", 10, "null", 1, "YES"));
        // The same sizes as the result set of a query over the table says.
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT o_totalprice, o_orderdate FROM tpch.tiny.orders")) {
            ResultSetMetaData query = statement.getMetaData();
            assertThat(query.getPrecision(1)).isEqualTo(15);
            assertThat(query.getScale(1)).isEqualTo(2);
            assertThat(query.getColumnTypeName(2)).isEqualTo("DATE");
        }
    }

    /** What a tool shows of the product (the rest of DBeaver's sequence is in the conformance probe, src-it). */
    @Test
    void productAndVersionsAreNamed() throws SQLException {
        assertThat(metadata.getDatabaseProductName()).isEqualTo("Aqueduct");
        assertThat(metadata.getDatabaseProductVersion()).isEqualTo(CoordinatorEndpoint.VERSION);
        assertThat(metadata.getDriverVersion()).doesNotContain("unknown");
        assertThat(column(metadata.getCatalogs(), "TABLE_CAT")).contains("tpch", "system");
        assertThat(column(metadata.getSchemas(), "TABLE_SCHEM")).contains("tiny", "sys", "information_schema");
        assertThat(column(metadata.getTableTypes(), "TABLE_TYPE")).containsExactly("SYSTEM TABLE", "TABLE");
    }

    @Test
    void primaryKeysAreTheConnectorsUniqueKeys() throws SQLException {
        List<String> keys = new ArrayList<>();
        try (ResultSet rows = metadata.getPrimaryKeys("tpch", "tiny", "lineitem")) {
            while (rows.next()) {
                keys.add(rows.getString("TABLE_CAT") + "." + rows.getString("TABLE_SCHEM") + "."
                        + rows.getString("TABLE_NAME") + "." + rows.getString("COLUMN_NAME") + " "
                        + rows.getShort("KEY_SEQ") + " " + rows.getString("PK_NAME"));
            }
        }
        // Ordered by column name; KEY_SEQ is the position in the key (l_orderkey, l_linenumber).
        assertThat(keys)
                .containsExactly(
                        "tpch.tiny.lineitem.l_linenumber 2 lineitem_pk", "tpch.tiny.lineitem.l_orderkey 1 lineitem_pk");
        assertThat(column(metadata.getPrimaryKeys("tpch", "no_such_schema", "lineitem"), "COLUMN_NAME"))
                .isEmpty();
        assertThat(column(metadata.getPrimaryKeys(null, null, "settings"), "COLUMN_NAME"))
                .isEmpty();
    }

    @Test
    void informationSchemaIsQueryableWithPlainSql() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            List<String> tables = column(
                    statement.executeQuery("SELECT t.table_name FROM information_schema.tables t"
                            + " JOIN information_schema.schemata s"
                            + " ON s.catalog_name = t.table_catalog AND s.schema_name = t.table_schema"
                            + " WHERE t.table_catalog = 'tpch' AND t.table_schema = 'tiny' ORDER BY t.table_name"),
                    "table_name");
            assertThat(tables)
                    .isSorted()
                    .contains("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");
            assertThat(tables).isEqualTo(column(metadata.getTables("tpch", "tiny", "%", null), "TABLE_NAME"));
            List<String> columns = column(
                    statement.executeQuery("SELECT column_name FROM information_schema.columns"
                            + " WHERE table_catalog = 'tpch' AND table_schema = 'tiny' AND table_name = 'nation'"
                            + " ORDER BY ordinal_position"),
                    "column_name");
            assertThat(columns).containsExactly("n_nationkey", "n_name", "n_regionkey", "n_comment");
            List<String> systemSchemas = column(
                    statement.executeQuery("SELECT DISTINCT table_schema FROM information_schema.tables"
                            + " WHERE table_catalog = 'system' ORDER BY table_schema"),
                    "table_schema");
            assertThat(systemSchemas).containsExactly("information_schema", "sys");
        }
    }

    /** Queries over system tables run on the coordinator (there is no worker here) and register nothing. */
    @Test
    void systemQueriesAreAnsweredOnTheCoordinatorWithoutBeingRegistered() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            assertThat(column(statement.executeQuery("SELECT name FROM sys.settings"), "name"))
                    .isNotEmpty();
            assertThat(column(statement.executeQuery("SELECT query_id FROM sys.queries"), "query_id"))
                    .isEmpty();
        }
    }

    @Test
    void resultsAndUpdateCountsFollowTheJavadoc() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            assertThat(statement.execute("SELECT name FROM sys.settings")).isTrue();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);
            ResultSet first = statement.getResultSet();
            assertThat(first).isNotNull();
            assertThat(statement.getMoreResults()).isFalse();
            assertThat(first.isClosed()).isTrue();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);

            assertThat(statement.execute("SET distributed.skew_factor = 3")).isFalse();
            assertThat(statement.getUpdateCount()).isEqualTo(0);
            assertThat(statement.getMoreResults()).isFalse();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);

            assertThat(statement.executeUpdate("RESET distributed.skew_factor")).isEqualTo(0);
            assertThat(statement.getLargeUpdateCount()).isEqualTo(0);
        }
    }

    private static List<String> column(ResultSet rows, String name) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                values.add(rows.getString(name));
            }
        }
        return values;
    }
}
