package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static io.aqueduct.core.expr.TestExpressionArithmetic.assertErrorCode;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import org.junit.jupiter.api.Test;

/** SPLIT_PART, REGEXP_REPLACE, MD5, ASCII and CHR, with PostgreSQL's meaning. */
class TestExpressionSplitRegexDigest extends ArrowAllocatorTest {
    @Test
    void splitPartCountsFieldsFromEitherEnd() {
        assertThat(splitPart(",", 2, "a,b,c", "a", ",,x", null)).containsExactly("b", "", "", null);
        assertThat(splitPart(",", -1, "a,b,c", "a", "x,")).containsExactly("c", "a", "");
        assertThat(splitPart("::", 2, "a::b::c", "a:b")).containsExactly("b", "");
        assertThat(splitPart("", 1, "abc")).containsExactly("abc");
        assertThat(splitPart("", 2, "abc")).containsExactly("");
        assertErrorCode(() -> splitPart(",", 0, "a,b"), ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void regexpReplaceReplacesTheFirstMatchOrEveryOneWithGroups() {
        assertThat(replace("[aeiou]", "*", null, "banana", null)).containsExactly("b*nana", null);
        assertThat(replace("[aeiou]", "*", "g", "banana")).containsExactly("b*n*n*");
        assertThat(replace("(\\w+)@(\\w+)", "\\2 at \\1, \\&", null, "me@home")).containsExactly("home at me, me@home");
        assertThat(replace("A", "$1", "gi", "banana")).containsExactly("b$1n$1n$1");
        assertErrorCode(() -> replace("(", "x", null, "a"), ErrorCode.INVALID_ARGUMENT);
        assertErrorCode(() -> replace("a", "x", "q", "a"), ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void md5IsTheHexDigestOfTheUtf8Bytes() {
        Call md5 = call(Function.MD5, DataType.VARCHAR, input(0, DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, md5, DataType.VARCHAR, "", "abc", null))
                .containsExactly("d41d8cd98f00b204e9800998ecf8427e", "900150983cd24fb0d6963f7d28e17f72", null);
    }

    @Test
    void asciiAndChrConvertBetweenCharactersAndCodePoints() {
        Call ascii = call(Function.ASCII, DataType.INTEGER, input(0, DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, ascii, DataType.VARCHAR, "abc", "", "é", null))
                .containsExactly(97L, 0L, 233L, null);
        Call chr = call(Function.CHR, DataType.VARCHAR, input(0, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, chr, DataType.INTEGER, 65L, 233L, 128512L, null))
                .containsExactly("A", "é", "😀", null);
        assertErrorCode(() -> evaluateColumn(allocator, chr, DataType.INTEGER, 0L), ErrorCode.INVALID_ARGUMENT);
    }

    private java.util.List<Object> splitPart(String delimiter, long position, Object... values) {
        Call call = call(
                Function.SPLIT_PART,
                DataType.VARCHAR,
                input(0, DataType.VARCHAR),
                literal(delimiter, DataType.VARCHAR),
                literal(position, DataType.INTEGER));
        return evaluateColumn(allocator, call, DataType.VARCHAR, values);
    }

    private java.util.List<Object> replace(String pattern, String replacement, String flags, Object... values) {
        Call call = flags == null
                ? call(
                        Function.REGEXP_REPLACE,
                        DataType.VARCHAR,
                        input(0, DataType.VARCHAR),
                        literal(pattern, DataType.VARCHAR),
                        literal(replacement, DataType.VARCHAR))
                : call(
                        Function.REGEXP_REPLACE,
                        DataType.VARCHAR,
                        input(0, DataType.VARCHAR),
                        literal(pattern, DataType.VARCHAR),
                        literal(replacement, DataType.VARCHAR),
                        literal(flags, DataType.VARCHAR));
        return evaluateColumn(allocator, call, DataType.VARCHAR, values);
    }
}
