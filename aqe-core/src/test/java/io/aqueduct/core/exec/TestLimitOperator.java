package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestLimitOperator {
    private static final RowType TYPE = rowType("id", DataType.BIGINT, "s", DataType.VARCHAR, "b", DataType.BOOLEAN);

    private BufferAllocator allocator;
    private ExecutionContext context;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
        context = ExecutionContext.of(allocator);
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void skipsOffsetThenPassesCountAcrossBatches() {
        try (Operator limit = limit(rows(100), 10, 13, 25)) {
            assertThat(BatchRows.drain(limit)).isEqualTo(rows(100).subList(13, 38));
        }
    }

    @Test
    void passesEverythingWhenInputIsShort() {
        try (Operator limit = limit(rows(7), 3, 2, 100)) {
            assertThat(BatchRows.drain(limit)).isEqualTo(rows(7).subList(2, 7));
        }
    }

    @Test
    void stopsPullingAndClosesInputOnceCountRowsAreOut() {
        PreparedOperator input = PreparedOperator.of(TYPE, 10, rows(100), allocator);
        try (Operator limit =
                LimitOperator.create(new LimitNode(new RemoteSourceNode(0, TYPE), 5, 15), input, context)) {
            List<List<Object>> result = new ArrayList<>();
            try (VectorSchemaRoot first = limit.next()) {
                result.addAll(BatchRows.read(first));
            }
            assertThat(input.isClosed()).isFalse();

            VectorSchemaRoot last = limit.next();
            assertThat(input.isClosed()).isTrue();
            try (last) {
                // readable after the input that produced it is closed
                result.addAll(BatchRows.read(last));
            }

            assertThat(limit.next()).isNull();
            assertThat(input.batchesPulled()).isEqualTo(2).isLessThan(input.batchCount());
            assertThat(result).isEqualTo(rows(100).subList(5, 20));
        }
    }

    @Test
    void zeroCountNeverPullsInput() {
        PreparedOperator input = PreparedOperator.of(TYPE, 10, rows(100), allocator);
        try (Operator limit =
                LimitOperator.create(new LimitNode(new RemoteSourceNode(0, TYPE), 0, 0), input, context)) {
            assertThat(limit.next()).isNull();
            assertThat(input.batchesPulled()).isZero();
            assertThat(input.isClosed()).isTrue();
        }
    }

    @Test
    void skipsEmptyBatchesAndOffsetsThatEndOnABatchBoundary() {
        List<List<List<Object>>> batches = List.of(List.of(), rows(4), List.of(), rows(3));
        PreparedOperator input = PreparedOperator.ofBatches(TYPE, batches, allocator);
        try (Operator limit =
                LimitOperator.create(new LimitNode(new RemoteSourceNode(0, TYPE), 4, 2), input, context)) {
            assertThat(BatchRows.drain(limit)).isEqualTo(rows(3).subList(0, 2));
        }
    }

    private Operator limit(List<List<Object>> rows, int batchRows, long offset, long count) {
        PreparedOperator input = PreparedOperator.of(TYPE, batchRows, rows, allocator);
        return LimitOperator.create(new LimitNode(new RemoteSourceNode(0, TYPE), offset, count), input, context);
    }

    private static List<List<Object>> rows(int count) {
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            rows.add(row(i, i % 4 == 0 ? null : "row " + i, i % 3 == 0));
        }
        return rows;
    }
}
