package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.TestExpressionArithmetic.assertErrorCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionCast extends ArrowAllocatorTest {
    private static final DataType DECIMAL_10_2 = DataType.decimal(10, 2);

    @Test
    void decimalRescaleRoundsHalfUp() {
        DataType scale1 = DataType.decimal(10, 1);
        // 1.25 -> 1.3, -1.25 -> -1.3, 1.24 -> 1.2
        assertThat(cast(DECIMAL_10_2, scale1, 125L, -125L, 124L, null)).containsExactly(13L, -13L, 12L, null);
        assertThat(cast(DECIMAL_10_2, DataType.decimal(12, 4), 125L)).containsExactly(12500L);
    }

    @Test
    void decimalPrecisionOverflowFails() {
        assertErrorCode(() -> cast(DECIMAL_10_2, DataType.decimal(3, 2), 1000L), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void smallintAndTinyintValuesAreCheckedAsPostgreSqlChecksThem() {
        Call smallint = call(Function.CHECK_SMALLINT, DataType.INTEGER, input(0, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, smallint, DataType.INTEGER, -32768L, 32767L, null))
                .containsExactly(-32768L, 32767L, null);
        assertThatThrownBy(() -> evaluateColumn(allocator, smallint, DataType.INTEGER, 32768L))
                .hasMessage("smallint out of range: 32768");
        Call tinyint = call(Function.CHECK_TINYINT, DataType.INTEGER, input(0, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, tinyint, DataType.INTEGER, -128L, 127L))
                .containsExactly(-128L, 127L);
        assertErrorCode(
                () -> evaluateColumn(allocator, tinyint, DataType.INTEGER, -129L), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void decimalsToIntegersRoundHalfUpDoublesHalfToEven() {
        assertThat(cast(DECIMAL_10_2, DataType.INTEGER, 250L, -250L, 249L)).containsExactly(3L, -3L, 2L);
        assertThat(cast(DECIMAL_10_2, DataType.BIGINT, 250L)).containsExactly(3L);
        // PostgreSQL's and DuckDB's rint: ties go to the even neighbour.
        assertThat(cast(DataType.DOUBLE, DataType.BIGINT, 2.5, -2.5, 3.5, 2.4999, 0.49999999999999994))
                .containsExactly(2L, -2L, 4L, 2L, 0L);
        assertThat(cast(DataType.DOUBLE, DataType.INTEGER, 7.5, -0.5)).containsExactly(8L, 0L);
        assertThat(cast(DataType.DOUBLE, DataType.decimal(5, 0), 2.5)).containsExactly(3L);
        assertErrorCode(() -> cast(DataType.DOUBLE, DataType.BIGINT, Double.NaN), ErrorCode.NUMERIC_OUT_OF_RANGE);
        assertErrorCode(() -> cast(DataType.BIGINT, DataType.INTEGER, 1L << 40), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void numericWidening() {
        assertThat(cast(DataType.INTEGER, DataType.BIGINT, 5L, null)).containsExactly(5L, null);
        assertThat(cast(DataType.INTEGER, DECIMAL_10_2, 5L)).containsExactly(500L);
        assertThat(cast(DataType.BIGINT, DECIMAL_10_2, 5L)).containsExactly(500L);
        assertThat(cast(DataType.INTEGER, DataType.DOUBLE, 5L)).containsExactly(5.0);
        assertThat(cast(DECIMAL_10_2, DataType.DOUBLE, 125L)).containsExactly(1.25);
        assertThat(cast(DataType.DOUBLE, DECIMAL_10_2, 1.005, 1.004)).containsExactly(101L, 100L);
    }

    @Test
    void toVarchar() {
        assertThat(cast(DECIMAL_10_2, DataType.VARCHAR, 1230L, -5L, 0L)).containsExactly("12.30", "-0.05", "0.00");
        assertThat(cast(DataType.DATE, DataType.VARCHAR, LocalDate.of(2024, 2, 29)))
                .containsExactly("2024-02-29");
        assertThat(cast(DataType.BOOLEAN, DataType.VARCHAR, true, false, null)).containsExactly("true", "false", null);
        assertThat(cast(DataType.INTEGER, DataType.VARCHAR, -42L)).containsExactly("-42");
        assertThat(cast(DataType.DOUBLE, DataType.VARCHAR, 1.5)).containsExactly("1.5");
    }

    @Test
    void fromVarcharTrimsAndParses() {
        assertThat(cast(DataType.VARCHAR, DataType.INTEGER, " 42 ", "-7")).containsExactly(42L, -7L);
        assertThat(cast(DataType.VARCHAR, DataType.BIGINT, "9000000000")).containsExactly(9000000000L);
        assertThat(cast(DataType.VARCHAR, DECIMAL_10_2, "12.345", " -1.5")).containsExactly(1235L, -150L);
        assertThat(cast(DataType.VARCHAR, DataType.DOUBLE, "2.5e1")).containsExactly(25.0);
        assertThat(cast(DataType.VARCHAR, DataType.DATE, " 1996-03-13 "))
                .containsExactly(LocalDate.of(1996, 3, 13).toEpochDay());
        assertThat(cast(DataType.VARCHAR, DataType.BOOLEAN, "true", "FALSE", null))
                .containsExactly(true, false, null);
    }

    @Test
    void textToBooleanTakesPostgreSqlsSpellings() {
        assertThat(cast(DataType.VARCHAR, DataType.BOOLEAN, "t", "TRUE", "y", "Yes", "on", "1", " tr "))
                .containsExactly(true, true, true, true, true, true, true);
        assertThat(cast(DataType.VARCHAR, DataType.BOOLEAN, "f", "False", "n", "NO", "off", "of", "0"))
                .containsExactly(false, false, false, false, false, false, false);
        for (String word : new String[] {"o", "", "2", "truth", "nope"}) {
            assertErrorCode(() -> cast(DataType.VARCHAR, DataType.BOOLEAN, word), ErrorCode.INVALID_CAST);
        }
    }

    @Test
    void textToDoubleTakesPostgreSqlsSpecialValues() {
        assertThat(cast(DataType.VARCHAR, DataType.DOUBLE, "inf", "-Infinity", "+INF", "NaN", "1e3"))
                .containsExactly(
                        Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY,
                        Double.POSITIVE_INFINITY,
                        Double.NaN,
                        1000.0);
        assertErrorCode(() -> cast(DataType.VARCHAR, DataType.DOUBLE, "infinite"), ErrorCode.INVALID_CAST);
    }

    @Test
    void decimalOverflowNamesTheValueAndTheType() {
        assertThatThrownBy(() -> cast(DataType.decimal(10, 1), DataType.decimal(5, 2), 123456L))
                .hasMessage("Value 12345.60 does not fit DECIMAL(5, 2)");
    }

    @Test
    void integersRoundTripThroughTextAsJavaFormatsAndParsesThem() {
        Object[] values = {0L, -1L, 7L, 1_000_000L, -987_654_321_012L, Long.MAX_VALUE, Long.MIN_VALUE, null};
        List<Object> expected = java.util.Arrays.stream(values)
                .map(value -> value == null ? null : (Object) value.toString())
                .toList();
        assertThat(cast(DataType.BIGINT, DataType.VARCHAR, values)).isEqualTo(expected);
        assertThat(cast(DataType.INTEGER, DataType.VARCHAR, (long) Integer.MIN_VALUE, 5L))
                .containsExactly(Integer.toString(Integer.MIN_VALUE), "5");
        // Plain digits, signs and spaces take the byte parser; 19 digits and non-ASCII digits take Long.parseLong.
        assertThat(cast(
                        DataType.VARCHAR,
                        DataType.BIGINT,
                        "+12",
                        "\t-0012 ",
                        "999999999999999999",
                        "9223372036854775807",
                        "-9223372036854775808",
                        "\u0663"))
                .containsExactly(12L, -12L, 999_999_999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE, 3L);
        for (String bad : List.of("", " ", "-", "1 2", "12a", "9223372036854775808")) {
            assertErrorCode(() -> cast(DataType.VARCHAR, DataType.BIGINT, bad), ErrorCode.INVALID_CAST);
        }
    }

    @Test
    void badTextFailsNamingTheValue() {
        for (DataType target : List.of(
                DataType.INTEGER, DataType.BIGINT, DECIMAL_10_2, DataType.DOUBLE, DataType.DATE, DataType.BOOLEAN)) {
            assertThatThrownBy(() -> cast(DataType.VARCHAR, target, "ok?"))
                    .hasMessageContaining("'ok?'")
                    .satisfies(e -> assertErrorCode(
                            () -> {
                                throw e;
                            },
                            ErrorCode.INVALID_CAST));
        }
        assertErrorCode(() -> cast(DataType.VARCHAR, DataType.DATE, "1996-02-30"), ErrorCode.INVALID_CAST);
        assertErrorCode(() -> cast(DataType.VARCHAR, DataType.INTEGER, "3000000000"), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void nullTypeCastsToAnything() {
        for (DataType target :
                List.of(DataType.INTEGER, DECIMAL_10_2, DataType.VARCHAR, DataType.DATE, DataType.BOOLEAN)) {
            assertThat(cast(DataType.NULL, target, (Object) null, null)).containsExactly(null, null);
        }
    }

    @Test
    void unsupportedCastFailsAtCompileTime() {
        assertErrorCode(
                () -> ExpressionCompiler.compile(call(Function.CAST, DataType.DATE, input(0, DataType.DOUBLE))),
                ErrorCode.NOT_SUPPORTED);
    }

    private List<Object> cast(DataType from, DataType to, Object... values) {
        return evaluateColumn(allocator, call(Function.CAST, to, input(0, from)), from, values);
    }
}
