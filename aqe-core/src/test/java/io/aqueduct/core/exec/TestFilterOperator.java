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
    void narrowsToTheTrueRowsWordByWordAndThenTheTail() {
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
            long[] passing = new long[(rows + Long.SIZE - 1) / Long.SIZE];
            int[] selected = new int[rows];

            assertThat(FilterOperator.narrow(matches, rows, passing, false)).isEqualTo(expected.size());
            int count = FilterOperator.select(passing, rows, selected);
            assertThat(Arrays.stream(selected, 0, count).boxed().toList()).isEqualTo(expected);

            // Narrowed again by the same matches with every even row dropped from what passed before.
            for (int word = 0; word < passing.length; word++) {
                passing[word] &= 0xAAAA_AAAA_AAAA_AAAAL;
            }
            List<Integer> odd = expected.stream().filter(row -> row % 2 == 1).toList();
            assertThat(FilterOperator.narrow(matches, rows, passing, true)).isEqualTo(odd.size());
            count = FilterOperator.select(passing, rows, selected);
            assertThat(Arrays.stream(selected, 0, count).boxed().toList()).isEqualTo(odd);
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

    /**
     * Conjuncts narrow the selection one after another, whether they keep most rows (the selection is refined in
     * place) or few (the survivors are copied out first); NULLs drop rows like FALSE. The answer is the one-pass AND's,
     * rows in order.
     */
    @Test
    void conjunctsNarrowTheSelectionInTurnAsOneAndWould() {
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (long key = 0; key < 100; key++) {
            rows.add(row(key % 11 == 0 ? null : key, "v" + key));
        }
        // Keeps 89 of 100 (not a half: refined in place), then a quarter of those (copied out), then one in three.
        Expression notNull = new Call(Function.IS_NOT_NULL, List.of(KEY), DataType.BOOLEAN);
        Expression below25 =
                new Call(Function.LESS_THAN, List.of(KEY, new Literal(25L, DataType.BIGINT)), DataType.BOOLEAN);
        Expression third = new Call(
                Function.EQUAL,
                List.of(
                        new Call(Function.MOD, List.of(KEY, new Literal(3L, DataType.BIGINT)), DataType.BIGINT),
                        new Literal(0L, DataType.BIGINT)),
                DataType.BOOLEAN);
        Expression predicate = and(and(notNull, greaterThan(KEY, 4L)), and(below25, third));
        List<List<Object>> expected = rows.stream()
                .filter(row -> row.get(0) != null)
                .filter(row -> (Long) row.get(0) > 4 && (Long) row.get(0) < 25 && (Long) row.get(0) % 3 == 0)
                .toList();
        PreparedOperator input = PreparedOperator.of(TYPE, 64, rows, allocator);
        try (FilterOperator filter = create(predicate, input)) {
            assertThat(BatchRows.drain(filter)).isEqualTo(expected);
        }
    }

    /**
     * {@code key <> 0 AND 10 / key > 1}: the division fails on the row the first conjunct rejected, so it is evaluated
     * again on the surviving rows alone, whether most rows survived (the selection was not copied out yet) or few.
     */
    @Test
    void aConjunctFailingOnARejectedRowIsEvaluatedOnTheSurvivorsAlone() {
        Expression nonZero =
                new Call(Function.NOT_EQUAL, List.of(KEY, new Literal(0L, DataType.BIGINT)), DataType.BOOLEAN);
        Expression tenOverKey =
                new Call(Function.DIVIDE, List.of(new Literal(10L, DataType.BIGINT), KEY), DataType.BIGINT);
        Expression predicate = and(nonZero, greaterThan(tenOverKey, 1L));
        List<List<Object>> most = List.of(row(0L, "a"), row(2L, "b"), row(20L, "c"), row(3L, "d"));
        List<List<Object>> few = List.of(row(0L, "a"), row(0L, "b"), row(0L, "c"), row(4L, "d"));
        for (List<List<Object>> rows : List.of(most, few)) {
            PreparedOperator input = PreparedOperator.of(TYPE, 4, rows, allocator);
            try (FilterOperator filter = create(predicate, input)) {
                assertThat(BatchRows.drain(filter))
                        .isEqualTo(rows.stream()
                                .filter(row -> (Long) row.get(0) != 0 && 10 / (Long) row.get(0) > 1)
                                .toList());
            }
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

    private static Expression and(Expression left, Expression right) {
        return new Call(Function.AND, List.of(left, right), DataType.BOOLEAN);
    }

    private static Expression greaterThan(Expression value, long bound) {
        return new Call(Function.GREATER_THAN, List.of(value, new Literal(bound, DataType.BIGINT)), DataType.BOOLEAN);
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
