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

class TestExpressionLike extends ArrowAllocatorTest {
    private static final Object[] VALUES = {
        "PROMO BRUSHED", "STANDARD PROMO", "promo", "PROMO", "", null, "façade", "a%b"
    };

    @Test
    void prefixSuffixInfixAndExact() {
        assertThat(like("PROMO%")).containsExactly(true, false, false, true, false, null, false, false);
        assertThat(like("%PROMO")).containsExactly(false, true, false, true, false, null, false, false);
        assertThat(like("%PROMO%")).containsExactly(true, true, false, true, false, null, false, false);
        assertThat(like("PROMO")).containsExactly(false, false, false, true, false, null, false, false);
        assertThat(like("%")).containsExactly(true, true, true, true, true, null, true, true);
        assertThat(like("")).containsExactly(false, false, false, false, true, null, false, false);
    }

    @Test
    void severalSegmentsMatchInOrderWithoutOverlap() {
        assertThat(like("%PRO%SHED%")).containsExactly(true, false, false, false, false, null, false, false);
        assertThat(like("%PROMO%PROMO%")).containsExactly(false, false, false, false, false, null, false, false);
        assertThat(like("PROMO%MO")).containsExactly(false, false, false, false, false, null, false, false);
        assertThat(like("S%D%O")).containsExactly(false, true, false, false, false, null, false, false);
    }

    @Test
    void underscoreMatchesOneCharacter() {
        assertThat(like("fa_ade")).containsExactly(false, false, false, false, false, null, true, false);
        assertThat(like("PROM_")).containsExactly(false, false, false, true, false, null, false, false);
        assertThat(like("_%")).containsExactly(true, true, true, true, false, null, true, true);
        assertThat(like("%a_")).containsExactly(false, false, false, false, false, null, false, false);
    }

    @Test
    void multiByteCharactersMatchAsBytes() {
        assertThat(like("%ç%")).containsExactly(false, false, false, false, false, null, true, false);
    }

    @Test
    void escapeMakesWildcardsLiteral() {
        assertThat(like("a!%b", "!")).containsExactly(false, false, false, false, false, null, false, true);
        assertThat(like("%!%%", "!")).containsExactly(false, false, false, false, false, null, false, true);
        assertThat(like("a!_b", "!")).containsExactly(false, false, false, false, false, null, false, false);
        assertThat(evaluateColumn(allocator, likeCall("a!!", "!"), DataType.VARCHAR, "a!", "a!!"))
                .containsExactly(true, false);
        assertErrorCode(() -> like("a!b", "!"), ErrorCode.INVALID_ARGUMENT);
        assertErrorCode(() -> like("a!", "!"), ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void regexMetacharactersAreLiteral() {
        assertThat(evaluateColumn(allocator, likeCall("a.c_", null), DataType.VARCHAR, "a.cd", "abcd"))
                .containsExactly(true, false);
        assertThat(evaluateColumn(allocator, likeCall("(x)%", null), DataType.VARCHAR, "(x)y", "xy"))
                .containsExactly(true, false);
    }

    @Test
    void patternFromAColumn() {
        Call like = call(Function.LIKE, DataType.BOOLEAN, input(0, DataType.VARCHAR), input(1, DataType.VARCHAR));
        List<List<Object>> rows = List.of(
                List.of("apple", "a%"),
                List.of("banana", "a%"),
                List.of("banana", "%an_"),
                Arrays.asList("x", null),
                List.of("a", "a"));
        assertThat(evaluate(allocator, like, BatchBuilder.rowType(DataType.VARCHAR, DataType.VARCHAR), rows))
                .containsExactly(true, false, true, null, true);
    }

    @Test
    void nullPatternGivesNull() {
        Call like = call(Function.LIKE, DataType.BOOLEAN, input(0, DataType.VARCHAR), literal(null, DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, like, DataType.VARCHAR, "a")).containsExactly((Object) null);
    }

    private List<Object> like(String pattern) {
        return like(pattern, null);
    }

    private List<Object> like(String pattern, String escape) {
        return evaluateColumn(allocator, likeCall(pattern, escape), DataType.VARCHAR, VALUES);
    }

    private static Call likeCall(String pattern, String escape) {
        Expression value = input(0, DataType.VARCHAR);
        Expression patternLiteral = literal(pattern, DataType.VARCHAR);
        return escape == null
                ? call(Function.LIKE, DataType.BOOLEAN, value, patternLiteral)
                : call(Function.LIKE, DataType.BOOLEAN, value, patternLiteral, literal(escape, DataType.VARCHAR));
    }
}
