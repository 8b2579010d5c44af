package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestFilterOperator extends ArrowAllocatorTest {
    private static final RowType TYPE = BatchBuilder.rowType(DataType.BIGINT, DataType.VARCHAR);
    private static final Expression KEY = new InputReference(0, DataType.BIGINT);

    @Test
    void keepsRowsWherePredicateIsTrueAcrossBatches() {
        List<List<List<Object>>> batches = List.of(
                List.of(row(1L, "a"), row(5L, "b"), row(2L, "c")),
                List.of(row(7L, "d"), row(8L, "e")),
                List.of(row(0L, "f")),
                List.of(),
                List.of(row(null, "g"), row(6L, null)));
        PreparedOperator input = PreparedOperator.ofBatches(TYPE, batches, allocator);
        try (FilterOperator filter = create(greaterThan(KEY, 4L), input)) {
            assertThat(filter.outputType()).isEqualTo(TYPE);
            assertThat(BatchRows.drain(filter))
                    .containsExactly(row(5L, "b"), row(7L, "d"), row(8L, "e"), row(6L, null));
            assertThat(input.batchesPulled()).isEqualTo(5);
        }
        assertThat(input.isClosed()).isTrue();
    }

    @Test
    void selectsTheTrueRowsWordByWordAndThenTheTail() {
        int rows = 3 * Long.SIZE + 13;
        try (BitVector matches = new BitVector("matches", allocator)) {
            matches.allocateNew(rows);
            List<Integer> expected = new java.util.ArrayList<>();
            for (int row = 0; row < rows; row++) {
                // NULL every 5th row (its value bit set), TRUE on other rows divisible by 3 and in the second word.
                if (row % 5 == 0) {
                    matches.set(row, 1);
                    matches.setNull(row);
                } else if (row % 3 == 0 || (row >= Long.SIZE && row < 2 * Long.SIZE)) {
                    matches.set(row, 1);
                    expected.add(row);
                } else {
                    matches.set(row, 0);
                }
            }
            matches.setValueCount(rows);
            int[] selected = new int[rows];

            int count = FilterOperator.selectTrue(matches, rows, selected);

            assertThat(Arrays.stream(selected, 0, count).boxed().toList()).isEqualTo(expected);
        }
    }

    @Test
    void skipsBatchesWithoutSurvivorsAndPassesFullBatchesThrough() {
        List<List<List<Object>>> batches =
                List.of(List.of(row(1L, "a")), List.of(row(5L, "b"), row(6L, "c")), List.of());
        PreparedOperator input = PreparedOperator.ofBatches(TYPE, batches, allocator);
        try (FilterOperator filter = create(greaterThan(KEY, 4L), input)) {
            assertThat(BatchRows.drainBatchSizes(filter)).containsExactly(2);
        }
    }

    @Test
    void nullPredicateDropsRows() {
        Expression isNullLiteral = new Literal(null, DataType.BOOLEAN);
        PreparedOperator input = PreparedOperator.of(TYPE, 2, List.of(row(1L, "a")), allocator);
        try (FilterOperator filter = create(isNullLiteral, input)) {
            assertThat(BatchRows.drain(filter)).isEmpty();
        }
    }

    @Test
    void evaluationFailureReleasesTheBatch() {
        Expression failing = greaterThan(
                new Call(Function.DIVIDE, List.of(new Literal(1L, DataType.BIGINT), KEY), DataType.BIGINT), 0L);
        PreparedOperator input = PreparedOperator.of(TYPE, 2, List.of(row(1L, "a"), row(0L, "b")), allocator);
        try (FilterOperator filter = create(failing, input)) {
            assertThatThrownBy(filter::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.DIVISION_BY_ZERO));
        }
    }

    @Test
    void stopsWhenCanceled() {
        ExecutionContext canceled = new ExecutionContext(allocator, ExecutionContext.DEFAULT_BATCH_ROWS, () -> true);
        PreparedOperator input = PreparedOperator.of(TYPE, 2, List.of(row(1L, "a")), allocator);
        try (FilterOperator filter = FilterOperator.create(filterNode(greaterThan(KEY, 0L)), input, canceled)) {
            assertThatThrownBy(filter::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    @Test
    void closingEarlyReleasesEverything() {
        List<List<Object>> rows = List.of(row(5L, "a"), row(1L, "b"), row(6L, "c"), row(7L, "d"));
        PreparedOperator input = PreparedOperator.of(TYPE, 2, rows, allocator);
        try (FilterOperator filter = create(greaterThan(KEY, 4L), input)) {
            try (VectorSchemaRoot first = filter.next()) {
                assertThat(BatchRows.read(first)).containsExactly(row(5L, "a"));
            }
        }
    }

    private FilterOperator create(Expression predicate, Operator input) {
        return FilterOperator.create(filterNode(predicate), input, ExecutionContext.of(allocator));
    }

    private static FilterNode filterNode(Expression predicate) {
        return new FilterNode(new ValuesNode(TYPE, List.of()), predicate);
    }

    private static Expression greaterThan(Expression value, long bound) {
        return new Call(Function.GREATER_THAN, List.of(value, new Literal(bound, DataType.BIGINT)), DataType.BOOLEAN);
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
