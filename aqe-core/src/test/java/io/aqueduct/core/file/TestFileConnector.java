package io.aqueduct.core.file;

import static io.aqueduct.core.testing.RowFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file catalog on files DuckDB writes: discovery, types, nulls, projection, splits and bad files. */
class TestFileConnector extends ArrowAllocatorTest {
    /** Ten thousand rows in row groups of 1,000 (Parquet) with every fourth value of {@code b} NULL. */
    private static final String SAMPLE =
            "SELECT i::INTEGER AS a, CASE WHEN i % 4 = 0 THEN NULL ELSE i * 10 END::BIGINT AS b,"
                    + " (i / 100)::DECIMAL(15,2) AS price, DATE '1995-01-01' + (i % 30)::INTEGER AS day,"
                    + " 'name ' || (i % 7) AS name, i % 2 = 0 AS even, i / 3.0 AS ratio"
                    + " FROM range(10000) t(i)";

    /** Every timestamp unit DuckDB writes (INT64 micro- and nanoseconds, UTC-adjusted or not), times and bytes. */
    private static final String TIMES = "SELECT TIMESTAMP '2020-02-29 23:59:58.123456' AS micros,"
            + " TIMESTAMP_NS '1969-12-31 23:59:59.123456789' AS nanos, TIMESTAMP_MS '2020-02-29 23:59:58.123' AS millis,"
            + " TIMESTAMPTZ '2020-02-29 23:59:58.123456+00' AS utc, TIME '12:34:56.789' AS noon,"
            + " '\\xAA\\x00\\xFF'::BLOB AS bytes"
            + " UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL";

    @TempDir
    static Path root;

    @BeforeAll
    static void writeFiles() throws SQLException, IOException {
        Path data = Files.createDirectories(root.resolve("data"));
        Files.createDirectories(root.resolve("data/split"));
        Path typed = Files.createDirectories(root.resolve("typed"));
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duckdb.createStatement()) {
            statement.execute("COPY (%s) TO '%s' (FORMAT PARQUET, ROW_GROUP_SIZE 1000)"
                    .formatted(SAMPLE, data.resolve("sample.parquet")));
            statement.execute("COPY (%s) TO '%s' (HEADER)".formatted(SAMPLE, data.resolve("text.csv")));
            statement.execute("COPY (SELECT * FROM (%s) WHERE a < 5000) TO '%s' (FORMAT PARQUET)"
                    .formatted(SAMPLE, data.resolve("split/one.parquet")));
            statement.execute("COPY (SELECT * FROM (%s) WHERE a >= 5000) TO '%s' (FORMAT PARQUET)"
                    .formatted(SAMPLE, data.resolve("split/two.parquet")));
            statement.execute("SET TimeZone = 'UTC'");
            statement.execute("COPY (%s) TO '%s' (FORMAT PARQUET)".formatted(TIMES, typed.resolve("times.parquet")));
            statement.execute("COPY (SELECT i // 4 AS k, i % 3 AS r FROM range(100000) t(i)) TO '"
                    + typed.resolve("keys.parquet") + "' (FORMAT PARQUET, ROW_GROUP_SIZE 20000)");
            statement.execute(
                    "COPY (SELECT [1, 2] AS pair) TO '%s' (FORMAT PARQUET)".formatted(typed.resolve("nested.parquet")));
        }
        Files.writeString(data.resolve("text.schema"), "price = DECIMAL(15,2)\na = INTEGER\n");
        Files.writeString(data.resolve("_ignored.csv"), "x\n1\n");
        Path bad = Files.createDirectories(root.resolve("bad"));
        Files.writeString(bad.resolve("corrupt.parquet"), "PAR1 this is not a parquet file");
        Files.writeString(bad.resolve("values.csv"), "id,amount\n1,2.5\n2,3.5\n3,abc\n", StandardCharsets.UTF_8);
        Files.writeString(bad.resolve("values.schema"), "amount = DOUBLE\n");
        Files.writeString(bad.resolve("ragged.csv"), "id,name\n1,a\n2\n");
    }

    private FileConnector connector() {
        return new FileConnector(new FileCatalog("lake", root));
    }

    @Test
    void discoversSchemasAndTables() {
        FileConnector connector = connector();
        assertThat(connector.name()).isEqualTo("lake");
        assertThat(connector.schemaNames()).containsExactly("bad", "data", "typed");
        assertThat(connector.tables("data"))
                .extracting(TableDefinition::name)
                .containsExactly("sample", "split", "text");
    }

    @Test
    void parquetSchemaFromFooter() {
        TableDefinition parquet = connector().tables("data").get(0);
        assertThat(parquet.columns().names()).containsExactly("a", "b", "price", "day", "name", "even", "ratio");
        assertThat(parquet.columns().types())
                .containsExactly(
                        DataType.INTEGER,
                        DataType.BIGINT,
                        DataType.decimal(15, 2),
                        DataType.DATE,
                        DataType.VARCHAR,
                        DataType.BOOLEAN,
                        DataType.DOUBLE);
    }

    @Test
    void parquetTimestampsTimesAndBytes() {
        TableDefinition times = connector().table("typed", "times").orElseThrow();
        assertThat(times.columns().types())
                .containsExactly(
                        DataType.TIMESTAMP,
                        DataType.TIMESTAMP,
                        DataType.TIMESTAMP,
                        DataType.TIMESTAMP,
                        DataType.TIME,
                        DataType.VARBINARY);
        List<List<Object>> rows = scanIn("typed", "times", times.columns().names());
        long leapDay = micros(LocalDateTime.of(2020, 2, 29, 23, 59, 58, 123_456_000));
        assertThat(rows.get(0).subList(0, 5))
                .containsExactly(
                        leapDay,
                        micros(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 123_456_000)),
                        micros(LocalDateTime.of(2020, 2, 29, 23, 59, 58, 123_000_000)),
                        leapDay,
                        LocalTime.of(12, 34, 56, 789_000_000).toNanoOfDay() / 1_000);
        assertThat((byte[]) rows.get(0).get(5)).containsExactly(0xAA, 0x00, 0xFF);
        assertThat(rows.get(1)).containsOnlyNulls();
    }

    @Test
    void int96TimestampsAreNanosecondsOfTheDayAndAJulianDay() {
        ByteBuffer int96 = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        int96.putLong(LocalTime.of(1, 2, 3, 456_789_000).toNanoOfDay()).putInt(2_440_588 + 18_321);
        assertThat(ParquetValueCopier.int96Micros(Binary.fromConstantByteArray(int96.array())))
                .isEqualTo(micros(LocalDateTime.of(LocalDate.ofEpochDay(18_321), LocalTime.of(1, 2, 3, 456_789_000))));
    }

    @Test
    void unsupportedParquetTypeFailsOnlyWhenRead() {
        assertThat(scanIn("typed", "nested", List.of())).hasSize(1);
        assertThatThrownBy(() -> scanIn("typed", "nested", List.of("pair")))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("Column pair of")
                .hasMessageContaining("nested.parquet")
                .satisfies(e -> assertThat(((AqueductException) e).errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED));
    }

    private static long micros(LocalDateTime time) {
        return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + time.getNano() / 1_000;
    }

    @Test
    void csvTypesInferredOrFromSidecar() {
        TableDefinition csv = connector().table("data", "text").orElseThrow();
        assertThat(csv.columns().names()).containsExactly("a", "b", "price", "day", "name", "even", "ratio");
        assertThat(csv.columns().types())
                .containsExactly(
                        DataType.INTEGER,
                        DataType.BIGINT,
                        DataType.decimal(15, 2),
                        DataType.DATE,
                        DataType.VARCHAR,
                        DataType.BOOLEAN,
                        DataType.DOUBLE);
    }

    @Test
    void statisticsFromFootersAndFileSizes() {
        FileConnector connector = connector();
        assertThat(connector.statistics("data", "split").rowCount()).isEqualTo(10_000);
        assertThat(connector.statistics("data", "split").sizeBytes()).isPositive();
        assertThat(connector.statistics("data", "sample").rowCount()).isEqualTo(10_000);
        // estimated from the first 1,000 records' bytes
        assertThat(connector.statistics("data", "text").rowCount()).isBetween(8_000L, 12_000L);
    }

    @Test
    void parquetColumnStatisticsFromFootersAndDictionaries() {
        FileConnector connector = connector();
        for (String table : List.of("sample", "split")) {
            Map<String, ColumnStatistics> statistics = connector.columnStatistics("data", table);
            assertThat(statistics.get("a")).as(table).isEqualTo(new ColumnStatistics(10_000, 0));
            assertThat(statistics.get("b")).as(table).isEqualTo(new ColumnStatistics(7_500, 2_500));
            assertThat(statistics.get("name")).as(table).isEqualTo(new ColumnStatistics(7, 0));
            assertThat(statistics.get("even")).as(table).isEqualTo(new ColumnStatistics(2, 0));
            assertThat(statistics.get("day")).as(table).isEqualTo(new ColumnStatistics(30, 0));
        }
        assertThat(connector.statistics("data", "sample").splitCount())
                .isEqualTo(ParquetFiles.footer(root.resolve("data/sample.parquet"))
                        .getBlocks()
                        .size())
                .isGreaterThan(1);
        assertThat(connector.statistics("data", "split").splitCount()).isEqualTo(2);
        assertThat(connector.uniqueKeys("data", "sample"))
                .contains(List.of("a"))
                .doesNotContain(List.of("b"));
    }

    @Test
    void aSortedKeyWithRepeatsCountsItsDistinctValuesNotItsRows() {
        Map<String, ColumnStatistics> statistics = connector().columnStatistics("typed", "keys");
        assertThat(statistics.get("k")).isEqualTo(new ColumnStatistics(25_000, 0));
        assertThat(statistics.get("r")).isEqualTo(new ColumnStatistics(3, 0));
        assertThat(connector().uniqueKeys("typed", "keys")).isEmpty();
    }

    @Test
    void csvColumnStatisticsFromTheSample() {
        Map<String, ColumnStatistics> statistics = connector().columnStatistics("data", "text");
        assertThat(statistics.get("name").distinctCount()).isEqualTo(7);
        assertThat(statistics.get("even").distinctCount()).isEqualTo(2);
        // the first thousand of ten thousand distinct keys say nothing of the rest
        assertThat(statistics).doesNotContainKeys("a", "b");
        assertThat(connector().columnStatistics("bad", "ragged")).containsEntry("id", new ColumnStatistics(2, 0));
    }

    @Test
    void parquetReadsValuesAndNulls() {
        List<List<Object>> rows =
                scan(connector(), "split", List.of("a", "b", "price", "day", "name", "even", "ratio"), 0, 1);
        assertThat(rows).hasSize(10_000);
        assertThat(rows.get(0))
                .isEqualTo(row(0L, null, 0L, LocalDate.of(1995, 1, 1).toEpochDay(), "name 0", true, 0.0));
        assertThat(rows.get(4321))
                .isEqualTo(
                        row(4321L, 43210L, 4321L, LocalDate.of(1995, 1, 2).toEpochDay(), "name 2", false, 4321 / 3.0));
    }

    @Test
    void projectionReadsOnlyTheNamedColumnsInTheirOrder() {
        List<List<Object>> rows = scan(connector(), "split", List.of("name", "a"), 0, 1);
        assertThat(rows.get(9999)).isEqualTo(row("name 3", 9999L));
        assertThat(scan(connector(), "split", List.of(), 0, 1)).hasSize(10_000);
    }

    @Test
    void partsSplitByRowGroupAndCoverEveryRowOnce() {
        for (int parts : new int[] {1, 3, 7, 16}) {
            List<Object> keys = new ArrayList<>();
            for (int part = 0; part < parts; part++) {
                scan(connector(), "split", List.of("a"), part, parts).forEach(r -> keys.add(r.get(0)));
            }
            assertThat(keys).as("%d parts", parts).hasSize(10_000).doesNotHaveDuplicates();
        }
    }

    @Test
    void rowGroupsWhoseMinMaxExcludeAConstraintAreSkipped() {
        List<ScanConstraint> atLeast9500 = List.of(
                new ScanConstraint("a", ScanConstraint.Comparison.GREATER_THAN_OR_EQUAL, BigDecimal.valueOf(9500)));
        List<List<Object>> rows;
        try (Operator scan = connector()
                .createScan("data", "sample", List.of("a"), atLeast9500, 0, 1, ExecutionContext.of(allocator))) {
            rows = BatchRows.drain(scan);
        }
        assertThat(rows).hasSizeLessThan(10_000).contains(row(9500L), row(9999L));
        List<ScanConstraint> none =
                List.of(new ScanConstraint("price", ScanConstraint.Comparison.LESS_THAN, new BigDecimal("-1")));
        try (Operator scan =
                connector().createScan("data", "sample", List.of("a"), none, 0, 1, ExecutionContext.of(allocator))) {
            assertThat(BatchRows.drain(scan)).isEmpty();
        }
        // a column without usable statistics (VARCHAR) prunes nothing
        List<ScanConstraint> onName =
                List.of(new ScanConstraint("name", ScanConstraint.Comparison.EQUAL, BigDecimal.ONE));
        try (Operator scan =
                connector().createScan("data", "sample", List.of("a"), onName, 0, 1, ExecutionContext.of(allocator))) {
            assertThat(BatchRows.drain(scan)).hasSize(10_000);
        }
    }

    @Test
    void csvReadsTheSameRowsAsParquet() {
        List<String> columns = List.of("a", "b", "price", "day", "name", "even", "ratio");
        List<List<Object>> parquet = scan(connector(), "split", columns, 0, 1);
        for (int parts : new int[] {1, 2, 5}) {
            List<List<Object>> csv = new ArrayList<>();
            for (int part = 0; part < parts; part++) {
                csv.addAll(csvScan(columns, part, parts));
            }
            assertThat(csv).as("%d parts", parts).hasSameSizeAs(parquet);
            for (int i = 0; i < csv.size(); i++) {
                List<Object> expected = new ArrayList<>(parquet.get(i));
                // the CSV text of i / 3.0 is DuckDB's shortest round-trip form
                assertThat(csv.get(i).subList(0, 6)).isEqualTo(expected.subList(0, 6));
                assertThat((double) csv.get(i).get(6))
                        .isCloseTo((double) expected.get(6), org.assertj.core.data.Offset.offset(1e-9));
            }
        }
    }

    @Test
    void corruptParquetFailsWhenReadWithTheFileName() {
        FileConnector connector = connector();
        assertThat(connector.tables("bad")).extracting(TableDefinition::name).contains("corrupt");
        assertThatThrownBy(
                        () -> connector.createScan("bad", "corrupt", List.of(), 0, 1, ExecutionContext.of(allocator)))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("corrupt.parquet")
                .satisfies(e -> assertThat(((AqueductException) e).errorCode()).isEqualTo(ErrorCode.FILE_ERROR));
    }

    @Test
    void csvValueThatDoesNotParseNamesFileLineAndColumn() {
        assertThatThrownBy(() -> scanIn("bad", "values", List.of("id", "amount")))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("values.csv, line 4")
                .hasMessageContaining("amount")
                .hasMessageContaining("'abc'")
                .satisfies(e -> assertThat(((AqueductException) e).errorCode()).isEqualTo(ErrorCode.BAD_FILE_DATA));
    }

    @Test
    void csvRecordWithTooFewFields() {
        assertThatThrownBy(() -> scanIn("bad", "ragged", List.of("id")))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("ragged.csv, line 3: has 1 fields, the header 2");
    }

    @Test
    void missingDirectoryFailsAtStartup() {
        assertThatThrownBy(() -> new FileConnector(new FileCatalog("lake", root.resolve("nope"))))
                .isInstanceOf(AqueductException.class)
                .hasMessageContaining("Catalog lake: directory")
                .hasMessageContaining("does not exist");
    }

    @Test
    void unknownSchemaAndTable() {
        assertThatThrownBy(() -> connector().tables("nope"))
                .satisfies(e -> assertThat(((AqueductException) e).errorCode()).isEqualTo(ErrorCode.SCHEMA_NOT_FOUND));
        assertThatThrownBy(() -> connector().statistics("data", "nope"))
                .satisfies(e -> assertThat(((AqueductException) e).errorCode()).isEqualTo(ErrorCode.TABLE_NOT_FOUND));
    }

    private List<List<Object>> csvScan(List<String> columns, int part, int parts) {
        return scan(connector(), "text", columns, part, parts);
    }

    private List<List<Object>> scan(FileConnector connector, String table, List<String> columns, int part, int parts) {
        try (Operator scan =
                connector.createScan("data", table, columns, part, parts, ExecutionContext.of(allocator))) {
            return BatchRows.drain(scan);
        }
    }

    private List<List<Object>> scanIn(String schema, String table, List<String> columns) {
        try (Operator scan = connector().createScan(schema, table, columns, 0, 1, ExecutionContext.of(allocator))) {
            return BatchRows.drain(scan);
        }
    }
}
