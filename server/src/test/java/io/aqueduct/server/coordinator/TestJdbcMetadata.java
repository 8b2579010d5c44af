package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

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

    /** Each method's columns as the JDBC 4.3 javadoc lists them: name and {@link Types} code. */
    private static Map<String, List<String>> javadocLayouts() {
        Map<String, List<String>> layouts = new LinkedHashMap<>();
        layouts.put("getCatalogs", List.of("TABLE_CAT:VARCHAR"));
        layouts.put("getSchemas", List.of("TABLE_SCHEM:VARCHAR", "TABLE_CATALOG:VARCHAR"));
        layouts.put("getTableTypes", List.of("TABLE_TYPE:VARCHAR"));
        layouts.put(
                "getTables",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "TABLE_TYPE:VARCHAR",
                        "REMARKS:VARCHAR",
                        "TYPE_CAT:VARCHAR",
                        "TYPE_SCHEM:VARCHAR",
                        "TYPE_NAME:VARCHAR",
                        "SELF_REFERENCING_COL_NAME:VARCHAR",
                        "REF_GENERATION:VARCHAR"));
        layouts.put(
                "getColumns",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "DATA_TYPE:INTEGER",
                        "TYPE_NAME:VARCHAR",
                        "COLUMN_SIZE:INTEGER",
                        "BUFFER_LENGTH:INTEGER",
                        "DECIMAL_DIGITS:INTEGER",
                        "NUM_PREC_RADIX:INTEGER",
                        "NULLABLE:INTEGER",
                        "REMARKS:VARCHAR",
                        "COLUMN_DEF:VARCHAR",
                        "SQL_DATA_TYPE:INTEGER",
                        "SQL_DATETIME_SUB:INTEGER",
                        "CHAR_OCTET_LENGTH:INTEGER",
                        "ORDINAL_POSITION:INTEGER",
                        "IS_NULLABLE:VARCHAR",
                        "SCOPE_CATALOG:VARCHAR",
                        "SCOPE_SCHEMA:VARCHAR",
                        "SCOPE_TABLE:VARCHAR",
                        "SOURCE_DATA_TYPE:SMALLINT",
                        "IS_AUTOINCREMENT:VARCHAR",
                        "IS_GENERATEDCOLUMN:VARCHAR"));
        layouts.put(
                "getTypeInfo",
                List.of(
                        "TYPE_NAME:VARCHAR",
                        "DATA_TYPE:INTEGER",
                        "PRECISION:INTEGER",
                        "LITERAL_PREFIX:VARCHAR",
                        "LITERAL_SUFFIX:VARCHAR",
                        "CREATE_PARAMS:VARCHAR",
                        "NULLABLE:SMALLINT",
                        "CASE_SENSITIVE:BOOLEAN",
                        "SEARCHABLE:SMALLINT",
                        "UNSIGNED_ATTRIBUTE:BOOLEAN",
                        "FIXED_PREC_SCALE:BOOLEAN",
                        "AUTO_INCREMENT:BOOLEAN",
                        "LOCAL_TYPE_NAME:VARCHAR",
                        "MINIMUM_SCALE:SMALLINT",
                        "MAXIMUM_SCALE:SMALLINT",
                        "SQL_DATA_TYPE:INTEGER",
                        "SQL_DATETIME_SUB:INTEGER",
                        "NUM_PREC_RADIX:INTEGER"));
        layouts.put(
                "getProcedures",
                List.of(
                        "PROCEDURE_CAT:VARCHAR",
                        "PROCEDURE_SCHEM:VARCHAR",
                        "PROCEDURE_NAME:VARCHAR",
                        "RESERVED1:VARCHAR",
                        "RESERVED2:VARCHAR",
                        "RESERVED3:VARCHAR",
                        "REMARKS:VARCHAR",
                        "PROCEDURE_TYPE:SMALLINT",
                        "SPECIFIC_NAME:VARCHAR"));
        layouts.put(
                "getProcedureColumns",
                List.of(
                        "PROCEDURE_CAT:VARCHAR",
                        "PROCEDURE_SCHEM:VARCHAR",
                        "PROCEDURE_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "COLUMN_TYPE:SMALLINT",
                        "DATA_TYPE:INTEGER",
                        "TYPE_NAME:VARCHAR",
                        "PRECISION:INTEGER",
                        "LENGTH:INTEGER",
                        "SCALE:SMALLINT",
                        "RADIX:SMALLINT",
                        "NULLABLE:SMALLINT",
                        "REMARKS:VARCHAR",
                        "COLUMN_DEF:VARCHAR",
                        "SQL_DATA_TYPE:INTEGER",
                        "SQL_DATETIME_SUB:INTEGER",
                        "CHAR_OCTET_LENGTH:INTEGER",
                        "ORDINAL_POSITION:INTEGER",
                        "IS_NULLABLE:VARCHAR",
                        "SPECIFIC_NAME:VARCHAR"));
        layouts.put(
                "getTablePrivileges",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "GRANTOR:VARCHAR",
                        "GRANTEE:VARCHAR",
                        "PRIVILEGE:VARCHAR",
                        "IS_GRANTABLE:VARCHAR"));
        layouts.put(
                "getColumnPrivileges",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "GRANTOR:VARCHAR",
                        "GRANTEE:VARCHAR",
                        "PRIVILEGE:VARCHAR",
                        "IS_GRANTABLE:VARCHAR"));
        List<String> rowIdentifier = List.of(
                "SCOPE:SMALLINT",
                "COLUMN_NAME:VARCHAR",
                "DATA_TYPE:INTEGER",
                "TYPE_NAME:VARCHAR",
                "COLUMN_SIZE:INTEGER",
                "BUFFER_LENGTH:INTEGER",
                "DECIMAL_DIGITS:SMALLINT",
                "PSEUDO_COLUMN:SMALLINT");
        layouts.put("getBestRowIdentifier", rowIdentifier);
        layouts.put("getVersionColumns", rowIdentifier);
        layouts.put(
                "getPrimaryKeys",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "KEY_SEQ:SMALLINT",
                        "PK_NAME:VARCHAR"));
        List<String> keys = List.of(
                "PKTABLE_CAT:VARCHAR",
                "PKTABLE_SCHEM:VARCHAR",
                "PKTABLE_NAME:VARCHAR",
                "PKCOLUMN_NAME:VARCHAR",
                "FKTABLE_CAT:VARCHAR",
                "FKTABLE_SCHEM:VARCHAR",
                "FKTABLE_NAME:VARCHAR",
                "FKCOLUMN_NAME:VARCHAR",
                "KEY_SEQ:SMALLINT",
                "UPDATE_RULE:SMALLINT",
                "DELETE_RULE:SMALLINT",
                "FK_NAME:VARCHAR",
                "PK_NAME:VARCHAR",
                "DEFERRABILITY:SMALLINT");
        layouts.put("getImportedKeys", keys);
        layouts.put("getExportedKeys", keys);
        layouts.put("getCrossReference", keys);
        layouts.put(
                "getIndexInfo",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "NON_UNIQUE:BOOLEAN",
                        "INDEX_QUALIFIER:VARCHAR",
                        "INDEX_NAME:VARCHAR",
                        "TYPE:SMALLINT",
                        "ORDINAL_POSITION:SMALLINT",
                        "COLUMN_NAME:VARCHAR",
                        "ASC_OR_DESC:VARCHAR",
                        "CARDINALITY:BIGINT",
                        "PAGES:BIGINT",
                        "FILTER_CONDITION:VARCHAR"));
        layouts.put(
                "getUDTs",
                List.of(
                        "TYPE_CAT:VARCHAR",
                        "TYPE_SCHEM:VARCHAR",
                        "TYPE_NAME:VARCHAR",
                        "CLASS_NAME:VARCHAR",
                        "DATA_TYPE:INTEGER",
                        "REMARKS:VARCHAR",
                        "BASE_TYPE:SMALLINT"));
        layouts.put(
                "getSuperTypes",
                List.of(
                        "TYPE_CAT:VARCHAR",
                        "TYPE_SCHEM:VARCHAR",
                        "TYPE_NAME:VARCHAR",
                        "SUPERTYPE_CAT:VARCHAR",
                        "SUPERTYPE_SCHEM:VARCHAR",
                        "SUPERTYPE_NAME:VARCHAR"));
        layouts.put(
                "getSuperTables",
                List.of("TABLE_CAT:VARCHAR", "TABLE_SCHEM:VARCHAR", "TABLE_NAME:VARCHAR", "SUPERTABLE_NAME:VARCHAR"));
        layouts.put(
                "getAttributes",
                List.of(
                        "TYPE_CAT:VARCHAR",
                        "TYPE_SCHEM:VARCHAR",
                        "TYPE_NAME:VARCHAR",
                        "ATTR_NAME:VARCHAR",
                        "DATA_TYPE:INTEGER",
                        "ATTR_TYPE_NAME:VARCHAR",
                        "ATTR_SIZE:INTEGER",
                        "DECIMAL_DIGITS:INTEGER",
                        "NUM_PREC_RADIX:INTEGER",
                        "NULLABLE:INTEGER",
                        "REMARKS:VARCHAR",
                        "ATTR_DEF:VARCHAR",
                        "SQL_DATA_TYPE:INTEGER",
                        "SQL_DATETIME_SUB:INTEGER",
                        "CHAR_OCTET_LENGTH:INTEGER",
                        "ORDINAL_POSITION:INTEGER",
                        "IS_NULLABLE:VARCHAR",
                        "SCOPE_CATALOG:VARCHAR",
                        "SCOPE_SCHEMA:VARCHAR",
                        "SCOPE_TABLE:VARCHAR",
                        "SOURCE_DATA_TYPE:SMALLINT"));
        layouts.put(
                "getClientInfoProperties",
                List.of("NAME:VARCHAR", "MAX_LEN:INTEGER", "DEFAULT_VALUE:VARCHAR", "DESCRIPTION:VARCHAR"));
        layouts.put(
                "getFunctions",
                List.of(
                        "FUNCTION_CAT:VARCHAR",
                        "FUNCTION_SCHEM:VARCHAR",
                        "FUNCTION_NAME:VARCHAR",
                        "REMARKS:VARCHAR",
                        "FUNCTION_TYPE:SMALLINT",
                        "SPECIFIC_NAME:VARCHAR"));
        layouts.put(
                "getFunctionColumns",
                List.of(
                        "FUNCTION_CAT:VARCHAR",
                        "FUNCTION_SCHEM:VARCHAR",
                        "FUNCTION_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "COLUMN_TYPE:SMALLINT",
                        "DATA_TYPE:INTEGER",
                        "TYPE_NAME:VARCHAR",
                        "PRECISION:INTEGER",
                        "LENGTH:INTEGER",
                        "SCALE:SMALLINT",
                        "RADIX:SMALLINT",
                        "NULLABLE:SMALLINT",
                        "REMARKS:VARCHAR",
                        "CHAR_OCTET_LENGTH:INTEGER",
                        "ORDINAL_POSITION:INTEGER",
                        "IS_NULLABLE:VARCHAR",
                        "SPECIFIC_NAME:VARCHAR"));
        layouts.put(
                "getPseudoColumns",
                List.of(
                        "TABLE_CAT:VARCHAR",
                        "TABLE_SCHEM:VARCHAR",
                        "TABLE_NAME:VARCHAR",
                        "COLUMN_NAME:VARCHAR",
                        "DATA_TYPE:INTEGER",
                        "COLUMN_SIZE:INTEGER",
                        "DECIMAL_DIGITS:INTEGER",
                        "NUM_PREC_RADIX:INTEGER",
                        "COLUMN_USAGE:VARCHAR",
                        "REMARKS:VARCHAR",
                        "CHAR_OCTET_LENGTH:INTEGER",
                        "IS_NULLABLE:VARCHAR"));
        return layouts;
    }

    /** Calls the method of that name with arguments that select everything. */
    private ResultSet call(String method) throws SQLException {
        return switch (method) {
            case "getCatalogs" -> metadata.getCatalogs();
            case "getSchemas" -> metadata.getSchemas(null, "%");
            case "getTableTypes" -> metadata.getTableTypes();
            case "getTables" -> metadata.getTables(null, null, "%", null);
            case "getColumns" -> metadata.getColumns("tpch", "tiny", "nation", "%");
            case "getTypeInfo" -> metadata.getTypeInfo();
            case "getProcedures" -> metadata.getProcedures(null, null, "%");
            case "getProcedureColumns" -> metadata.getProcedureColumns(null, null, "%", "%");
            case "getTablePrivileges" -> metadata.getTablePrivileges(null, null, "%");
            case "getColumnPrivileges" -> metadata.getColumnPrivileges("tpch", "tiny", "nation", "%");
            case "getBestRowIdentifier" ->
                metadata.getBestRowIdentifier("tpch", "tiny", "nation", DatabaseMetaData.bestRowSession, true);
            case "getVersionColumns" -> metadata.getVersionColumns("tpch", "tiny", "nation");
            case "getPrimaryKeys" -> metadata.getPrimaryKeys("tpch", "tiny", "nation");
            case "getImportedKeys" -> metadata.getImportedKeys("tpch", "tiny", "nation");
            case "getExportedKeys" -> metadata.getExportedKeys("tpch", "tiny", "nation");
            case "getCrossReference" -> metadata.getCrossReference("tpch", "tiny", "region", "tpch", "tiny", "nation");
            case "getIndexInfo" -> metadata.getIndexInfo("tpch", "tiny", "nation", false, true);
            case "getUDTs" -> metadata.getUDTs(null, null, "%", null);
            case "getSuperTypes" -> metadata.getSuperTypes(null, null, "%");
            case "getSuperTables" -> metadata.getSuperTables(null, null, "%");
            case "getAttributes" -> metadata.getAttributes(null, null, "%", "%");
            case "getClientInfoProperties" -> metadata.getClientInfoProperties();
            case "getFunctions" -> metadata.getFunctions(null, null, "%");
            case "getFunctionColumns" -> metadata.getFunctionColumns(null, null, "%", "%");
            case "getPseudoColumns" -> metadata.getPseudoColumns(null, null, "%", "%");
            default -> throw new IllegalArgumentException(method);
        };
    }

    @Test
    void everyResultSetHasTheJavadocLayout() throws SQLException {
        Map<String, List<String>> expected = javadocLayouts();
        Map<String, List<String>> actual = new LinkedHashMap<>();
        for (String method : expected.keySet()) {
            try (ResultSet rows = call(method)) {
                actual.put(method, layout(rows.getMetaData()));
                while (rows.next()) {
                    // Every row readable, as a tool reads it.
                    for (int column = 1; column <= rows.getMetaData().getColumnCount(); column++) {
                        rows.getObject(column);
                    }
                }
            }
        }
        assertThat(actual).containsExactlyEntriesOf(expected);
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
        assertThat(columns.get("o_orderkey")).isEqualTo(List.of("BIGINT", 19, "0", 1, "YES"));
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

    /** What DBeaver asks, in its order, when it connects and a user opens a table. */
    @Test
    void dbeaverConnectAndBrowse() throws SQLException {
        assertThat(metadata.getDatabaseProductName()).isEqualTo("Aqueduct");
        assertThat(metadata.getDatabaseProductVersion()).isEqualTo(CoordinatorEndpoint.VERSION);
        assertThat(metadata.getDriverVersion()).doesNotContain("unknown");
        assertThat(metadata.getIdentifierQuoteString()).isEqualTo("\"");
        assertThat(metadata.getSQLKeywords()).isNotBlank();
        assertThat(metadata.getNumericFunctions()).contains("ABS");
        assertThat(metadata.supportsTransactions()).isIn(true, false);
        assertThat(connection.getCatalog()).isNotNull();
        assertThat(column(metadata.getCatalogs(), "TABLE_CAT")).contains("tpch", "system");
        assertThat(column(metadata.getSchemas(), "TABLE_SCHEM")).contains("tiny", "sys", "information_schema");
        assertThat(column(metadata.getSchemas("tpch", null), "TABLE_SCHEM")).contains("tiny");
        assertThat(column(metadata.getTableTypes(), "TABLE_TYPE")).containsExactly("SYSTEM TABLE", "TABLE");
        assertThat(column(metadata.getTables("tpch", "tiny", null, new String[] {"TABLE", "VIEW"}), "TABLE_NAME"))
                .contains("nation", "lineitem");
        assertThat(column(metadata.getColumns("tpch", "tiny", "nation", null), "COLUMN_NAME"))
                .containsExactly("n_nationkey", "n_name", "n_regionkey", "n_comment");
        assertThat(column(metadata.getPrimaryKeys("tpch", "tiny", "nation"), "COLUMN_NAME"))
                .containsExactly("n_nationkey");
        assertThat(column(metadata.getImportedKeys("tpch", "tiny", "nation"), "FK_NAME"))
                .isEmpty();
        assertThat(column(metadata.getExportedKeys("tpch", "tiny", "nation"), "FK_NAME"))
                .isEmpty();
        assertThat(column(metadata.getIndexInfo("tpch", "tiny", "nation", false, true), "INDEX_NAME"))
                .isEmpty();
        assertThat(column(metadata.getTypeInfo(), "TYPE_NAME")).contains("VARCHAR");
        assertThat(column(metadata.getFunctions(null, null, "%"), "FUNCTION_NAME"))
                .contains("ABS", "UPPER");
        assertThat(column(metadata.getProcedures(null, null, "%"), "PROCEDURE_NAME"))
                .isEmpty();
        assertThat(connection.isValid(5)).isTrue();
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

    @Test
    void maxRowsHoldsForPreparedStatements() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT name FROM sys.settings")) {
            statement.setMaxRows(2);
            assertThat(column(statement.executeQuery(), "name")).hasSize(2);
            statement.setLargeMaxRows(0);
            assertThat(column(statement.executeQuery(), "name")).hasSizeGreaterThan(2);
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

    private static List<String> layout(ResultSetMetaData columns) throws SQLException {
        List<String> layout = new ArrayList<>();
        for (int i = 1; i <= columns.getColumnCount(); i++) {
            layout.add(columns.getColumnLabel(i) + ":" + typeName(columns.getColumnType(i)));
        }
        return layout;
    }

    private static String typeName(int type) {
        return switch (type) {
            case Types.VARCHAR -> "VARCHAR";
            case Types.INTEGER -> "INTEGER";
            case Types.SMALLINT -> "SMALLINT";
            case Types.BIGINT -> "BIGINT";
            case Types.BOOLEAN -> "BOOLEAN";
            default -> "type " + type;
        };
    }
}
