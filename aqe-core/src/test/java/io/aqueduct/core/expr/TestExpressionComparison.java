package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluate;
import static io.aqueduct.core.expr.ExpressionTester.evaluateConstant;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionComparison extends ArrowAllocatorTest {
    @Test
    void allSixComparisonsOnBigint() {
        RowType type = BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT);
        List<List<Object>> rows =
                List.of(Arrays.asList(1L, 2L), Arrays.asList(2L, 2L), Arrays.asList(3L, 2L), Arrays.asList(null, 2L));
        assertThat(compare(Function.EQUAL, type, rows)).containsExactly(false, true, false, null);
        assertThat(compare(Function.NOT_EQUAL, type, rows)).containsExactly(true, false, true, null);
        assertThat(compare(Function.LESS_THAN, type, rows)).containsExactly(true, false, false, null);
        assertThat(compare(Function.LESS_THAN_OR_EQUAL, type, rows)).containsExactly(true, true, false, null);
        assertThat(compare(Function.GREATER_THAN, type, rows)).containsExactly(false, false, true, null);
        assertThat(compare(Function.GREATER_THAN_OR_EQUAL, type, rows)).containsExactly(false, true, true, null);
    }

    @Test
    void aColumnComparedWithALiteralOnEitherSideAgreesWithTwoColumns() {
        assertLiteralComparisonsAgree(DataType.BIGINT, 2L, 1L, 2L, 3L, null);
        assertLiteralComparisonsAgree(DataType.INTEGER, 2, -1, 2, 3, null);
        assertLiteralComparisonsAgree(DataType.DOUBLE, 0.0, -0.0, Double.NaN, -1.5, 2.0, null);
        assertLiteralComparisonsAgree(DataType.DATE, 9000L, 8999L, 9000L, 9001L, null);
        assertLiteralComparisonsAgree(DataType.TIMESTAMP, 1_000_000L, 999_999L, 1_000_000L, null);
        assertLiteralComparisonsAgree(DataType.VARCHAR, "b", "a", "b", "ba", "", "é", null);
        // Equality goes a word at a time: one whole word, words and a tail, differences in the first word, the last
        // word and the tail, lengths one apart.
        assertLiteralComparisonsAgree(
                DataType.VARCHAR, "Brand#23", "Brand#23", "Brand#24", "Brand#2", "Brand#233", "brand#23", null);
        assertLiteralComparisonsAgree(
                DataType.VARCHAR,
                "MEDIUM POLISHED TIN",
                "MEDIUM POLISHED TIN",
                "MEDIUM POLISHED TIM",
                "MEDIUM POLISHEX TIN",
                "XEDIUM POLISHED TIN",
                "MEDIUM POLISHED TI",
                "MEDIUM POLISHED TINS",
                "",
                null);
        assertLiteralComparisonsAgree(DataType.VARCHAR, "", "", "a", null);
        // Without NULLs, eight rows to a result byte: 19 rows end in a partial byte.
        assertLiteralComparisonsAgree(
                DataType.VARCHAR,
                "DELIVER IN PERSON",
                "NONE",
                "DELIVER IN PERSON",
                "COLLECT COD",
                "DELIVER IN PERSON",
                "TAKE BACK RETURN",
                "DELIVER IN PERSOn",
                "",
                "DELIVER IN PERSON",
                "DELIVER IN PERSON",
                "NONE",
                "DELIVER IN PERSONS",
                "DELIVER IN PERSON",
                "COLLECT COD",
                "DELIVER IN PERSON",
                "X",
                "DELIVER IN PERSON",
                "DELIVER IN PERSON",
                "NONE",
                "DELIVER IN PERSON");
        assertLiteralComparisonsAgree(DataType.BOOLEAN, true, false, true, null);
        assertLiteralComparisonsAgree(DataType.decimal(10, 2), 150L, 149L, 150L, 151L, null);
    }

    @Test
    void columnsWithoutNullsComparePackedEightRowsToAByteAsRowByRow() {
        // 21 rows and 4 extreme pairs (differences that overflow): three full result bytes and a partial one; no
        // NULL, so the packed comparisons run.
        long[][] extremes = {
            {Long.MIN_VALUE, Long.MAX_VALUE},
            {Long.MAX_VALUE, Long.MIN_VALUE},
            {Long.MIN_VALUE, 1},
            {Long.MAX_VALUE, -1}
        };
        for (DataType type : List.of(DataType.BIGINT, DataType.INTEGER, DataType.DATE, DataType.TIMESTAMP)) {
            List<List<Object>> rows = new java.util.ArrayList<>();
            for (int row = 0; row < 21; row++) {
                long left = (row * 7L) % 5 - 2;
                long right = (row * 3L) % 4 - 2;
                rows.add(type == DataType.INTEGER ? List.of((int) left, (int) right) : List.of(left, right));
            }
            for (long[] pair : extremes) {
                boolean narrow = type == DataType.INTEGER || type == DataType.DATE;
                rows.add(
                        narrow
                                ? List.of(
                                        (int) Math.signum(pair[0]) * Integer.MAX_VALUE,
                                        (int) Math.signum(pair[1]) * Integer.MAX_VALUE)
                                : List.of(pair[0], pair[1]));
            }
            RowType twoColumns = BatchBuilder.rowType(type, type);
            Expression literalOne = literal(type == DataType.INTEGER ? (Object) 1 : (Object) 1L, type);
            for (Function function : List.of(
                    Function.EQUAL,
                    Function.NOT_EQUAL,
                    Function.LESS_THAN,
                    Function.LESS_THAN_OR_EQUAL,
                    Function.GREATER_THAN,
                    Function.GREATER_THAN_OR_EQUAL)) {
                List<Boolean> expected = new java.util.ArrayList<>();
                List<Boolean> expectedAgainstOne = new java.util.ArrayList<>();
                for (List<Object> row : rows) {
                    long left = ((Number) row.get(0)).longValue();
                    long right = ((Number) row.get(1)).longValue();
                    expected.add(holds(function, Long.compare(left, right)));
                    expectedAgainstOne.add(holds(function, Long.compare(left, 1)));
                }
                Expression columns = call(function, DataType.BOOLEAN, input(0, type), input(1, type));
                assertThat(evaluate(allocator, columns, twoColumns, rows))
                        .as("%s %s", type, function)
                        .isEqualTo(expected);
                Expression againstOne = call(function, DataType.BOOLEAN, input(0, type), literalOne);
                assertThat(evaluate(allocator, againstOne, twoColumns, rows))
                        .as("%s %s literal", type, function)
                        .isEqualTo(expectedAgainstOne);
            }
        }
    }

    private static boolean holds(Function function, int comparison) {
        return switch (function) {
            case EQUAL -> comparison == 0;
            case NOT_EQUAL -> comparison != 0;
            case LESS_THAN -> comparison < 0;
            case LESS_THAN_OR_EQUAL -> comparison <= 0;
            case GREATER_THAN -> comparison > 0;
            case GREATER_THAN_OR_EQUAL -> comparison >= 0;
            default -> throw new IllegalArgumentException(function.name());
        };
    }

    @Test
    void aLiteralOfAnotherScaleIsRescaledOnceAndCompared() {
        DataType scale2 = DataType.decimal(10, 2);
        RowType type = BatchBuilder.rowType(scale2);
        List<List<Object>> rows =
                List.of(List.of(new BigDecimal("1.50")), List.of(new BigDecimal("1.51")), Arrays.asList((Object) null));
        Expression lessThan =
                call(Function.LESS_THAN, DataType.BOOLEAN, input(0, scale2), literal(1501L, DataType.decimal(10, 3)));
        assertThat(evaluate(allocator, lessThan, type, rows)).containsExactly(true, false, null);
    }

    /** {@code c op literal} and {@code literal op c} give what {@code c0 op c1} and {@code c1 op c0} give. */
    private void assertLiteralComparisonsAgree(DataType type, Object literalValue, Object... columnValues) {
        RowType twoColumns = BatchBuilder.rowType(type, type);
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (Object value : columnValues) {
            rows.add(Arrays.asList(value, literalValue));
        }
        Expression column = input(0, type);
        Expression other = input(1, type);
        Expression constant = literal(literalValue, type);
        for (Function function : List.of(
                Function.EQUAL,
                Function.NOT_EQUAL,
                Function.LESS_THAN,
                Function.LESS_THAN_OR_EQUAL,
                Function.GREATER_THAN,
                Function.GREATER_THAN_OR_EQUAL)) {
            assertThat(evaluate(allocator, call(function, DataType.BOOLEAN, column, constant), twoColumns, rows))
                    .as("%s %s literal", type, function)
                    .isEqualTo(evaluate(allocator, call(function, DataType.BOOLEAN, column, other), twoColumns, rows));
            assertThat(evaluate(allocator, call(function, DataType.BOOLEAN, constant, column), twoColumns, rows))
                    .as("literal %s %s", function, type)
                    .isEqualTo(evaluate(allocator, call(function, DataType.BOOLEAN, other, column), twoColumns, rows));
        }
    }

    @Test
    void decimalsOfDifferentScalesAreRescaled() {
        DataType scale2 = DataType.decimal(10, 2);
        DataType scale3 = DataType.decimal(10, 3);
        RowType type = BatchBuilder.rowType(scale2, scale3);
        List<List<Object>> rows = List.of(
                List.of(new BigDecimal("1.50"), new BigDecimal("1.500")),
                List.of(new BigDecimal("1.50"), new BigDecimal("1.501")));
        assertThat(compare(Function.EQUAL, type, rows)).containsExactly(true, false);
        assertThat(compare(Function.LESS_THAN, type, rows)).containsExactly(false, true);
    }

    @Test
    void mixedNumericTypes() {
        Call decimalVsInteger = call(
                Function.GREATER_THAN,
                DataType.BOOLEAN,
                literal(250L, DataType.decimal(5, 2)),
                literal(2L, DataType.INTEGER));
        assertThat(evaluateConstant(allocator, decimalVsInteger)).isEqualTo(true);
        Call decimalVsDouble = call(
                Function.LESS_THAN,
                DataType.BOOLEAN,
                literal(250L, DataType.decimal(5, 2)),
                literal(2.6, DataType.DOUBLE));
        assertThat(evaluateConstant(allocator, decimalVsDouble)).isEqualTo(true);
        Call integerVsBigint =
                call(Function.EQUAL, DataType.BOOLEAN, literal(7L, DataType.INTEGER), literal(7L, DataType.BIGINT));
        assertThat(evaluateConstant(allocator, integerVsBigint)).isEqualTo(true);
    }

    @Test
    void doublesTreatNegativeZeroAsZeroAndNanAsLargest() {
        RowType type = BatchBuilder.rowType(DataType.DOUBLE, DataType.DOUBLE);
        List<List<Object>> rows =
                List.of(List.of(-0.0, 0.0), List.of(Double.NaN, Double.NaN), List.of(Double.NaN, 1e300));
        assertThat(compare(Function.EQUAL, type, rows)).containsExactly(true, true, false);
        assertThat(compare(Function.GREATER_THAN, type, rows)).containsExactly(false, false, true);
    }

    @Test
    void varcharComparesByCodePoint() {
        RowType type = BatchBuilder.rowType(DataType.VARCHAR, DataType.VARCHAR);
        List<List<Object>> rows = List.of(
                List.of("abc", "abd"),
                List.of("ab", "abc"),
                List.of("z", "é"),
                List.of("\uFFFF", "\uD83D\uDE00"),
                List.of("same", "same"));
        assertThat(compare(Function.LESS_THAN, type, rows)).containsExactly(true, true, true, true, false);
        assertThat(compare(Function.EQUAL, type, rows)).containsExactly(false, false, false, false, true);
    }

    @Test
    void datesAndBooleans() {
        RowType dates = BatchBuilder.rowType(DataType.DATE, DataType.DATE);
        assertThat(compare(
                        Function.LESS_THAN,
                        dates,
                        List.of(List.of(LocalDate.of(1998, 12, 1), LocalDate.of(1998, 12, 2)))))
                .containsExactly(true);
        RowType booleans = BatchBuilder.rowType(DataType.BOOLEAN, DataType.BOOLEAN);
        assertThat(compare(Function.LESS_THAN, booleans, List.of(List.of(false, true), List.of(true, true))))
                .containsExactly(true, false);
    }

    @Test
    void comparisonWithNullLiteralIsNull() {
        Call equal = call(Function.EQUAL, DataType.BOOLEAN, literal(1L, DataType.BIGINT), literal(null, DataType.NULL));
        assertThat(evaluateConstant(allocator, equal)).isNull();
    }

    private List<Object> compare(Function function, RowType type, List<List<Object>> rows) {
        return evaluate(
                allocator,
                call(function, DataType.BOOLEAN, input(0, type.type(0)), input(1, type.type(1))),
                type,
                rows);
    }
}
