package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluate;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static io.aqueduct.core.expr.TestExpressionArithmetic.assertErrorCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionStrings extends ArrowAllocatorTest {
    @Test
    void substringWithLength() {
        assertThat(substring("hello", 2L, 3L)).isEqualTo("ell");
        assertThat(substring("hello", 1L, 100L)).isEqualTo("hello");
        assertThat(substring("hello", 0L, 2L)).isEqualTo("h");
        assertThat(substring("hello", -1L, 3L)).isEqualTo("h");
        assertThat(substring("hello", -5L, 3L)).isEqualTo("");
        assertThat(substring("hello", 6L, 1L)).isEqualTo("");
        assertThat(substring("hello", 3L, 0L)).isEqualTo("");
        assertThat(substring("héllo wörld", 2L, 4L)).isEqualTo("éllo");
        assertThat(substring("😀ab", 2L, 1L)).isEqualTo("a");
    }

    @Test
    void substringWithoutLength() {
        Call substring =
                call(Function.SUBSTRING, DataType.VARCHAR, input(0, DataType.VARCHAR), literal(3L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, substring, DataType.VARCHAR, "hello", "é", null))
                .containsExactly("llo", "", null);
        Call fromZero =
                call(Function.SUBSTRING, DataType.VARCHAR, input(0, DataType.VARCHAR), literal(-2L, DataType.BIGINT));
        assertThat(evaluateColumn(allocator, fromZero, DataType.VARCHAR, "hello"))
                .containsExactly("hello");
    }

    @Test
    void substringRejectsNegativeLength() {
        assertErrorCode(() -> substring("hello", 1L, -1L), ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void substringOfNullPartsIsNull() {
        Call substring = call(
                Function.SUBSTRING,
                DataType.VARCHAR,
                input(0, DataType.VARCHAR),
                input(1, DataType.BIGINT),
                input(2, DataType.BIGINT));
        List<List<Object>> rows = List.of(Arrays.asList("abc", null, 1L), Arrays.asList("abc", 1L, null));
        assertThat(evaluate(
                        allocator,
                        substring,
                        BatchBuilder.rowType(DataType.VARCHAR, DataType.BIGINT, DataType.BIGINT),
                        rows))
                .containsExactly(null, null);
    }

    @Test
    void concat() {
        Call concat = call(
                Function.CONCAT,
                DataType.VARCHAR,
                input(0, DataType.VARCHAR),
                literal("-", DataType.VARCHAR),
                input(1, DataType.VARCHAR));
        List<List<Object>> rows = List.of(List.of("a", "b"), List.of("", "é"), Arrays.asList("a", null));
        assertThat(evaluate(allocator, concat, BatchBuilder.rowType(DataType.VARCHAR, DataType.VARCHAR), rows))
                .containsExactly("a-b", "-é", null);
    }

    @Test
    void upperAndLower() {
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.UPPER, DataType.VARCHAR, input(0, DataType.VARCHAR)),
                        DataType.VARCHAR,
                        "abc Z1",
                        "straße",
                        null))
                .containsExactly("ABC Z1", "STRASSE", null);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.LOWER, DataType.VARCHAR, input(0, DataType.VARCHAR)),
                        DataType.VARCHAR,
                        "ABC z1",
                        "ÉCOLE"))
                .containsExactly("abc z1", "école");
    }

    @Test
    void charLengthCountsCodePoints() {
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.CHAR_LENGTH, DataType.INTEGER, input(0, DataType.VARCHAR)),
                        DataType.VARCHAR,
                        "abc",
                        "",
                        "héllo",
                        "😀",
                        null))
                .containsExactly(3L, 0L, 5L, 1L, null);
    }

    @Test
    void trimRemovesSpacesOnly() {
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.TRIM, DataType.VARCHAR, input(0, DataType.VARCHAR)),
                        DataType.VARCHAR,
                        "  a b  ",
                        "   ",
                        "\tx\t",
                        "é ",
                        null))
                .containsExactly("a b", "", "\tx\t", "é", null);
    }

    private String substring(String value, long start, long length) {
        Call substring = call(
                Function.SUBSTRING,
                DataType.VARCHAR,
                input(0, DataType.VARCHAR),
                literal(start, DataType.BIGINT),
                literal(length, DataType.BIGINT));
        return (String)
                evaluateColumn(allocator, substring, DataType.VARCHAR, value).get(0);
    }

    @Test
    void stringFunctions() {
        Expression text = input(0, DataType.VARCHAR);
        Call position = call(Function.POSITION, DataType.INTEGER, literal("ö", DataType.VARCHAR), text);
        assertThat(evaluateColumn(allocator, position, DataType.VARCHAR, "wörld", "world", null))
                .containsExactly(2L, 0L, null);
        Call replace = call(
                Function.REPLACE,
                DataType.VARCHAR,
                text,
                literal("ab", DataType.VARCHAR),
                literal("", DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, replace, DataType.VARCHAR, "abcab", "x"))
                .containsExactly("c", "x");
        Call leading = call(
                Function.TRIM_CHARACTERS,
                DataType.VARCHAR,
                literal("LEADING", DataType.VARCHAR),
                literal("xy", DataType.VARCHAR),
                text);
        Call both = call(
                Function.TRIM_CHARACTERS,
                DataType.VARCHAR,
                literal("BOTH", DataType.VARCHAR),
                literal("x", DataType.VARCHAR),
                text);
        assertThat(evaluateColumn(allocator, leading, DataType.VARCHAR, "xyaxy", "xx"))
                .containsExactly("axy", "");
        assertThat(evaluateColumn(allocator, both, DataType.VARCHAR, "xxaxx")).containsExactly("a");
    }

    @Test
    void countsWithAFractionOrAnExponentRoundAsACastToInteger() {
        Expression text = input(0, DataType.VARCHAR);
        assertThat(evaluateColumn(allocator, pad(text, "4.5"), DataType.VARCHAR, "ab"))
                .containsExactly("***ab");
        assertThat(evaluateColumn(allocator, pad(text, "3.0E0"), DataType.VARCHAR, "ab"))
                .containsExactly("*ab");
        assertThat(evaluateColumn(allocator, pad(text, "-1.5"), DataType.VARCHAR, "ab"))
                .containsExactly("");
        assertErrorCode(
                () -> evaluateColumn(allocator, pad(text, "Infinity"), DataType.VARCHAR, "ab"),
                ErrorCode.INVALID_ARGUMENT);
    }

    private static Call pad(Expression text, String length) {
        return call(
                Function.LPAD,
                DataType.VARCHAR,
                text,
                literal(length, DataType.VARCHAR),
                literal("*", DataType.VARCHAR));
    }
}
