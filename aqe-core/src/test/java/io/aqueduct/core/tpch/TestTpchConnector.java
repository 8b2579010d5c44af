package io.aqueduct.core.tpch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.LineItem;
import io.trino.tpch.RandomBoundedInt;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestTpchConnector extends ArrowAllocatorTest {
    private static final double TINY = 0.01;

    private final TpchConnector connector = new TpchConnector();

    @Test
    void metadata() {
        assertThat(connector.name()).isEqualTo("tpch");
        assertThat(connector.schemaNames()).containsExactly("tiny", "sf0_1", "sf1", "sf10", "sf100");
        assertThat(connector.tables("tiny"))
                .extracting(TableDefinition::name)
                .containsExactlyInAnyOrder(
                        "customer", "orders", "lineitem", "part", "partsupp", "supplier", "nation", "region");
    }

    @Test
    void columnTypes() {
        TableDefinition lineitem = connector.table("sf1", "lineitem").orElseThrow();
        assertThat(lineitem.columns().names())
                .containsExactly(
                        "l_orderkey",
                        "l_partkey",
                        "l_suppkey",
                        "l_linenumber",
                        "l_quantity",
                        "l_extendedprice",
                        "l_discount",
                        "l_tax",
                        "l_returnflag",
                        "l_linestatus",
                        "l_shipdate",
                        "l_commitdate",
                        "l_receiptdate",
                        "l_shipinstruct",
                        "l_shipmode",
                        "l_comment");
        DataType money = DataType.decimal(15, 2);
        assertThat(lineitem.columns().types())
                .containsExactly(
                        DataType.BIGINT,
                        DataType.BIGINT,
                        DataType.BIGINT,
                        DataType.INTEGER,
                        money,
                        money,
                        money,
                        money,
                        DataType.VARCHAR,
                        DataType.VARCHAR,
                        DataType.DATE,
                        DataType.DATE,
                        DataType.DATE,
                        DataType.VARCHAR,
                        DataType.VARCHAR,
                        DataType.VARCHAR);
        assertThat(connector.table("tiny", "part").orElseThrow().columns().type(5))
                .isEqualTo(DataType.INTEGER);
        assertThat(connector.table("tiny", "partsupp").orElseThrow().columns().type(2))
                .isEqualTo(DataType.INTEGER);
        assertThat(connector.table("tiny", "orders").orElseThrow().columns().type(7))
                .isEqualTo(DataType.INTEGER);
    }

    @Test
    void rowCountsAtTinyEqualStatistics() {
        for (TableDefinition table : connector.tables("tiny")) {
            long scanned = countRows("tiny", table.name(), List.of(), 0, 1);
            assertThat(scanned)
                    .as(table.name())
                    .isEqualTo(connector.statistics("tiny", table.name()).rowCount());
        }
        assertThat(connector.statistics("tiny", "lineitem").rowCount()).isEqualTo(60_175);
        assertThat(connector.statistics("tiny", "orders").rowCount()).isEqualTo(15_000);
        assertThat(connector.statistics("tiny", "partsupp").rowCount()).isEqualTo(8_000);
    }

    @Test
    void lineItemRowsEqualTheGeneratorsLineCounts() {
        // Replays OrderGenerator's line-count stream: one draw of 1..7 lines per order. sf100 takes too long.
        for (TpchSchema schema : List.of(TpchSchema.TINY, TpchSchema.SF0_1, TpchSchema.SF1, TpchSchema.SF10)) {
            RandomBoundedInt lineCounts = new RandomBoundedInt(1434868289, 1, 7);
            long orders = connector.statistics(schema.schemaName(), "orders").rowCount();
            long lines = 0;
            for (long order = 0; order < orders; order++) {
                lines += lineCounts.nextValue();
                lineCounts.rowFinished();
            }
            assertThat(schema.lineItemRows()).as(schema.schemaName()).isEqualTo(lines);
        }
    }

    @Test
    void sizeEstimateCoversFixedWidthColumns() {
        long rows = connector.statistics("tiny", "lineitem").rowCount();
        long sizeBytes = connector.statistics("tiny", "lineitem").sizeBytes();
        // 7 longs + 1 int + 3 dates and at least one offset and one byte for each of the 5 strings.
        assertThat(sizeBytes).isBetween(rows * (7 * 8 + 4 + 3 * 4 + 5 * 5), rows * 200);
    }

    @Test
    void partsTogetherEqualWholeTable() {
        for (String table : List.of("lineitem", "orders", "partsupp", "nation")) {
            String key = connector
                    .table("tiny", table)
                    .orElseThrow()
                    .columns()
                    .names()
                    .get(0);
            long[] whole = countAndSum("tiny", table, key, 0, 1);
            long[] parts = new long[2];
            for (int part = 0; part < 3; part++) {
                long[] result = countAndSum("tiny", table, key, part, 3);
                parts[0] += result[0];
                parts[1] += result[1];
            }
            assertThat(parts).as(table).containsExactly(whole);
        }
    }

    @Test
    void aScanOfNoColumnCountsEachPartsRowsWithoutGeneratingThem() {
        for (TableDefinition table : connector.tables("tiny")) {
            List<String> firstColumn = List.of(table.columns().names().get(0));
            for (int part = 0; part < 3; part++) {
                assertThat(countRows("tiny", table.name(), List.of(), part, 3))
                        .as("%s part %d", table.name(), part)
                        .isEqualTo(countRows("tiny", table.name(), firstColumn, part, 3));
            }
        }
    }

    @Test
    void distinctCountsFromTheSpecEqualTheGeneratedData() {
        Map<String, List<String>> columns = Map.of(
                "lineitem", List.of("l_orderkey", "l_suppkey", "l_linenumber", "l_returnflag", "l_shipmode", "l_tax"),
                "orders", List.of("o_orderkey", "o_orderstatus", "o_orderpriority", "o_clerk"),
                "customer", List.of("c_custkey", "c_nationkey", "c_mktsegment"),
                "part", List.of("p_brand", "p_container", "p_size"));
        columns.forEach((table, names) -> {
            Map<String, ColumnStatistics> statistics = connector.columnStatistics("tiny", table);
            for (String column : names) {
                Set<Object> values = new HashSet<>();
                scan("tiny", table, List.of(column), 0, 1, batch -> {
                    for (int row = 0; row < batch.getRowCount(); row++) {
                        values.add(batch.getVector(0).getObject(row));
                    }
                });
                assertThat(statistics.get(column).distinctCount()).as(column).isEqualTo(values.size());
                assertThat(statistics.get(column).nullCount()).as(column).isZero();
            }
        });
    }

    @Test
    void decimalsAreExactHundredths() {
        BigDecimal expected = BigDecimal.ZERO;
        for (LineItem item : TpchTable.LINE_ITEM.createGenerator(TINY, 1, 1)) {
            expected = expected.add(BigDecimal.valueOf(item.getExtendedPrice()));
        }
        long[] unscaledSum = new long[1];
        scan("tiny", "lineitem", List.of("l_extendedprice"), 0, 1, batch -> {
            BigIntVector prices = (BigIntVector) batch.getVector(0);
            for (int i = 0; i < batch.getRowCount(); i++) {
                unscaledSum[0] += prices.get(i);
            }
        });
        assertThat(BigDecimal.valueOf(unscaledSum[0], 2)).isEqualByComparingTo(expected);
    }

    @Test
    void fillsRequestedColumnsInRequestedOrder() {
        LineItem first =
                TpchTable.LINE_ITEM.createGenerator(TINY, 1, 1).iterator().next();
        List<String> columns = List.of("l_comment", "l_shipdate", "l_linenumber", "l_discount", "l_orderkey");
        try (Operator scan = connector.createScan("tiny", "lineitem", columns, 0, 1, ExecutionContext.of(allocator));
                VectorSchemaRoot batch = scan.next()) {
            assertThat(scan.outputType().names()).isEqualTo(columns);
            assertThat(batch.getSchema()).isEqualTo(scan.outputType().toSchema());
            assertThat(((VarCharVector) batch.getVector(0)).getObject(0).toString())
                    .isEqualTo(first.getComment());
            assertThat(LocalDate.ofEpochDay(((DateDayVector) batch.getVector(1)).get(0)))
                    .isEqualTo(LocalDate.parse(GenerateUtils.formatDate(first.getShipDate())));
            assertThat(((IntVector) batch.getVector(2)).get(0)).isEqualTo(first.getLineNumber());
            assertThat(((BigIntVector) batch.getVector(3)).get(0)).isEqualTo(first.getDiscountPercent());
            assertThat(((BigIntVector) batch.getVector(4)).get(0)).isEqualTo(first.getOrderKey());
        }
    }

    @Test
    void batchesHoldBatchRows() {
        ExecutionContext context = new ExecutionContext(allocator, 4000, () -> false);
        List<Integer> sizes = new ArrayList<>();
        try (Operator scan = connector.createScan("tiny", "orders", List.of("o_orderkey"), 0, 1, context)) {
            for (VectorSchemaRoot batch = scan.next(); batch != null; batch = scan.next()) {
                sizes.add(batch.getRowCount());
                batch.close();
            }
            assertThat(scan.next()).isNull();
        }
        assertThat(sizes).containsExactly(4000, 4000, 4000, 3000);
    }

    @Test
    void checksCancellation() {
        ExecutionContext context = new ExecutionContext(allocator, 1000, () -> true);
        try (Operator scan = connector.createScan("tiny", "orders", List.of("o_orderkey"), 0, 1, context)) {
            assertThatThrownBy(scan::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    @Test
    void closingEarlyReleasesMemory() {
        Operator scan =
                connector.createScan("tiny", "lineitem", List.of("l_comment"), 0, 1, ExecutionContext.of(allocator));
        scan.next().close();
        scan.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void unknownNames() {
        ExecutionContext context = ExecutionContext.of(allocator);
        assertErrorCode(() -> connector.tables("sf3"), ErrorCode.SCHEMA_NOT_FOUND);
        assertErrorCode(() -> connector.statistics("tiny", "nope"), ErrorCode.TABLE_NOT_FOUND);
        assertErrorCode(
                () -> connector.createScan("tiny", "orders", List.of("orderkey"), 0, 1, context),
                ErrorCode.COLUMN_NOT_FOUND);
    }

    private static void assertErrorCode(Runnable action, ErrorCode expected) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                .isEqualTo(expected));
    }

    private long countRows(String schema, String table, List<String> columns, int part, int partCount) {
        long[] rows = new long[1];
        scan(schema, table, columns, part, partCount, batch -> rows[0] += batch.getRowCount());
        return rows[0];
    }

    private long[] countAndSum(String schema, String table, String bigintColumn, int part, int partCount) {
        long[] countAndSum = new long[2];
        scan(schema, table, List.of(bigintColumn), part, partCount, batch -> {
            BigIntVector keys = (BigIntVector) batch.getVector(0);
            countAndSum[0] += batch.getRowCount();
            for (int i = 0; i < batch.getRowCount(); i++) {
                countAndSum[1] += keys.get(i);
            }
        });
        return countAndSum;
    }

    private void scan(
            String schema,
            String table,
            List<String> columns,
            int part,
            int partCount,
            Consumer<VectorSchemaRoot> consumer) {
        try (Operator scan =
                connector.createScan(schema, table, columns, part, partCount, ExecutionContext.of(allocator))) {
            VectorSchemaRoot batch;
            while ((batch = scan.next()) != null) {
                try (VectorSchemaRoot owned = batch) {
                    consumer.accept(owned);
                }
            }
        }
    }
}
