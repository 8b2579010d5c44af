package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import org.junit.jupiter.api.Test;

/** LPAD, RPAD, LEFT, RIGHT, REPEAT, REVERSE and INITCAP over a VARCHAR column, with PostgreSQL's meaning. */
class TestExpressionPaddingAndEnds extends ArrowAllocatorTest {
    @Test
    void padsOnEitherSideOrCutsToTheLength() {
        assertThat(column(Function.LPAD, 5, "*", "ab", "abcdefg", "", null))
                .containsExactly("***ab", "abcde", "*****", null);
        assertThat(column(Function.RPAD, 5, "xy", "ab", "abcdefg", "é")).containsExactly("abxyx", "abcde", "éxyxy");
        Call spaces = call(Function.LPAD, DataType.VARCHAR, input(0, DataType.VARCHAR), literal(4L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, spaces, DataType.VARCHAR, "a")).containsExactly("   a");
        assertThat(column(Function.LPAD, -1, "*", "ab")).containsExactly("");
        assertThat(column(Function.LPAD, 4, "", "ab")).containsExactly("ab");
    }

    @Test
    void leftAndRightKeepAnEndOrDropTheOther() {
        assertThat(column(Function.LEFT, 2, null, "hello", "h", "😀ab")).containsExactly("he", "h", "😀a");
        assertThat(column(Function.LEFT, -2, null, "hello", "h")).containsExactly("hel", "");
        assertThat(column(Function.RIGHT, 2, null, "hello", "h")).containsExactly("lo", "h");
        assertThat(column(Function.RIGHT, -2, null, "hello")).containsExactly("llo");
    }

    @Test
    void repeatReverseAndInitcap() {
        assertThat(column(Function.REPEAT, 3, null, "ab", "")).containsExactly("ababab", "");
        assertThat(column(Function.REPEAT, -1, null, "ab")).containsExactly("");
        Call reverse = call(Function.REVERSE, DataType.VARCHAR, input(0, DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, reverse, DataType.VARCHAR, "abc", "é😀", null))
                .containsExactly("cba", "😀é", null);
        Call initcap = call(Function.INITCAP, DataType.VARCHAR, input(0, DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, initcap, DataType.VARCHAR, "hello wORLD-wide 2go"))
                .containsExactly("Hello World-Wide 2go");
    }

    /** {@code function(column, count [, fill])} over the values. */
    private java.util.List<Object> column(Function function, long count, String fill, Object... values) {
        Expression length = literal(count, DataType.INTEGER);
        Call call = fill == null
                ? call(function, DataType.VARCHAR, input(0, DataType.VARCHAR), length)
                : call(function, DataType.VARCHAR, input(0, DataType.VARCHAR), length, literal(fill, DataType.VARCHAR));
        return evaluateColumn(allocator, call, DataType.VARCHAR, values);
    }
}
