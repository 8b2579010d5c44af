package io.aqueduct.core.skew;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestSkewConnector extends ArrowAllocatorTest {
    private static final List<String> FACT_COLUMNS = List.of("f_id", "f_key", "f_value", "f_date", "f_note");
    private static final int TINY_KEYS = 10_000;

    private final SkewConnector connector = new SkewConnector();

    @Test
    void metadata() {
        assertThat(ConnectorRegistry.builtIn().connector("skew")).isInstanceOf(SkewConnector.class);
        assertThat(connector.schemaNames()).containsExactly("tiny", "small", "medium", "large", "hot");
        TableDefinition fact = connector.table("tiny", "fact").orElseThrow();
        assertThat(fact.columns().names()).isEqualTo(FACT_COLUMNS);
        assertThat(fact.columns().types())
                .containsExactly(
                        DataType.BIGINT, DataType.BIGINT, DataType.decimal(12, 2), DataType.DATE, DataType.VARCHAR);
        TableDefinition dim = connector.table("large", "dim").orElseThrow();
        assertThat(dim.columns().names()).containsExactly("d_key", "d_name", "d_group");
        assertThat(dim.columns().types()).containsExactly(DataType.BIGINT, DataType.VARCHAR, DataType.INTEGER);
    }

    @Test
    void rowCountsAtTinyEqualStatistics() {
        assertThat(connector.statistics("tiny", "fact").rowCount()).isEqualTo(100_000);
        assertThat(connector.statistics("tiny", "dim").rowCount()).isEqualTo(TINY_KEYS);
        assertThat(connector.statistics("large", "fact").rowCount()).isEqualTo(100_000_000);
        assertThat(connector.statistics("large", "dim").rowCount()).isEqualTo(100_000);
        for (String table : List.of("fact", "dim")) {
            long[] rows = new long[1];
            scan("tiny", table, List.of(), 0, 1, batch -> rows[0] += batch.getRowCount());
            assertThat(rows[0])
                    .as(table)
                    .isEqualTo(connector.statistics("tiny", table).rowCount());
        }
    }

    @Test
    void sizeEstimateIsTheArrowSizeOfTheValues() {
        // The bytes the vectors use for values, offsets, string data and validity bits.
        for (String table : List.of("fact", "dim")) {
            List<String> columns =
                    connector.table("tiny", table).orElseThrow().columns().names();
            long[] bytes = new long[1];
            scan("tiny", table, columns, 0, 1, batch -> batch.getFieldVectors()
                    .forEach(vector -> bytes[0] += vector.getBufferSize()));
            long estimate = connector.statistics("tiny", table).sizeBytes();
            assertThat((double) estimate / bytes[0]).as(table).isBetween(0.98, 1.02);
        }
    }

    @Test
    void partsTogetherEqualWholeTable() {
        long[] whole = countAndSums("tiny", "fact", 0, 1);
        long[] parts = new long[3];
        for (int part = 0; part < 3; part++) {
            long[] result = countAndSums("tiny", "fact", part, 3);
            for (int i = 0; i < parts.length; i++) {
                parts[i] += result[i];
            }
        }
        assertThat(parts).containsExactly(whole);
        assertThat(whole[0]).isEqualTo(100_000);
        assertThat(whole[1]).isEqualTo(100_000L * 100_001 / 2);
    }

    @Test
    void scansAreDeterministicAndPartsRepeatTheWholeTable() {
        List<Integer> whole = rows(connector, 0, 1);
        // A second connector stands for another worker or run.
        assertThat(rows(new SkewConnector(), 0, 1)).isEqualTo(whole);
        List<Integer> parts = new ArrayList<>();
        for (int part = 0; part < 3; part++) {
            parts.addAll(rows(connector, part, 3));
        }
        assertThat(parts).isEqualTo(whole);
    }

    @Test
    void keyOneHoldsAboutThirtyPercentAndEveryKeyIsInDim() {
        long[] counts = new long[TINY_KEYS + 1];
        scan("tiny", "fact", List.of("f_key"), 0, 1, batch -> {
            BigIntVector keys = (BigIntVector) batch.getVector(0);
            for (int i = 0; i < batch.getRowCount(); i++) {
                long key = keys.get(i);
                assertThat(key).isBetween(1L, (long) TINY_KEYS);
                counts[(int) key]++;
            }
        });
        long heaviest = 0;
        for (long count : counts) {
            heaviest = Math.max(heaviest, count);
        }
        assertThat(heaviest).isEqualTo(counts[1]).isBetween(28_000L, 32_000L);
        // Zipf's law: key 2 holds 2^-s of key 1's rows.
        assertThat((double) counts[2] / counts[1]).isCloseTo(Math.pow(2, -SkewConnector.KEY_EXPONENT), within(0.02));

        List<Long> dimKeys = new ArrayList<>();
        scan("tiny", "dim", List.of("d_key"), 0, 1, batch -> {
            BigIntVector keys = (BigIntVector) batch.getVector(0);
            for (int i = 0; i < batch.getRowCount(); i++) {
                dimKeys.add(keys.get(i));
            }
        });
        assertThat(dimKeys).hasSize(TINY_KEYS).isSorted().first().isEqualTo(1L);
        assertThat(dimKeys.get(TINY_KEYS - 1)).isEqualTo(TINY_KEYS);
    }

    @Test
    void keyOneHoldsAboutEightyPercentOfTheHotSchema() {
        long[] rowsAndHot = new long[2];
        // One part of 40 (100,000 rows) is a fair sample: every row draws its key on its own.
        scan("hot", "fact", List.of("f_key"), 7, 40, batch -> {
            BigIntVector keys = (BigIntVector) batch.getVector(0);
            for (int i = 0; i < batch.getRowCount(); i++) {
                rowsAndHot[0]++;
                rowsAndHot[1] += keys.get(i) == 1 ? 1 : 0;
            }
        });
        assertThat(connector.statistics("hot", "fact").rowCount()).isEqualTo(4_000_000);
        assertThat(rowsAndHot[0]).isEqualTo(100_000);
        assertThat((double) rowsAndHot[1] / rowsAndHot[0]).isCloseTo(0.80, within(0.01));
    }

    @Test
    void zipfDrawsInvertTheCumulativeDistribution() {
        int keys = 1000;
        ZipfDistribution zipf = new ZipfDistribution(keys, SkewConnector.KEY_EXPONENT);
        double[] cumulative = new double[keys];
        double sum = 0;
        for (int key = 1; key <= keys; key++) {
            sum += Math.pow(key, -SkewConnector.KEY_EXPONENT);
            cumulative[key - 1] = sum;
        }
        assertThat(zipf.key(0)).isEqualTo(1);
        // Key k takes the uniform values from the cumulative probability of k - 1 up to, not including, its own.
        for (int key = 1; key < keys; key++) {
            double bound = cumulative[key - 1] / sum;
            assertThat(zipf.key(Math.nextDown(bound))).isEqualTo(key);
            assertThat(zipf.key(bound)).isEqualTo(key + 1);
        }
        assertThat(zipf.key(Math.nextDown(1.0))).isEqualTo(keys);
    }

    @Test
    void fillsRequestedColumnsInRequestedOrder() {
        List<String> columns = List.of("f_note", "f_date", "f_value", "f_id");
        try (Operator scan = connector.createScan("tiny", "fact", columns, 1, 2, ExecutionContext.of(allocator));
                VectorSchemaRoot batch = scan.next()) {
            assertThat(scan.outputType().names()).isEqualTo(columns);
            assertThat(batch.getSchema()).isEqualTo(scan.outputType().toSchema());
            assertThat(((VarCharVector) batch.getVector(0)).getObject(0).toString())
                    .matches("[a-z]+ [a-z]+");
            assertThat(LocalDate.ofEpochDay(((DateDayVector) batch.getVector(1)).get(0)))
                    .isBetween(LocalDate.of(2020, 1, 1), LocalDate.of(2024, 12, 31));
            assertThat(((BigIntVector) batch.getVector(2)).get(0)).isBetween(100L, 999_999L);
            assertThat(((BigIntVector) batch.getVector(3)).get(0)).isEqualTo(50_001);
        }
        try (Operator scan = connector.createScan(
                        "tiny",
                        "dim",
                        List.of("d_group", "d_name"),
                        0,
                        1,
                        new ExecutionContext(allocator, 200, () -> false));
                VectorSchemaRoot batch = scan.next()) {
            assertThat(((IntVector) batch.getVector(0)).get(0)).isEqualTo(1);
            assertThat(((IntVector) batch.getVector(0)).get(199)).isEqualTo(100);
            assertThat(((VarCharVector) batch.getVector(1)).getObject(122).toString())
                    .isEqualTo("Dim#000000123");
        }
    }

    @Test
    void batchesHoldBatchRows() {
        ExecutionContext context = new ExecutionContext(allocator, 4000, () -> false);
        List<Integer> sizes = new ArrayList<>();
        try (Operator scan = connector.createScan("tiny", "dim", List.of("d_key"), 0, 1, context)) {
            for (VectorSchemaRoot batch = scan.next(); batch != null; batch = scan.next()) {
                sizes.add(batch.getRowCount());
                batch.close();
            }
            assertThat(scan.next()).isNull();
        }
        assertThat(sizes).containsExactly(4000, 4000, 2000);
    }

    @Test
    void checksCancellationPerBatch() {
        boolean[] canceled = new boolean[1];
        ExecutionContext context = new ExecutionContext(allocator, 1000, () -> canceled[0]);
        try (Operator scan = connector.createScan("tiny", "fact", FACT_COLUMNS, 0, 1, context)) {
            scan.next().close();
            canceled[0] = true;
            assertThatThrownBy(scan::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    @Test
    void closingEarlyReleasesMemory() {
        Operator scan = connector.createScan("tiny", "fact", FACT_COLUMNS, 0, 1, ExecutionContext.of(allocator));
        scan.next().close();
        VectorSchemaRoot held = scan.next();
        assertThat(allocator.getAllocatedMemory()).isPositive();
        held.close();
        scan.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void unknownNames() {
        ExecutionContext context = ExecutionContext.of(allocator);
        assertErrorCode(() -> connector.tables("huge"), ErrorCode.SCHEMA_NOT_FOUND);
        assertErrorCode(() -> connector.statistics("tiny", "facts"), ErrorCode.TABLE_NOT_FOUND);
        assertErrorCode(
                () -> connector.createScan("tiny", "dim", List.of("f_key"), 0, 1, context), ErrorCode.COLUMN_NOT_FOUND);
    }

    @Test
    void rowRandomIsSplittableRandomAddressedByRow() {
        SplittableRandom random = new SplittableRandom(42);
        for (long row = 0; row < 1000; row++) {
            assertThat(RowRandom.bits(42, row)).isEqualTo(random.nextLong());
        }
    }

    private static void assertErrorCode(Runnable action, ErrorCode expected) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                .isEqualTo(expected));
    }

    /** Row count and the sums of f_id and f_key. */
    private long[] countAndSums(String schema, String table, int part, int partCount) {
        long[] result = new long[3];
        scan(schema, table, List.of("f_id", "f_key"), part, partCount, batch -> {
            BigIntVector ids = (BigIntVector) batch.getVector(0);
            BigIntVector keys = (BigIntVector) batch.getVector(1);
            result[0] += batch.getRowCount();
            for (int i = 0; i < batch.getRowCount(); i++) {
                result[1] += ids.get(i);
                result[2] += keys.get(i);
            }
        });
        return result;
    }

    /** A hash of each row of part {@code part} of tiny.fact, over every column's value. */
    private List<Integer> rows(SkewConnector source, int part, int partCount) {
        List<Integer> rows = new ArrayList<>();
        scan(source, "tiny", "fact", FACT_COLUMNS, part, partCount, batch -> {
            for (int i = 0; i < batch.getRowCount(); i++) {
                int hash = 0;
                for (FieldVector vector : batch.getFieldVectors()) {
                    hash = 31 * hash + vector.hashCode(i);
                }
                rows.add(hash);
            }
        });
        return rows;
    }

    private void scan(
            String schema,
            String table,
            List<String> columns,
            int part,
            int partCount,
            Consumer<VectorSchemaRoot> consumer) {
        scan(connector, schema, table, columns, part, partCount, consumer);
    }

    private void scan(
            SkewConnector source,
            String schema,
            String table,
            List<String> columns,
            int part,
            int partCount,
            Consumer<VectorSchemaRoot> consumer) {
        try (Operator scan =
                source.createScan(schema, table, columns, part, partCount, ExecutionContext.of(allocator))) {
            VectorSchemaRoot batch;
            while ((batch = scan.next()) != null) {
                try (VectorSchemaRoot owned = batch) {
                    consumer.accept(owned);
                }
            }
        }
    }
}
