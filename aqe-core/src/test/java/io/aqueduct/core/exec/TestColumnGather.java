package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.collect.Lists;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestColumnGather extends ArrowAllocatorTest {
    private static final RowType TYPE = BatchBuilder.rowType(
            DataType.INTEGER,
            DataType.BIGINT,
            DataType.DOUBLE,
            DataType.BOOLEAN,
            DataType.VARCHAR,
            DataType.DATE,
            DataType.decimal(12, 2));

    @Test
    void gathersRowsOfSeveralSourcesWithNullsInTheOrderAsked() {
        try (VectorSchemaRoot first = BatchBuilder.of(TYPE)
                        .row(1, 10L, 1.5, true, "alpha", LocalDate.of(2020, 1, 1), new BigDecimal("1.25"))
                        .row(null, null, null, null, null, null, null)
                        .row(3, 30L, -2.0, false, "", LocalDate.of(1999, 12, 31), new BigDecimal("-3.00"))
                        .build(allocator);
                VectorSchemaRoot second = BatchBuilder.of(TYPE)
                        .row(4, 40L, 0.0, false, "a longer string than the others", null, new BigDecimal("4.00"))
                        .build(allocator);
                VectorSchemaRoot target = Batches.allocate(TYPE, 1, allocator)) {
            List<List<Object>> firstRows = BatchRows.read(first);
            List<List<Object>> secondRows = BatchRows.read(second);
            int[] batches = {1, 0, 0, 0, 1, 0};
            int[] rows = {0, 2, -1, 1, 0, 0};
            for (int column = 0; column < TYPE.size(); column++) {
                FieldVector[] sources = {first.getVector(column), second.getVector(column)};
                ColumnGather.of(sources[0]).gather(sources, batches, rows, rows.length, target.getVector(column), 0);
            }
            target.setRowCount(rows.length);

            List<List<Object>> expected = new ArrayList<>();
            for (int i = 0; i < rows.length; i++) {
                expected.add(rows[i] < 0 ? firstRows.get(1) : (batches[i] == 0 ? firstRows : secondRows).get(rows[i]));
            }
            assertThat(BatchRows.read(target)).isEqualTo(expected);
        }
    }

    /** A source paired with a target that cannot hold it (a plan typing bug) must fail, not spin growing it forever. */
    @Test
    void failsWhenTheTargetCannotGrowToHoldTheRows() {
        RowType type = BatchBuilder.rowType(DataType.BIGINT);
        try (VectorSchemaRoot source = BatchBuilder.of(type).row(1L).row(2L).build(allocator);
                NullVector target = new NullVector("target")) {
            assertThatThrownBy(() -> ColumnGather.gather(source.getVector(0), new int[] {0, 1}, 2, target, 0))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot grow a NULL vector");
        }
    }

    /**
     * A target allocated for a gather is not zeroed first: a NULL row's value must be written as zeros, here over a value
     * gathered into the same row before, so that hashing or comparing a NULL's bytes sees what a zeroed vector held.
     */
    @Test
    void writesZerosForNullRowsOfAFixedWidthTarget() {
        RowType type = BatchBuilder.rowType(DataType.INTEGER, DataType.BIGINT, DataType.decimal(12, 2));
        try (VectorSchemaRoot source = BatchBuilder.of(type)
                        .row(7, 70L, new BigDecimal("7.77"))
                        .row(null, null, null)
                        .build(allocator);
                VectorSchemaRoot target = Batches.allocateForGather(type, 8, allocator)) {
            for (int column = 0; column < type.size(); column++) {
                FieldVector vector = target.getVector(column);
                ColumnGather.gather(source.getVector(column), new int[] {0, 0, 0}, 3, vector, 0);
                ColumnGather.gather(source.getVector(column), new int[] {1, -1, 0}, 3, vector, 0);
                int width = ((BaseFixedWidthVector) vector).getTypeWidth();
                for (int row = 0; row < 2; row++) {
                    for (int at = row * width; at < (row + 1) * width; at++) {
                        assertThat(vector.getDataBuffer().getByte(at)).isZero();
                    }
                }
            }
            target.setRowCount(3);

            List<List<Object>> sourceRows = BatchRows.read(source);
            assertThat(BatchRows.read(target)).containsExactly(sourceRows.get(1), sourceRows.get(1), sourceRows.get(0));
        }
    }

    /** {@code SELECT NULL, ... ORDER BY ...}: the fuzz run found that the NULL column failed the sort's gather. */
    @Test
    void gathersAColumnOfTypeNull() {
        RowType type = BatchBuilder.rowType(DataType.NULL, DataType.INTEGER);
        try (VectorSchemaRoot source =
                        BatchBuilder.of(type).row(null, 1).row(null, 2).build(allocator);
                VectorSchemaRoot target = Batches.allocate(type, 1, allocator)) {
            int[] rows = {1, -1, 0};
            for (int column = 0; column < type.size(); column++) {
                ColumnGather.gather(source.getVector(column), rows, rows.length, target.getVector(column), 0);
            }
            target.setRowCount(rows.length);

            assertThat(BatchRows.read(target))
                    .containsExactly(Arrays.asList(null, 2L), Arrays.asList(null, null), Arrays.asList(null, 1L));
        }
    }

    @Test
    void appendsAfterRowsAlreadyGatheredGrowingTheTarget() {
        BatchBuilder builder = BatchBuilder.of(TYPE);
        for (int i = 0; i < 100; i++) {
            builder.row(
                    i, (long) i, i / 2.0, i % 3 == 0, "value " + i, LocalDate.ofEpochDay(i), BigDecimal.valueOf(i, 2));
        }
        try (VectorSchemaRoot source = builder.build(allocator);
                BatchAccumulator accumulator = new BatchAccumulator(TYPE.toSchema(), allocator, 16)) {
            int[] evens = new int[50];
            int[] odds = new int[50];
            for (int i = 0; i < 50; i++) {
                evens[i] = 2 * i;
                odds[i] = 2 * i + 1;
            }
            accumulator.append(source, evens, 50);
            accumulator.append(source, odds, 50);
            List<List<Object>> sourceRows = BatchRows.read(source);
            List<List<Object>> expected = new ArrayList<>();
            for (int row : evens) {
                expected.add(sourceRows.get(row));
            }
            for (int row : odds) {
                expected.add(sourceRows.get(row));
            }
            try (VectorSchemaRoot taken = accumulator.take()) {
                assertThat(BatchRows.read(taken)).isEqualTo(expected);
            }
        }
    }

    @Test
    void anAccumulatorIsSizedForItsCapacityOnItsFirstAppend() {
        BatchBuilder builder = BatchBuilder.of(TYPE);
        for (int i = 0; i < 10; i++) {
            builder.row(i, (long) i, i / 2.0, true, "v" + i, LocalDate.ofEpochDay(i), BigDecimal.valueOf(i, 2));
        }
        try (VectorSchemaRoot source = builder.build(allocator);
                BatchAccumulator accumulator = new BatchAccumulator(TYPE.toSchema(), allocator, 1000)) {
            accumulator.append(source, new int[] {0, 1, 2}, 3);
            try (VectorSchemaRoot taken = accumulator.take()) {
                assertThat(taken.getFieldVectors()).allSatisfy(vector -> assertThat(vector.getValueCapacity())
                        .isGreaterThanOrEqualTo(1000));
                assertThat(BatchRows.read(taken))
                        .isEqualTo(BatchRows.read(source).subList(0, 3));
            }
        }
    }

    @Test
    void gathersStringsOfEveryLengthUpToTheEndsOfTheirBuffers() {
        RowType strings = new RowType(List.of("s"), List.of(DataType.VARCHAR));
        BatchBuilder builder = BatchBuilder.of(strings);
        for (int length = 0; length <= 40; length++) {
            builder.row(length % 7 == 3 ? null : "x".repeat(length) + (char) ('a' + length % 26));
        }
        try (VectorSchemaRoot source = builder.build(allocator);
                BatchAccumulator accumulator = new BatchAccumulator(strings.toSchema(), allocator, 1)) {
            int rows = source.getRowCount();
            int[] reversed = new int[rows];
            for (int i = 0; i < rows; i++) {
                reversed[i] = rows - 1 - i;
            }
            accumulator.append(source, reversed, rows);
            accumulator.append(source, reversed, rows);
            List<List<Object>> expected = new ArrayList<>(Lists.reverse(BatchRows.read(source)));
            expected.addAll(Lists.reverse(BatchRows.read(source)));
            try (VectorSchemaRoot taken = accumulator.take()) {
                assertThat(BatchRows.read(taken)).isEqualTo(expected);
            }
        }
    }

    /** Strings without NULLs, most rows kept (a filter's survivors): long runs, single rows, empty and long values. */
    @Test
    void gathersRunsOfStringsWithoutNullsAfterRowsAlreadyGathered() {
        RowType strings = new RowType(List.of("s"), List.of(DataType.VARCHAR));
        BatchBuilder builder = BatchBuilder.of(strings);
        for (int i = 0; i < 300; i++) {
            builder.row("y".repeat(i % 41) + i);
        }
        int[] kept = java.util.stream.IntStream.range(0, 300)
                .filter(row -> row % 37 != 5 && row % 3 != 1 || row > 200)
                .toArray();
        try (VectorSchemaRoot source = builder.build(allocator);
                BatchAccumulator accumulator = new BatchAccumulator(strings.toSchema(), allocator, 1)) {
            accumulator.append(source, kept, kept.length);
            accumulator.append(source, kept, kept.length);
            List<List<Object>> sourceRows = BatchRows.read(source);
            List<List<Object>> expected = new ArrayList<>();
            for (int pass = 0; pass < 2; pass++) {
                for (int row : kept) {
                    expected.add(sourceRows.get(row));
                }
            }
            try (VectorSchemaRoot taken = accumulator.take()) {
                assertThat(BatchRows.read(taken)).isEqualTo(expected);
            }
        }
    }

    @Test
    void gathersRunsOfConsecutiveRowsAndSingleRowsAlike() {
        BatchBuilder builder = BatchBuilder.of(TYPE);
        for (int i = 0; i < 100; i++) {
            builder.row(i, (long) -i, i / 4.0, i % 2 == 0, "s" + i, LocalDate.ofEpochDay(i), BigDecimal.valueOf(-i, 2));
        }
        int[] rows = java.util.stream.IntStream.concat(
                        java.util.stream.IntStream.concat(
                                java.util.stream.IntStream.range(0, 30), java.util.stream.IntStream.of(31, 33, 35)),
                        java.util.stream.IntStream.concat(
                                java.util.stream.IntStream.range(40, 47), java.util.stream.IntStream.range(50, 100)))
                .toArray();
        try (VectorSchemaRoot source = builder.build(allocator);
                BatchAccumulator accumulator = new BatchAccumulator(TYPE.toSchema(), allocator, rows.length)) {
            accumulator.append(source, rows, rows.length);
            List<List<Object>> sourceRows = BatchRows.read(source);
            List<List<Object>> expected = new ArrayList<>();
            for (int row : rows) {
                expected.add(sourceRows.get(row));
            }
            try (VectorSchemaRoot taken = accumulator.take()) {
                assertThat(BatchRows.read(taken)).isEqualTo(expected);
            }
        }
    }
}
