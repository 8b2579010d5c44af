package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

class TestSortOperator extends ArrowAllocatorTest {
    @Test
    void sortsByMultipleKeysWithDirectionsAndNullPlacement() {
        RowType type = rowType("a", DataType.INTEGER, "b", DataType.VARCHAR, "id", DataType.BIGINT);
        List<List<Object>> rows = List.of(
                row(2L, "x", 1L),
                row(null, "y", 2L),
                row(1L, null, 3L),
                row(2L, null, 4L),
                row(1L, "z", 5L),
                row(null, null, 6L),
                row(2L, "y", 7L),
                row(1L, "a", 8L));
        // a ASC NULLS LAST, b DESC NULLS FIRST
        List<SortKey> keys = List.of(new SortKey(0, false, false), new SortKey(1, true, true));

        assertThat(sort(type, keys, rows, 3))
                .containsExactly(
                        row(1L, null, 3L),
                        row(1L, "z", 5L),
                        row(1L, "a", 8L),
                        row(2L, null, 4L),
                        row(2L, "y", 7L),
                        row(2L, "x", 1L),
                        row(null, null, 6L),
                        row(null, "y", 2L));
    }

    @Test
    void descendingWithNullsLastAndNullsFirst() {
        RowType type = rowType("d", DataType.DOUBLE);
        List<List<Object>> rows = List.of(row(1.5), row((Object) null), row(-2.0), row(Double.NaN), row(0.0));

        assertThat(sort(type, List.of(new SortKey(0, true, false)), rows, 2))
                .containsExactly(row(Double.NaN), row(1.5), row(0.0), row(-2.0), row((Object) null));
        assertThat(sort(type, List.of(new SortKey(0, true, true)), rows, 2))
                .containsExactly(row((Object) null), row(Double.NaN), row(1.5), row(0.0), row(-2.0));
    }

    @Test
    void ordersVarcharByCodePoint() {
        RowType type = rowType("s", DataType.VARCHAR);
        List<List<Object>> rows =
                List.of(row("\uD83D\uDE00"), row("a"), row("\uFFFD"), row("é"), row("B"), row(""), row("ab"));

        // UTF-16 order would put the emoji (a surrogate pair) before U+FFFD.
        assertThat(sort(type, List.of(new SortKey(0, false, false)), rows, 4))
                .containsExactly(row(""), row("B"), row("a"), row("ab"), row("é"), row("\uFFFD"), row("\uD83D\uDE00"));
    }

    @Test
    void sortsEachKeyType() {
        RowType type = rowType("day", DataType.DATE, "d", DataType.decimal(10, 2), "flag", DataType.BOOLEAN);
        List<List<Object>> rows =
                List.of(row(3L, 5L, true), row(-1L, 7L, false), row(3L, -5L, false), row(0L, 7L, true));
        List<SortKey> keys =
                List.of(new SortKey(2, false, false), new SortKey(0, true, false), new SortKey(1, false, false));

        assertThat(sort(type, keys, rows, 10))
                .containsExactly(row(3L, -5L, false), row(-1L, 7L, false), row(3L, 5L, true), row(0L, 7L, true));
    }

    @Test
    void isStableAndEmitsBatchesOfTheConfiguredSize() {
        RowType type = rowType("k", DataType.INTEGER, "id", DataType.BIGINT);
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 1000; i++) {
            rows.add(row(i % 3, i));
        }
        List<List<Object>> expected = new ArrayList<>();
        for (long key = 0; key < 3; key++) {
            for (List<Object> row : rows) {
                if (row.get(0).equals(key)) {
                    expected.add(row);
                }
            }
        }
        List<SortKey> keys = List.of(new SortKey(0, false, false));

        assertThat(sort(type, keys, rows, 64)).isEqualTo(expected);
        try (Operator sort = sortOperator(type, keys, rows, 64)) {
            assertThat(BatchRows.drainBatchSizes(sort))
                    .allMatch(size -> size <= 64)
                    .hasSize(16);
        }
    }

    @Test
    void failsWithMemoryLimitNamingTheSortAndKeepsNothing() {
        RowType type = rowType("k", DataType.BIGINT, "s", DataType.VARCHAR);
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 100_000; i++) {
            rows.add(row(i, "some text"));
        }
        long heapReserved = HeapBudget.jvm().reservedBytes();
        try (BufferAllocator limited = allocator.newChildAllocator("query", 0, 1 << 20)) {
            PreparedOperator input = PreparedOperator.of(type, 1000, rows, allocator);
            SortNode node = new SortNode(new RemoteSourceNode(0, type), List.of(new SortKey(0, true, false)));
            Operator sort = SortOperator.create(node, input, ExecutionContext.of(limited));
            try {
                assertThatThrownBy(sort::next).isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
                    assertThat(e.getMessage()).containsPattern("sort needs \\d+ bytes");
                });
            } finally {
                sort.close();
            }
            assertThat(input.isClosed()).isTrue();
            assertThat(limited.getAllocatedMemory()).isZero();
        }
        assertThat(HeapBudget.jvm().reservedBytes()).isEqualTo(heapReserved);
    }

    @Test
    void emptyInputGivesNoRows() {
        RowType type = rowType("k", DataType.INTEGER);

        assertThat(sort(type, List.of(new SortKey(0, false, false)), List.of(), 4))
                .isEmpty();
    }

    private List<List<Object>> sort(RowType type, List<SortKey> keys, List<List<Object>> rows, int batchRows) {
        try (Operator sort = sortOperator(type, keys, rows, batchRows)) {
            return BatchRows.drain(sort);
        }
    }

    private Operator sortOperator(RowType type, List<SortKey> keys, List<List<Object>> rows, int batchRows) {
        ExecutionContext context = new ExecutionContext(allocator, batchRows, () -> false);
        SortNode node = new SortNode(new RemoteSourceNode(0, type), keys);
        return SortOperator.create(node, PreparedOperator.of(type, batchRows, rows, allocator), context);
    }
}
