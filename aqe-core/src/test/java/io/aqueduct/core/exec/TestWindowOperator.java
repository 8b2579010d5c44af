package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.WindowCall;
import io.aqueduct.core.plan.WindowFrame;
import io.aqueduct.core.plan.WindowFunction;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestWindowOperator extends ArrowAllocatorTest {
    /** (group, position, amount, constant): a partition key, an ORDER BY key with ties, a value with a NULL. */
    private static final RowType INPUT =
            rowType("g", DataType.VARCHAR, "pos", DataType.INTEGER, "amount", DataType.BIGINT, "two", DataType.BIGINT);

    private static final List<List<Object>> ROWS = List.of(
            row("b", 1L, 5L, 2L),
            row("a", 2L, 20L, 2L),
            row("a", 1L, 10L, 2L),
            row("a", 2L, null, 2L),
            row("a", 4L, 40L, 2L),
            row("b", 3L, 7L, 2L));
    private static final List<SortKey> BY_POSITION = List.of(new SortKey(1, false, false));
    private static final WindowFrame WHOLE_PARTITION = new WindowFrame(
            true,
            WindowFrame.Bound.unbounded(WindowFrame.BoundKind.UNBOUNDED_PRECEDING),
            WindowFrame.Bound.unbounded(WindowFrame.BoundKind.UNBOUNDED_FOLLOWING));

    @Test
    void ranksRowsWithinPartitionsWithPeers() {
        List<WindowCall> calls = List.of(
                call(WindowFunction.ROW_NUMBER, List.of(), DataType.BIGINT),
                call(WindowFunction.RANK, List.of(), DataType.BIGINT),
                call(WindowFunction.DENSE_RANK, List.of(), DataType.BIGINT),
                call(WindowFunction.PERCENT_RANK, List.of(), DataType.DOUBLE),
                call(WindowFunction.CUME_DIST, List.of(), DataType.DOUBLE),
                call(WindowFunction.NTILE, List.of(3), DataType.BIGINT));

        // Within a partition, rows equal on ORDER BY keep their input order.
        assertThat(project(run(List.of(0), BY_POSITION, calls, 2), 0, 1, 2, 4, 5, 6, 7, 8, 9))
                .containsExactly(
                        row("a", 1L, 10L, 1L, 1L, 1L, 0.0, 0.25, 1L),
                        row("a", 2L, 20L, 2L, 2L, 2L, 1.0 / 3, 0.75, 1L),
                        row("a", 2L, null, 3L, 2L, 2L, 1.0 / 3, 0.75, 2L),
                        row("a", 4L, 40L, 4L, 4L, 3L, 1.0, 1.0, 2L),
                        row("b", 1L, 5L, 1L, 1L, 1L, 0.0, 0.5, 1L),
                        row("b", 3L, 7L, 2L, 2L, 2L, 1.0, 1.0, 2L));
    }

    @Test
    void defaultFrameSumsThroughTheCurrentRowsPeers() {
        List<WindowCall> calls = List.of(
                new WindowCall(WindowFunction.SUM, List.of(2), WindowFrame.DEFAULT, DataType.BIGINT),
                new WindowCall(WindowFunction.COUNT, List.of(2), WindowFrame.DEFAULT, DataType.BIGINT),
                new WindowCall(WindowFunction.COUNT, List.of(), WindowFrame.DEFAULT, DataType.BIGINT));

        assertThat(project(run(List.of(0), BY_POSITION, calls, 4), 0, 1, 4, 5, 6))
                .containsExactly(
                        row("a", 1L, 10L, 1L, 1L),
                        row("a", 2L, 30L, 2L, 3L),
                        row("a", 2L, 30L, 2L, 3L),
                        row("a", 4L, 70L, 3L, 4L),
                        row("b", 1L, 5L, 1L, 1L),
                        row("b", 3L, 12L, 2L, 2L));
    }

    @Test
    void slidingRowsAndRangeFrames() {
        WindowFrame rows = new WindowFrame(true, WindowFrame.Bound.preceding(1), WindowFrame.Bound.currentRow());
        WindowFrame range = new WindowFrame(false, WindowFrame.Bound.preceding(1), WindowFrame.Bound.following(1));
        List<WindowCall> calls = List.of(
                new WindowCall(WindowFunction.SUM, List.of(2), rows, DataType.BIGINT),
                new WindowCall(WindowFunction.MIN, List.of(2), rows, DataType.BIGINT),
                new WindowCall(WindowFunction.SUM0, List.of(2), range, DataType.BIGINT),
                new WindowCall(WindowFunction.MAX, List.of(2), range, DataType.BIGINT));

        assertThat(project(run(List.of(0), BY_POSITION, calls, 3), 0, 1, 4, 5, 6, 7))
                .containsExactly(
                        row("a", 1L, 10L, 10L, 30L, 20L),
                        row("a", 2L, 30L, 10L, 30L, 20L),
                        row("a", 2L, 20L, 20L, 30L, 20L),
                        row("a", 4L, 40L, 40L, 40L, 40L),
                        row("b", 1L, 5L, 5L, 5L, 5L),
                        row("b", 3L, 12L, 5L, 7L, 7L));
    }

    @Test
    void offsetsAndFrameValues() {
        WindowFrame upToCurrent = new WindowFrame(
                true,
                WindowFrame.Bound.unbounded(WindowFrame.BoundKind.UNBOUNDED_PRECEDING),
                WindowFrame.Bound.currentRow());
        List<WindowCall> calls = List.of(
                call(WindowFunction.LAG, List.of(2), DataType.BIGINT),
                call(WindowFunction.LEAD, List.of(2, 3, 3), DataType.BIGINT),
                new WindowCall(WindowFunction.FIRST_VALUE, List.of(0), upToCurrent, DataType.VARCHAR),
                new WindowCall(WindowFunction.LAST_VALUE, List.of(2), WHOLE_PARTITION, DataType.BIGINT),
                new WindowCall(WindowFunction.NTH_VALUE, List.of(2, 3), upToCurrent, DataType.BIGINT));

        assertThat(project(run(List.of(0), BY_POSITION, calls, 5), 1, 4, 5, 6, 7, 8))
                .containsExactly(
                        row(1L, null, null, "a", 40L, null),
                        row(2L, 10L, 40L, "a", 40L, 20L),
                        row(2L, 20L, 2L, "a", 40L, 20L),
                        row(4L, null, 2L, "a", 40L, 20L),
                        row(1L, null, 2L, "b", 7L, null),
                        row(3L, 5L, 2L, "b", 7L, 7L));
    }

    @Test
    void withoutPartitionKeysTheWholeInputIsOnePartition() {
        List<WindowCall> calls = List.of(call(WindowFunction.ROW_NUMBER, List.of(), DataType.BIGINT));
        List<SortKey> byAmountDescending = List.of(new SortKey(2, true, false));

        assertThat(project(run(List.of(), byAmountDescending, calls, 4), 2, 4))
                .containsExactly(row(40L, 1L), row(20L, 2L), row(10L, 3L), row(7L, 4L), row(5L, 5L), row(null, 6L));
    }

    @Test
    void emptyInputGivesNoRows() {
        WindowNode node = node(List.of(0), BY_POSITION, List.of(call(WindowFunction.RANK, List.of(), DataType.BIGINT)));
        try (WindowOperator operator = WindowOperator.create(
                node, PreparedOperator.of(INPUT, 2, List.of(), allocator), ExecutionContext.of(allocator))) {
            assertThat(BatchRows.drain(operator)).isEmpty();
        }
    }

    @Test
    void ntileRejectsNonPositiveBucketCounts() {
        List<List<Object>> rows = List.of(row("a", 1L, 1L, 0L));
        WindowNode node =
                node(List.of(0), BY_POSITION, List.of(call(WindowFunction.NTILE, List.of(3), DataType.BIGINT)));
        try (WindowOperator operator = WindowOperator.create(
                node, PreparedOperator.of(INPUT, 2, rows, allocator), ExecutionContext.of(allocator))) {
            assertThatThrownBy(() -> BatchRows.drain(operator))
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.INVALID_ARGUMENT));
        }
    }

    private static WindowCall call(WindowFunction function, List<Integer> arguments, DataType type) {
        return new WindowCall(function, arguments, WindowFrame.DEFAULT, type);
    }

    private static WindowNode node(List<Integer> partitionKeys, List<SortKey> orderKeys, List<WindowCall> calls) {
        List<String> names = new ArrayList<>(INPUT.names());
        List<DataType> types = new ArrayList<>(INPUT.types());
        for (int i = 0; i < calls.size(); i++) {
            names.add("w" + i);
            types.add(calls.get(i).type());
        }
        return new WindowNode(
                new RemoteSourceNode(0, INPUT), partitionKeys, orderKeys, calls, new RowType(names, types));
    }

    private List<List<Object>> run(
            List<Integer> partitionKeys, List<SortKey> orderKeys, List<WindowCall> calls, int batchRows) {
        WindowNode node = node(partitionKeys, orderKeys, calls);
        ExecutionContext context = new ExecutionContext(allocator, batchRows, () -> false);
        try (WindowOperator operator =
                WindowOperator.create(node, PreparedOperator.of(INPUT, batchRows, ROWS, allocator), context)) {
            List<Integer> sizes = new ArrayList<>();
            List<List<Object>> rows = new ArrayList<>();
            for (var batch = operator.next(); batch != null; batch = operator.next()) {
                try (var owned = batch) {
                    sizes.add(owned.getRowCount());
                    rows.addAll(BatchRows.read(owned));
                }
            }
            assertThat(sizes).allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(batchRows));
            return rows;
        }
    }

    private static List<List<Object>> project(List<List<Object>> rows, int... columns) {
        List<List<Object>> projected = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> values = new ArrayList<>();
            for (int column : columns) {
                values.add(row.get(column));
            }
            projected.add(values);
        }
        return projected;
    }
}
