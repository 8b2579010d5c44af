package io.aqueduct.it.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSource;
import us.fatehi.utility.datasource.DatabaseConnectionSources;
import us.fatehi.utility.datasource.MultiUseUserCredentials;

/**
 * A JDBC conformance probe: checks written once against {@code java.sql} only, each asserting what the JDBC javadoc
 * says, run against every {@link ProbeTarget} (H2 as the reference, Aqueduct through its shaded driver). A check
 * that H2 passes and Aqueduct fails is Aqueduct's bug. The probe creates its own tables in the target's schema.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcConformanceProbe {
    /** Rows of the probe's {@code items} table. */
    private static final int ITEMS = 25;

    private static final Duration CANCELED_WITHIN = Duration.ofSeconds(10);

    /** Keywords of SQL:2003, which {@code getSQLKeywords} must not list. */
    private static final Set<String> SQL_2003_KEYWORDS =
            Set.of("SELECT", "FROM", "WHERE", "TABLE", "INSERT", "CREATE", "GROUP", "ORDER", "JOIN", "NULL");

    private static final Set<Integer> NUMERIC_TYPES = Set.of(
            Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC, Types.DOUBLE);

    private ProbeTarget target;
    private Connection connection;
    private DatabaseMetaData metadata;

    /** The database to check. */
    abstract ProbeTarget target() throws Exception;

    @BeforeAll
    void createProbeTables() throws Exception {
        target = target();
        connection = DriverManager.getConnection(target.jdbcUrl());
        metadata = connection.getMetaData();
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + target.qualifier() + " CASCADE");
            statement.execute("CREATE SCHEMA " + target.qualifier());
            statement.execute("CREATE TABLE " + target.table("items")
                    + " (id INTEGER NOT NULL, name VARCHAR(20), price DECIMAL(12, 2) NOT NULL, added DATE,"
                    + " score DOUBLE, big BIGINT, flag BOOLEAN)");
            List<String> rows = new ArrayList<>();
            for (int i = 1; i <= ITEMS; i++) {
                rows.add("(%d, 'item %d', %d.25, DATE '2024-01-%02d', %s, %d, %s)"
                        .formatted(i, i, i, i, i % 3 == 0 ? "NULL" : i + ".5", i * 1000L, i % 2 == 0));
            }
            assertThat(statement.executeUpdate(
                            "INSERT INTO " + target.table("items") + " VALUES " + String.join(", ", rows)))
                    .isEqualTo(ITEMS);
            statement.execute("CREATE TABLE " + target.table("args")
                    + " (i INTEGER, d DOUBLE, s VARCHAR(20), dt DATE, ts TIMESTAMP)");
            statement.executeUpdate("INSERT INTO " + target.table("args")
                    + " VALUES (2, 0.5, 'abc', DATE '2024-01-31', TIMESTAMP '2024-01-31 10:11:12')");
            for (String sql : target.setup()) {
                statement.execute(sql);
            }
        }
    }

    @AfterAll
    void dropProbeTables() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + target.qualifier() + " CASCADE");
        } finally {
            connection.close();
        }
    }

    /**
     * The javadoc's columns, in its order, with its types. A driver may add columns after them (JDBC 4.3 specification,
     * 15.2.3: "additional columns ... must be accessed by their column label"): H2's getClientInfoProperties does.
     */
    @Test
    void everyMetadataResultSetHasTheJavadocLayout() throws SQLException {
        Map<String, List<String>> expected = JavadocLayouts.byMethod();
        Map<String, List<String>> actual = new LinkedHashMap<>();
        for (String method : expected.keySet()) {
            try (ResultSet rows = callSelectingEverything(method)) {
                List<String> layout = layout(rows.getMetaData());
                actual.put(
                        method,
                        layout.subList(
                                0, Math.min(layout.size(), expected.get(method).size())));
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

    /** Every column the javadoc does not allow to be null is filled, for every type. */
    @Test
    void typeInfoIsFullyFilledAndOrderedByDataType() throws SQLException {
        List<Integer> codes = new ArrayList<>();
        List<String> required = List.of(
                "TYPE_NAME",
                "DATA_TYPE",
                "PRECISION",
                "NULLABLE",
                "CASE_SENSITIVE",
                "SEARCHABLE",
                "UNSIGNED_ATTRIBUTE",
                "FIXED_PREC_SCALE",
                "AUTO_INCREMENT",
                "MINIMUM_SCALE",
                "MAXIMUM_SCALE");
        try (ResultSet rows = metadata.getTypeInfo()) {
            while (rows.next()) {
                String type = rows.getString("TYPE_NAME");
                for (String column : required) {
                    assertThat(rows.getObject(column)).as(type + " " + column).isNotNull();
                }
                assertThat(rows.getShort("NULLABLE"))
                        .as(type)
                        .isIn((short) DatabaseMetaData.typeNoNulls, (short) DatabaseMetaData.typeNullable, (short)
                                DatabaseMetaData.typeNullableUnknown);
                assertThat(rows.getShort("SEARCHABLE"))
                        .as(type)
                        .isIn(
                                (short) DatabaseMetaData.typePredNone,
                                (short) DatabaseMetaData.typePredChar,
                                (short) DatabaseMetaData.typePredBasic,
                                (short) DatabaseMetaData.typeSearchable);
                if (NUMERIC_TYPES.contains(rows.getInt("DATA_TYPE"))) {
                    assertThat(rows.getObject("NUM_PREC_RADIX"))
                            .as(type + " NUM_PREC_RADIX")
                            .isNotNull();
                }
                codes.add(rows.getInt("DATA_TYPE"));
            }
        }
        assertThat(codes).contains(Types.INTEGER, Types.BIGINT, Types.VARCHAR, Types.DATE);
        assertThat(codes).containsAnyOf(Types.DECIMAL, Types.NUMERIC);
        assertThat(codes).isSorted();
    }

    /** {@code getColumns} says of each column what the result set of a SELECT of it says. */
    @Test
    void columnsAgreeWithTheMetadataOfASelect() throws SQLException {
        List<String> fromColumns = new ArrayList<>();
        try (ResultSet rows = metadata.getColumns(target.catalog(), target.schema(), stored("items"), "%")) {
            while (rows.next()) {
                fromColumns.add(String.join(
                        " ",
                        rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
                        String.valueOf(rows.getInt("DATA_TYPE")),
                        rows.getString("TYPE_NAME"),
                        rows.getInt("DATA_TYPE") == Types.DECIMAL
                                ? rows.getInt("COLUMN_SIZE") + "," + rows.getInt("DECIMAL_DIGITS")
                                : "",
                        String.valueOf(rows.getInt("NULLABLE")),
                        rows.getString("IS_NULLABLE"),
                        String.valueOf(rows.getInt("ORDINAL_POSITION"))));
            }
        }
        List<String> fromSelect = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT * FROM " + target.table("items"))) {
            ResultSetMetaData columns = rows.getMetaData();
            for (int i = 1; i <= columns.getColumnCount(); i++) {
                int nullable = columns.isNullable(i);
                fromSelect.add(String.join(
                        " ",
                        columns.getColumnName(i).toLowerCase(Locale.ROOT),
                        String.valueOf(columns.getColumnType(i)),
                        columns.getColumnTypeName(i),
                        columns.getColumnType(i) == Types.DECIMAL
                                ? columns.getPrecision(i) + "," + columns.getScale(i)
                                : "",
                        String.valueOf(nullable),
                        nullable == ResultSetMetaData.columnNoNulls ? "NO" : "YES",
                        String.valueOf(i)));
            }
        }
        assertThat(fromColumns).isEqualTo(fromSelect);
        assertThat(fromColumns)
                .anySatisfy(column -> assertThat(column).startsWith("id ").contains(" 0 NO "))
                .anySatisfy(column -> assertThat(column).startsWith("price ").contains(" 12,2 0 NO "))
                .anySatisfy(column -> assertThat(column).startsWith("name ").contains(" 1 YES "));
    }

    /** Every table's schema is one {@code getSchemas} lists, and each listed schema's tables are among all tables. */
    @Test
    void tablesLieInTheListedSchemas() throws SQLException {
        Set<String> schemas = Set.copyOf(rows(metadata.getSchemas(), "TABLE_CATALOG", "TABLE_SCHEM"));
        List<String> tables = rows(metadata.getTables(null, null, "%", null), "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME");
        assertThat(tables).isNotEmpty();
        for (String table : tables) {
            assertThat(schemas).contains(table.substring(0, table.lastIndexOf('.')));
        }
        for (String schema : schemas) {
            String[] parts = schema.split("\\.", 2);
            assertThat(tables)
                    .containsAll(rows(
                            metadata.getTables(parts[0], parts[1], "%", null),
                            "TABLE_CAT",
                            "TABLE_SCHEM",
                            "TABLE_NAME"));
        }
        assertThat(tables).contains(target.catalog() + "." + target.schema() + "." + stored("items"));
        assertThat(rows(metadata.getCatalogs(), "TABLE_CAT")).contains(target.catalog());
    }

    /** Keys name their 14th column DEFERRABILITY and give it one of the three values the javadoc allows. */
    @Test
    void keysHaveADeferrability() throws SQLException {
        int keyRows = 0;
        for (String table : target.keyTables()) {
            String[] name = table.split("\\.");
            assertThat(rows(metadata.getPrimaryKeys(name[0], name[1], name[2]), "COLUMN_NAME"))
                    .as("primary key of " + table)
                    .isNotEmpty();
            for (ResultSet keys : List.of(
                    metadata.getImportedKeys(name[0], name[1], name[2]),
                    metadata.getExportedKeys(name[0], name[1], name[2]))) {
                try (keys) {
                    assertThat(keys.getMetaData().getColumnLabel(14)).isEqualTo("DEFERRABILITY");
                    while (keys.next()) {
                        keyRows++;
                        assertThat(keys.getShort("DEFERRABILITY"))
                                .isIn(
                                        (short) DatabaseMetaData.importedKeyInitiallyDeferred,
                                        (short) DatabaseMetaData.importedKeyInitiallyImmediate,
                                        (short) DatabaseMetaData.importedKeyNotDeferrable);
                        assertThat(keys.getShort("KEY_SEQ")).isPositive();
                    }
                }
            }
        }
        assertThat(keyRows).isGreaterThanOrEqualTo(0);
    }

    /** Function lists name functions; keywords are not SQL:2003's. */
    @Test
    void functionsAndKeywordsAreListed() throws SQLException {
        try (ResultSet functions = metadata.getFunctions(null, null, "%")) {
            while (functions.next()) {
                assertThat(functions.getString("FUNCTION_NAME")).isNotBlank();
                assertThat(functions.getShort("FUNCTION_TYPE"))
                        .isIn(
                                (short) DatabaseMetaData.functionResultUnknown,
                                (short) DatabaseMetaData.functionNoTable,
                                (short) DatabaseMetaData.functionReturnsTable);
            }
        }
        for (String list : List.of(
                metadata.getNumericFunctions(),
                metadata.getStringFunctions(),
                metadata.getTimeDateFunctions(),
                metadata.getSystemFunctions())) {
            assertThat(list).isNotBlank().doesNotContain(" ,").doesNotContain(", ");
        }
        assertThat(Arrays.asList(
                        metadata.getSQLKeywords().toUpperCase(Locale.ROOT).split(",")))
                .doesNotContainAnyElementsOf(SQL_2003_KEYWORDS);
    }

    /** Every function the four function lists name runs, on columns of a table (not constants a planner folds). */
    @Test
    void everyListedFunctionRuns() throws SQLException {
        List<String> notRunning = new ArrayList<>();
        for (String list : List.of(
                metadata.getNumericFunctions(),
                metadata.getStringFunctions(),
                metadata.getTimeDateFunctions(),
                metadata.getSystemFunctions())) {
            for (String function : list.split(",")) {
                if (!target.unprobedFunctions().contains(function.trim()) && !runs(function.trim())) {
                    notRunning.add(function.trim());
                }
            }
        }
        assertThat(notRunning).isEmpty();
    }

    @Test
    void isValidRoundTripsAndIsFalseWhenClosed() throws SQLException {
        assertThat(connection.isValid(5)).isTrue();
        Connection closed = DriverManager.getConnection(target.jdbcUrl());
        closed.close();
        assertThat(closed.isValid(5)).isFalse();
    }

    @Test
    void maxRowsLimitsStatementsAndPreparedStatements() throws SQLException {
        String query = "SELECT id FROM " + target.table("items");
        try (Statement statement = connection.createStatement()) {
            statement.setMaxRows(5);
            assertThat(statement.getMaxRows()).isEqualTo(5);
            assertThat(count(statement.executeQuery(query))).isEqualTo(5);
            statement.setLargeMaxRows(7);
            assertThat(statement.getLargeMaxRows()).isEqualTo(7);
            assertThat(count(statement.executeQuery(query))).isEqualTo(7);
            statement.setMaxRows(0);
            assertThat(count(statement.executeQuery(query))).isEqualTo(ITEMS);
        }
        try (PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setMaxRows(5);
            assertThat(count(statement.executeQuery())).isEqualTo(5);
            statement.setLargeMaxRows(3);
            assertThat(count(statement.executeQuery())).isEqualTo(3);
            statement.setLargeMaxRows(0);
            assertThat(count(statement.executeQuery())).isEqualTo(ITEMS);
        }
    }

    @Test
    void moreResultsAndUpdateCountsFollowTheJavadoc() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            assertThat(statement.execute("SELECT id FROM " + target.table("items")))
                    .isTrue();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);
            ResultSet first = statement.getResultSet();
            assertThat(first).isNotNull();
            assertThat(statement.getMoreResults()).isFalse();
            assertThat(first.isClosed()).isTrue();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);

            assertThat(statement.execute("INSERT INTO " + target.table("args") + " (i, s) VALUES (10, 'x'), (11, 'y')"))
                    .isFalse();
            assertThat(statement.getResultSet()).isNull();
            assertThat(statement.getUpdateCount()).isEqualTo(2);
            assertThat(statement.getMoreResults()).isFalse();
            assertThat(statement.getUpdateCount()).isEqualTo(-1);
        }
    }

    @Test
    void executeUpdateCountsRows() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            assertThat(statement.executeUpdate(
                            "CREATE TABLE " + target.table("copies") + " (id INTEGER, name VARCHAR(20))"))
                    .isZero();
            assertThat(statement.executeUpdate("INSERT INTO " + target.table("copies") + " SELECT id, name FROM "
                            + target.table("items") + " WHERE id <= 10"))
                    .isEqualTo(10);
            assertThat(statement.executeLargeUpdate(
                            "INSERT INTO " + target.table("copies") + " VALUES (100, 'a'), (101, 'b'), (102, NULL)"))
                    .isEqualTo(3);
            assertThat(count(statement.executeQuery("SELECT id FROM " + target.table("copies"))))
                    .isEqualTo(13);
            assertThat(statement.executeUpdate("DROP TABLE " + target.table("copies")))
                    .isZero();
        }
    }

    /** INSERT with {@code ?} parameters, one row at a time and in a batch. */
    @Test
    void preparedInsertsWithParametersSingleAndBatched() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE " + target.table("params")
                    + " (id INTEGER NOT NULL, name VARCHAR(20), amount DECIMAL(10, 2), due DATE)");
        }
        try (PreparedStatement insert =
                connection.prepareStatement("INSERT INTO " + target.table("params") + " VALUES (?, ?, ?, ?)")) {
            insert.setInt(1, 1);
            insert.setString(2, "one");
            insert.setBigDecimal(3, new java.math.BigDecimal("1.50"));
            insert.setDate(4, java.sql.Date.valueOf("2024-03-01"));
            assertThat(insert.executeUpdate()).isEqualTo(1);
            for (int id = 2; id <= 4; id++) {
                insert.setInt(1, id);
                insert.setString(2, id == 3 ? null : "row " + id);
                insert.setBigDecimal(3, java.math.BigDecimal.valueOf(id * 100L, 2));
                insert.setNull(4, Types.DATE);
                insert.addBatch();
            }
            assertThat(insert.executeBatch()).containsExactly(1, 1, 1);
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT id, name, amount, due FROM " + target.table("params") + " ORDER BY id")) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(
                        rows.getInt(1) + " " + rows.getString(2) + " " + rows.getBigDecimal(3) + " " + rows.getDate(4));
            }
            assertThat(values)
                    .containsExactly(
                            "1 one 1.50 2024-03-01", "2 row 2 2.00 null", "3 null 3.00 null", "4 row 4 4.00 null");
        }
    }

    @Test
    void dropSchemaCascadeDropsItsTables() throws SQLException {
        String schema = target.qualifier() + "_doomed";
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + schema);
            statement.execute("CREATE TABLE " + schema + ".t (id INTEGER)");
            statement.executeUpdate("INSERT INTO " + schema + ".t VALUES (1)");
            SQLException notEmpty =
                    catchThrowableOfType(SQLException.class, () -> statement.execute("DROP SCHEMA " + schema));
            assertThat((Throwable) notEmpty).isNotNull();
            assertThat(notEmpty.getSQLState()).isNotNull();
            assertThat(count(statement.executeQuery("SELECT id FROM " + schema + ".t")))
                    .isEqualTo(1);
            statement.execute("DROP SCHEMA " + schema + " CASCADE");
        }
        assertThat(rows(metadata.getSchemas(target.catalog(), stored(target.schema() + "_doomed")), "TABLE_SCHEM"))
                .isEmpty();
    }

    /** Bad statements fail with an SQLException whose SQLState has the standard's class. */
    @Test
    void errorsCarryTheirSqlStateClass() throws SQLException {
        Map<String, String> classes = new LinkedHashMap<>();
        classes.put("SELEC 1", "42");
        classes.put("SELECT * FROM " + target.table("no_such_table"), "42");
        classes.put("SELECT no_such_column FROM " + target.table("items"), "42");
        classes.put("SELECT id / (id - id) FROM " + target.table("items"), "22");
        classes.put("INSERT INTO " + target.table("items") + " (id, price) VALUES (NULL, 1)", "23");
        classes.put("CREATE TABLE " + target.table("items") + " (id INTEGER)", "42");
        Map<String, String> actual = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            for (String sql : classes.keySet()) {
                SQLException failure = catchThrowableOfType(SQLException.class, () -> {
                    if (statement.execute(sql)) {
                        drain(statement.getResultSet());
                    }
                });
                actual.put(
                        sql,
                        failure == null ? "no failure" : failure.getSQLState().substring(0, 2));
            }
        }
        assertThat(actual).containsExactlyEntriesOf(classes);
        assertThat(connection.isValid(5)).isTrue();
    }

    @Test
    void cancelEndsARunningQuery() throws Exception {
        ExecutorService canceller = Executors.newSingleThreadExecutor();
        try (Statement statement = connection.createStatement()) {
            Future<?> cancel = canceller.submit(() -> {
                Thread.sleep(1000);
                statement.cancel();
                return null;
            });
            long start = System.nanoTime();
            SQLException failure =
                    catchThrowableOfType(SQLException.class, () -> drain(statement, target.endlessQuery()));
            assertThat((Throwable) failure).as("the canceled query's failure").isNotNull();
            assertThat(failure.getSQLState()).as(failure.getMessage()).isIn("57014", "HY008");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(CANCELED_WITHIN);
            cancel.get(10, TimeUnit.SECONDS);
        } finally {
            canceller.shutdownNow();
        }
        assertThat(connection.isValid(5)).isTrue();
    }

    @Test
    void queryTimeoutEndsALongQuery() throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(1);
            assertThat(statement.getQueryTimeout()).isEqualTo(1);
            long start = System.nanoTime();
            SQLException failure =
                    catchThrowableOfType(SQLException.class, () -> drain(statement, target.endlessQuery()));
            assertThat((Throwable) failure).as("the timed-out query's failure").isNotNull();
            assertThat(failure.getSQLState()).as(failure.getMessage()).isIn("57014", "HYT00", "HYT01");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(CANCELED_WITHIN);
        }
        assertThat(connection.isValid(5)).isTrue();
    }

    /** A whole large table through the default fetch size: as many rows as COUNT(*) says, none twice. */
    @Test
    void largeFetchReadsEveryRow() throws SQLException {
        long expected;
        try (Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + target.largeTable())) {
            assertThat(count.next()).isTrue();
            expected = count.getLong(1);
        }
        assertThat(expected).isGreaterThanOrEqualTo(50_000);
        long rows = 0;
        try (Statement statement = connection.createStatement();
                ResultSet all = statement.executeQuery("SELECT * FROM " + target.largeTable())) {
            int columns = all.getMetaData().getColumnCount();
            while (all.next()) {
                for (int column = 1; column <= columns; column++) {
                    all.getObject(column);
                }
                rows++;
            }
        }
        assertThat(rows).isEqualTo(expected);
    }

    /** What DBeaver asks, in its order, when it connects and a user opens a table. */
    @Test
    void dbeaverConnectAndBrowse() throws SQLException {
        assertThat(metadata.getDatabaseProductName()).isNotBlank();
        assertThat(metadata.getDatabaseProductVersion()).isNotBlank().doesNotContain("unknown");
        assertThat(metadata.getDriverVersion()).isNotBlank().doesNotContain("unknown");
        assertThat(metadata.getIdentifierQuoteString()).isEqualTo("\"");
        assertThat(metadata.getSQLKeywords()).isNotNull();
        assertThat(metadata.getNumericFunctions()).contains("ABS");
        assertThat(metadata.supportsTransactions()).isIn(true, false);
        assertThat(metadata.getDefaultTransactionIsolation())
                .isIn(
                        Connection.TRANSACTION_NONE,
                        Connection.TRANSACTION_READ_UNCOMMITTED,
                        Connection.TRANSACTION_READ_COMMITTED,
                        Connection.TRANSACTION_REPEATABLE_READ,
                        Connection.TRANSACTION_SERIALIZABLE);
        assertThat(connection.getCatalog()).isNotNull();
        assertThat(connection.getAutoCommit()).isTrue();
        assertThat(rows(metadata.getCatalogs(), "TABLE_CAT")).contains(target.catalog());
        assertThat(rows(metadata.getSchemas(), "TABLE_SCHEM")).contains(target.schema());
        assertThat(rows(metadata.getSchemas(target.catalog(), null), "TABLE_SCHEM"))
                .contains(target.schema());
        List<String> tableTypes = rows(metadata.getTableTypes(), "TABLE_TYPE");
        assertThat(tableTypes).isNotEmpty().isSorted();
        assertThat(rows(metadata.getTables(target.catalog(), target.schema(), null, null), "TABLE_TYPE"))
                .isSubsetOf(tableTypes);
        assertThat(rows(
                        metadata.getTables(target.catalog(), target.schema(), null, tableTypes.toArray(String[]::new)),
                        "TABLE_NAME"))
                .contains(stored("items"), stored("args"));
        assertThat(rows(metadata.getColumns(target.catalog(), target.schema(), stored("items"), null), "COLUMN_NAME"))
                .containsExactly(
                        stored("id"),
                        stored("name"),
                        stored("price"),
                        stored("added"),
                        stored("score"),
                        stored("big"),
                        stored("flag"));
        assertThat(rows(metadata.getPrimaryKeys(target.catalog(), target.schema(), stored("items")), "COLUMN_NAME"))
                .isEmpty();
        assertThat(rows(metadata.getImportedKeys(target.catalog(), target.schema(), stored("items")), "FK_NAME"))
                .isEmpty();
        assertThat(rows(metadata.getExportedKeys(target.catalog(), target.schema(), stored("items")), "FK_NAME"))
                .isEmpty();
        rows(metadata.getIndexInfo(target.catalog(), target.schema(), stored("items"), false, true), "TABLE_NAME");
        assertThat(rows(metadata.getTypeInfo(), "TYPE_NAME")).isNotEmpty();
        rows(metadata.getFunctions(null, null, "%"), "FUNCTION_NAME");
        rows(metadata.getProcedures(null, null, "%"), "PROCEDURE_NAME");
        try (Statement statement = connection.createStatement()) {
            statement.setMaxRows(200);
            assertThat(count(statement.executeQuery("SELECT * FROM " + target.table("items"))))
                    .isEqualTo(ITEMS);
        }
        assertThat(connection.isValid(5)).isTrue();
    }

    /** SchemaCrawler's maximum crawl of the probe's schema: every metadata call it makes must succeed. */
    @Test
    void schemaCrawlerMaximumCrawl() throws Exception {
        DatabaseConnectionSource connections = DatabaseConnectionSources.newDatabaseConnectionSource(
                target.jdbcUrl(), new MultiUseUserCredentials("", ""));
        SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
                .withLimitOptions(LimitOptionsBuilder.builder()
                        .includeSchemas(
                                new schemacrawler.inclusionrule.RegularExpressionInclusionRule(".*" + target.schema()))
                        .toOptions())
                .withLoadOptions(LoadOptionsBuilder.builder()
                        .withSchemaInfoLevel(SchemaInfoLevelBuilder.maximum())
                        .toOptions());
        try {
            Catalog catalog = SchemaCrawlerUtility.getCatalog(connections, options);
            String itemsName = stored("items");
            Table items = catalog.getTables().stream()
                    .filter(table -> table.getName().replace("\"", "").equals(itemsName))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no items table in " + catalog.getTables()));
            assertThat(items.getColumns())
                    .extracting(Column::getName)
                    .map(name -> name.replace("\"", "").toLowerCase(Locale.ROOT))
                    .containsExactly("id", "name", "price", "added", "score", "big", "flag");
            assertThat(items.getColumns().get(0).isNullable()).isFalse();
            assertThat(items.getColumns().get(1).isNullable()).isTrue();
            assertThat(catalog.getColumnDataTypes()).isNotEmpty();
            assertThat(catalog.getDatabaseInfo().getProductVersion()).isEqualTo(metadata.getDatabaseProductVersion());
        } finally {
            connections.close();
        }
    }

    /** Whether {@code function} runs with one of a few argument shapes, plainly or as a JDBC escape. */
    private boolean runs(String function) {
        List<String> shapes = List.of(
                "",
                "()",
                "(i)",
                "(d)",
                "(s)",
                "(dt)",
                "(ts)",
                "(d, d)",
                "(i, i)",
                "(s, s)",
                "(s, i)",
                "(s, i, s)",
                "(s, i, i)",
                "(s, s, s)",
                "(s, i, i, s)",
                "(YEAR FROM dt)",
                "(s IN s)",
                "(s PLACING s FROM i)",
                "(s FROM i FOR i)",
                "(SQL_TSI_DAY, i, dt)",
                "(SQL_TSI_DAY, dt, dt)",
                "(DAY, i, dt)",
                "(DAY, dt, dt)",
                "(i, s)");
        for (String shape : shapes) {
            for (String call : List.of(function + shape, "{fn " + function + shape + "}")) {
                try (Statement statement = connection.createStatement();
                        ResultSet rows = statement.executeQuery("SELECT " + call + " FROM " + target.table("args"))) {
                    while (rows.next()) {
                        rows.getObject(1);
                    }
                    return true;
                } catch (SQLException e) {
                    // Not this shape: try the next.
                }
            }
        }
        return false;
    }

    private ResultSet callSelectingEverything(String method) throws SQLException {
        String catalog = target.catalog();
        String schema = target.schema();
        String table = stored("items");
        return switch (method) {
            case "getCatalogs" -> metadata.getCatalogs();
            case "getSchemas" -> metadata.getSchemas(null, "%");
            case "getTableTypes" -> metadata.getTableTypes();
            case "getTables" -> metadata.getTables(null, null, "%", null);
            case "getColumns" -> metadata.getColumns(catalog, schema, table, "%");
            case "getTypeInfo" -> metadata.getTypeInfo();
            case "getProcedures" -> metadata.getProcedures(null, null, "%");
            case "getProcedureColumns" -> metadata.getProcedureColumns(null, null, "%", "%");
            case "getTablePrivileges" -> metadata.getTablePrivileges(catalog, schema, "%");
            case "getColumnPrivileges" -> metadata.getColumnPrivileges(catalog, schema, table, "%");
            case "getBestRowIdentifier" ->
                metadata.getBestRowIdentifier(catalog, schema, table, DatabaseMetaData.bestRowSession, true);
            case "getVersionColumns" -> metadata.getVersionColumns(catalog, schema, table);
            case "getPrimaryKeys" -> metadata.getPrimaryKeys(catalog, schema, table);
            case "getImportedKeys" -> metadata.getImportedKeys(catalog, schema, table);
            case "getExportedKeys" -> metadata.getExportedKeys(catalog, schema, table);
            case "getCrossReference" -> metadata.getCrossReference(catalog, schema, table, catalog, schema, table);
            case "getIndexInfo" -> metadata.getIndexInfo(catalog, schema, table, false, true);
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

    /** An identifier as the database stores it when it is written unquoted. */
    private String stored(String identifier) throws SQLException {
        if (metadata.storesUpperCaseIdentifiers()) {
            return identifier.toUpperCase(Locale.ROOT);
        }
        return metadata.storesLowerCaseIdentifiers() ? identifier.toLowerCase(Locale.ROOT) : identifier;
    }

    private static void drain(Statement statement, String sql) throws SQLException {
        drain(statement.executeQuery(sql));
    }

    private static void drain(ResultSet rows) throws SQLException {
        try (rows) {
            while (rows.next()) {
                rows.getObject(1);
            }
        }
    }

    private static int count(ResultSet rows) throws SQLException {
        int count = 0;
        try (rows) {
            while (rows.next()) {
                count++;
            }
        }
        return count;
    }

    /** The values of {@code columns} of each row, joined by dots. */
    private static List<String> rows(ResultSet rows, String... columns) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                List<String> row = new ArrayList<>();
                for (String column : columns) {
                    row.add(rows.getString(column));
                }
                values.add(String.join(".", row));
            }
        }
        return values;
    }

    private static List<String> layout(ResultSetMetaData columns) throws SQLException {
        List<String> layout = new ArrayList<>();
        for (int i = 1; i <= columns.getColumnCount(); i++) {
            String label = columns.getColumnLabel(i);
            // The javadoc gives the reserved columns of getProcedures no type.
            layout.add(label.startsWith("RESERVED") ? label : label + ":" + typeName(columns.getColumnType(i)));
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
