package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluate;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionLogic extends ArrowAllocatorTest {
    private static final Boolean NULL = null;
    private static final RowType TWO_BOOLEANS = BatchBuilder.rowType(DataType.BOOLEAN, DataType.BOOLEAN);

    @Test
    void andFollowsThreeValuedLogic() {
        assertThat(evaluate(allocator, binary(Function.AND), TWO_BOOLEANS, allPairs()))
                .containsExactly(true, false, null, false, false, false, null, false, null);
    }

    @Test
    void orFollowsThreeValuedLogic() {
        assertThat(evaluate(allocator, binary(Function.OR), TWO_BOOLEANS, allPairs()))
                .containsExactly(true, true, true, true, false, null, true, null, null);
    }

    @Test
    void andOrAcceptMoreThanTwoOperands() {
        RowType type = BatchBuilder.rowType(DataType.BOOLEAN, DataType.BOOLEAN, DataType.BOOLEAN);
        List<List<Object>> rows = List.of(
                List.of(true, true, true),
                Arrays.asList(true, null, false),
                Arrays.asList(null, true, true),
                List.of(false, false, true));
        Call and = call(
                Function.AND,
                DataType.BOOLEAN,
                input(0, DataType.BOOLEAN),
                input(1, DataType.BOOLEAN),
                input(2, DataType.BOOLEAN));
        Call or = call(
                Function.OR,
                DataType.BOOLEAN,
                input(0, DataType.BOOLEAN),
                input(1, DataType.BOOLEAN),
                input(2, DataType.BOOLEAN));
        assertThat(evaluate(allocator, and, type, rows)).containsExactly(true, false, null, false);
        assertThat(evaluate(allocator, or, type, rows)).containsExactly(true, true, true, true);
    }

    @Test
    void nestedAndOrOverManyRowsFollowThreeValuedLogicRowByRow() {
        // 300 rows: whole 64-row words and a partial last one; (a AND b) AND c is flattened into one AND.
        RowType type = BatchBuilder.rowType(DataType.BOOLEAN, DataType.BOOLEAN, DataType.BOOLEAN);
        java.util.Random random = new java.util.Random(42);
        Boolean[] values = {true, false, NULL};
        List<List<Object>> rows = new ArrayList<>();
        for (int row = 0; row < 300; row++) {
            rows.add(Arrays.asList(values[random.nextInt(3)], values[random.nextInt(3)], values[random.nextInt(3)]));
        }
        for (Function function : List.of(Function.AND, Function.OR)) {
            Call nested = call(
                    function,
                    DataType.BOOLEAN,
                    call(function, DataType.BOOLEAN, input(0, DataType.BOOLEAN), input(1, DataType.BOOLEAN)),
                    input(2, DataType.BOOLEAN));
            List<Object> expected = new ArrayList<>();
            for (List<Object> row : rows) {
                expected.add(threeValued(function, row));
            }
            assertThat(evaluate(allocator, nested, type, rows))
                    .as(function.name())
                    .isEqualTo(expected);
        }
    }

    @Test
    void andDoesNotFailOnRowsDecidedByItsLeftSide() {
        // x <> 0 AND 10 / x > 1: the division must not fail for x = 0
        RowType type = BatchBuilder.rowType(DataType.BIGINT);
        Call nonZero =
                call(Function.NOT_EQUAL, DataType.BOOLEAN, input(0, DataType.BIGINT), literal(0L, DataType.BIGINT));
        Call quotient =
                call(Function.DIVIDE, DataType.BIGINT, literal(10L, DataType.BIGINT), input(0, DataType.BIGINT));
        Call large = call(Function.GREATER_THAN, DataType.BOOLEAN, quotient, literal(1L, DataType.BIGINT));
        Call and = call(Function.AND, DataType.BOOLEAN, nonZero, large);
        assertThat(evaluate(allocator, and, type, List.of(List.of(0L), List.of(5L), List.of(20L), Arrays.asList((Object)
                        null))))
                .containsExactly(false, true, false, null);
    }

    @Test
    void andEvaluatesAFailingRightSideOnlyForTheUndecidedRowsOfManyWords() {
        // x <> 0 AND 10 / x > 1 over 200 rows, every third x zero.
        RowType type = BatchBuilder.rowType(DataType.BIGINT);
        List<List<Object>> rows = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        for (long x = 0; x < 200; x++) {
            long value = x % 3 == 0 ? 0 : x;
            rows.add(List.of(value));
            expected.add(value != 0 && 10 / value > 1);
        }
        Call nonZero =
                call(Function.NOT_EQUAL, DataType.BOOLEAN, input(0, DataType.BIGINT), literal(0L, DataType.BIGINT));
        Call quotient =
                call(Function.DIVIDE, DataType.BIGINT, literal(10L, DataType.BIGINT), input(0, DataType.BIGINT));
        Call large = call(Function.GREATER_THAN, DataType.BOOLEAN, quotient, literal(1L, DataType.BIGINT));

        assertThat(evaluate(allocator, call(Function.AND, DataType.BOOLEAN, nonZero, large), type, rows))
                .isEqualTo(expected);
    }

    @Test
    void not() {
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.NOT, DataType.BOOLEAN, input(0, DataType.BOOLEAN)),
                        DataType.BOOLEAN,
                        true,
                        false,
                        null))
                .containsExactly(false, true, null);
    }

    @Test
    void booleanTestsAreNeverNull() {
        Object[] values = {true, false, null};
        assertThat(test(Function.IS_TRUE, values)).containsExactly(true, false, false);
        assertThat(test(Function.IS_NOT_TRUE, values)).containsExactly(false, true, true);
        assertThat(test(Function.IS_FALSE, values)).containsExactly(false, true, false);
        assertThat(test(Function.IS_NOT_FALSE, values)).containsExactly(true, false, true);
        assertThat(test(Function.IS_NULL, values)).containsExactly(false, false, true);
        assertThat(test(Function.IS_NOT_NULL, values)).containsExactly(true, true, false);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.IS_NULL, DataType.BOOLEAN, input(0, DataType.VARCHAR)),
                        DataType.VARCHAR,
                        "a",
                        null))
                .containsExactly(false, true);
    }

    private List<Object> test(Function function, Object... values) {
        return evaluateColumn(
                allocator, call(function, DataType.BOOLEAN, input(0, DataType.BOOLEAN)), DataType.BOOLEAN, values);
    }

    /** AND or OR of a row's values, one at a time: the dominant value wins, else any NULL makes NULL. */
    private static Boolean threeValued(Function function, List<Object> row) {
        boolean dominant = function == Function.OR;
        boolean sawNull = false;
        for (Object value : row) {
            if (value == null) {
                sawNull = true;
            } else if ((Boolean) value == dominant) {
                return dominant;
            }
        }
        return sawNull ? null : !dominant;
    }

    private static Call binary(Function function) {
        return call(function, DataType.BOOLEAN, input(0, DataType.BOOLEAN), input(1, DataType.BOOLEAN));
    }

    /** (left, right) for left, right in TRUE, FALSE, NULL. */
    private static List<List<Object>> allPairs() {
        Boolean[] values = {true, false, NULL};
        List<List<Object>> rows = new ArrayList<>();
        for (Boolean left : values) {
            for (Boolean right : values) {
                rows.add(Arrays.asList(left, right));
            }
        }
        return rows;
    }
}
