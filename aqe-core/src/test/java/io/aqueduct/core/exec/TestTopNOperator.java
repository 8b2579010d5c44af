package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestTopNOperator extends ArrowAllocatorTest {
    private static final RowType TYPE = rowType("k", DataType.INTEGER, "s", DataType.VARCHAR, "id", DataType.BIGINT);
    private static final List<SortKey> KEYS = List.of(new SortKey(0, true, false), new SortKey(1, false, true));
    private static final int BATCH_ROWS = 100;

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 7, 100, 150, 1999, 2000, 5000})
    void equalsSortThenLimitOnRandomData(long count) {
        List<List<Object>> rows = randomRows(new Random(count), 2000);
        ExecutionContext context = new ExecutionContext(allocator, BATCH_ROWS, () -> false);
        RemoteSourceNode source = new RemoteSourceNode(0, TYPE);

        List<List<Object>> topN;
        try (Operator operator = TopNOperator.create(new TopNNode(source, KEYS, count), input(rows), context)) {
            topN = BatchRows.drain(operator);
        }
        List<List<Object>> sortThenLimit;
        try (Operator operator = LimitOperator.create(
                new LimitNode(source, 0, count),
                SortOperator.create(new SortNode(source, KEYS), input(rows), context),
                context)) {
            sortThenLimit = BatchRows.drain(operator);
        }

        assertThat(topN).hasSize((int) Math.min(count, rows.size())).isEqualTo(sortThenLimit);
    }

    @Test
    void holdsFewRowsWhenCountIsSmall() {
        List<List<Object>> rows = randomRows(new Random(1), 10_000);
        RemoteSourceNode source = new RemoteSourceNode(0, TYPE);

        long topNPeak;
        try (BufferAllocator taskAllocator = allocator.newChildAllocator("task", 0, Long.MAX_VALUE)) {
            ExecutionContext context = new ExecutionContext(taskAllocator, BATCH_ROWS, () -> false);
            try (Operator topN = TopNOperator.create(new TopNNode(source, KEYS, 10), input(rows), context)) {
                assertThat(BatchRows.drain(topN)).hasSize(10);
            }
            topNPeak = taskAllocator.getPeakMemoryAllocation();
        }
        long sortPeak;
        try (BufferAllocator taskAllocator = allocator.newChildAllocator("task", 0, Long.MAX_VALUE)) {
            ExecutionContext context = new ExecutionContext(taskAllocator, BATCH_ROWS, () -> false);
            try (Operator sort = SortOperator.create(new SortNode(source, KEYS), input(rows), context)) {
                BatchRows.drain(sort);
            }
            sortPeak = taskAllocator.getPeakMemoryAllocation();
        }

        assertThat(topNPeak).isLessThan(sortPeak / 10);
    }

    private PreparedOperator input(List<List<Object>> rows) {
        return PreparedOperator.of(TYPE, BATCH_ROWS, rows, allocator);
    }

    private static List<List<Object>> randomRows(Random random, int count) {
        List<List<Object>> rows = new ArrayList<>(count);
        for (long id = 0; id < count; id++) {
            Long key = random.nextInt(20) == 0 ? null : (long) random.nextInt(50);
            String text = random.nextInt(10) == 0 ? null : "s" + random.nextInt(30);
            rows.add(row(key, text, id));
        }
        return rows;
    }
}
