package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestUnionOperator extends ArrowAllocatorTest {
    private static final RowType FIRST = rowType("a", DataType.BIGINT, "b", DataType.VARCHAR, "c", DataType.BOOLEAN);
    private static final RowType SECOND = rowType("x", DataType.BIGINT, "y", DataType.VARCHAR, "z", DataType.BOOLEAN);
    private static final RowType OUTPUT =
            rowType("id", DataType.BIGINT, "name", DataType.VARCHAR, "flag", DataType.BOOLEAN);

    @Test
    void emitsEachInputInTurnUnderTheOutputNames() {
        PreparedOperator first = PreparedOperator.of(
                FIRST, 2, List.of(row(1L, "a", true), row(2L, null, false), row(3L, "c", null)), allocator);
        PreparedOperator empty = PreparedOperator.of(SECOND, 2, List.of(), allocator);
        PreparedOperator second = PreparedOperator.of(SECOND, 2, List.of(row(null, "d", true)), allocator);
        List<List<Object>> rows = new ArrayList<>();
        try (Operator union =
                UnionOperator.create(node(FIRST, SECOND, SECOND), List.of(first, empty, second), context())) {
            for (VectorSchemaRoot batch = union.next(); batch != null; batch = union.next()) {
                try (VectorSchemaRoot owned = batch) {
                    assertThat(owned.getSchema()).isEqualTo(OUTPUT.toSchema());
                    rows.addAll(BatchRows.read(owned));
                }
            }
        }

        assertThat(rows)
                .containsExactly(row(1L, "a", true), row(2L, null, false), row(3L, "c", null), row(null, "d", true));
    }

    @Test
    void movesBuffersInsteadOfCopying() {
        PreparedOperator input = PreparedOperator.of(FIRST, 10, List.of(row(1L, "abc", true)), allocator);
        try (Operator union = UnionOperator.create(node(FIRST), List.of(input), context());
                VectorSchemaRoot batch = union.next()) {
            // Exhausting the input closed it along with its allocator: the rows live on in moved buffers.
            assertThat(union.next()).isNull();
            assertThat(input.isClosed()).isTrue();
            assertThat(BatchRows.read(batch)).containsExactly(row(1L, "abc", true));
        }
    }

    @Test
    void keepsEmptyBatches() {
        PreparedOperator input =
                PreparedOperator.ofBatches(FIRST, List.of(List.of(), List.of(row(1L, "a", true))), allocator);
        try (Operator union = UnionOperator.create(node(FIRST), List.of(input), context())) {
            assertThat(BatchRows.drainBatchSizes(union)).containsExactly(0, 1);
        }
    }

    @Test
    void closesEveryInputWhenClosedEarly() {
        PreparedOperator first =
                PreparedOperator.of(FIRST, 1, List.of(row(1L, "a", true), row(2L, "b", true)), allocator);
        PreparedOperator second = PreparedOperator.of(SECOND, 1, List.of(row(3L, "c", true)), allocator);
        Operator union = UnionOperator.create(node(FIRST, SECOND), List.of(first, second), context());
        union.next().close();
        union.close();

        assertThat(first.isClosed()).isTrue();
        assertThat(second.isClosed()).isTrue();
        assertThat(second.batchesPulled()).isZero();
    }

    @Test
    void stopsWhenCanceled() {
        PreparedOperator input = PreparedOperator.of(FIRST, 1, List.of(row(1L, "a", true)), allocator);
        ExecutionContext canceled = new ExecutionContext(allocator, 16, () -> true);
        try (Operator union = UnionOperator.create(node(FIRST), List.of(input), canceled)) {
            assertThatThrownBy(union::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    private static UnionNode node(RowType... inputTypes) {
        List<PlanNode> inputs = new ArrayList<>();
        for (int i = 0; i < inputTypes.length; i++) {
            inputs.add(new RemoteSourceNode(i, inputTypes[i]));
        }
        return new UnionNode(inputs, OUTPUT);
    }

    private ExecutionContext context() {
        return ExecutionContext.of(allocator);
    }
}
