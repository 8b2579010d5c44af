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
import io.aqueduct.core.type.RowType;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CASE, COALESCE and IN. */
class TestExpressionConditional extends ArrowAllocatorTest {
    private static final DataType DECIMAL_10_2 = DataType.decimal(10, 2);

    @Test
    void varcharResultsOfInterleavedBranches() {
        // Rows take the THEN and ELSE branches alternately: the result is still written in row order.
        Call label = call(
                Function.CASE,
                DataType.VARCHAR,
                call(Function.GREATER_THAN, DataType.BOOLEAN, input(0, DataType.BIGINT), literal(2L, DataType.BIGINT)),
                literal("high", DataType.VARCHAR),
                literal("low", DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, label, DataType.BIGINT, 3L, 1L, 4L, 0L, null))
                .containsExactly("high", "low", "high", "low", "low");
    }

    @Test
    void caseTakesTheFirstTrueBranch() {
        Expression x = input(0, DataType.BIGINT);
        Call caseCall = call(
                Function.CASE,
                DataType.VARCHAR,
                call(Function.LESS_THAN, DataType.BOOLEAN, x, literal(0L, DataType.BIGINT)),
                literal("negative", DataType.VARCHAR),
                call(Function.LESS_THAN, DataType.BOOLEAN, x, literal(10L, DataType.BIGINT)),
                literal("small", DataType.VARCHAR),
                literal("large", DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, caseCall, DataType.BIGINT, -1L, 5L, 50L, null))
                .containsExactly("negative", "small", "large", "large");
    }

    @Test
    void caseWithoutElseGivesNull() {
        Expression x = input(0, DataType.BIGINT);
        Call caseCall = call(
                Function.CASE,
                DECIMAL_10_2,
                call(Function.GREATER_THAN, DataType.BOOLEAN, x, literal(0L, DataType.BIGINT)),
                x);
        // THEN values are BIGINT and are cast to the CASE's DECIMAL type
        assertThat(evaluateColumn(allocator, caseCall, DataType.BIGINT, 3L, -3L))
                .containsExactly(300L, null);
    }

    @Test
    void caseEvaluatesBranchesOnlyForTheRowsTakingThem() {
        // CASE WHEN x <> 0 THEN 100 / x ELSE 0 END
        Expression x = input(0, DataType.BIGINT);
        Call caseCall = call(
                Function.CASE,
                DataType.BIGINT,
                call(Function.NOT_EQUAL, DataType.BOOLEAN, x, literal(0L, DataType.BIGINT)),
                call(Function.DIVIDE, DataType.BIGINT, literal(100L, DataType.BIGINT), x),
                literal(0L, DataType.BIGINT));
        assertThat(evaluateColumn(allocator, caseCall, DataType.BIGINT, 4L, 0L, 50L, null))
                .containsExactly(25L, 0L, 2L, 0L);
        // A failure on a row that does take the branch still surfaces.
        Call failing = call(
                Function.CASE,
                DataType.BIGINT,
                call(Function.IS_NOT_NULL, DataType.BOOLEAN, x),
                call(Function.DIVIDE, DataType.BIGINT, literal(100L, DataType.BIGINT), x),
                literal(0L, DataType.BIGINT));
        assertErrorCode(
                () -> evaluateColumn(allocator, failing, DataType.BIGINT, 4L, 0L, null), ErrorCode.DIVISION_BY_ZERO);
    }

    @Test
    void coalesceTakesTheFirstNonNull() {
        Call coalesce = call(
                Function.COALESCE,
                DataType.BIGINT,
                input(0, DataType.BIGINT),
                input(1, DataType.INTEGER),
                literal(-1L, DataType.BIGINT));
        RowType type = BatchBuilder.rowType(DataType.BIGINT, DataType.INTEGER);
        List<List<Object>> rows = List.of(Arrays.asList(1L, 2L), Arrays.asList(null, 2L), Arrays.asList(null, null));
        assertThat(evaluate(allocator, coalesce, type, rows)).containsExactly(1L, 2L, -1L);
    }

    @Test
    void varcharCoalesceOfInterleavedNulls() {
        // Rows take the first and second operand alternately: the result is still written in row order.
        Call coalesce = call(
                Function.COALESCE, DataType.VARCHAR, input(0, DataType.VARCHAR), literal("none", DataType.VARCHAR));
        assertThat(evaluateColumn(allocator, coalesce, DataType.VARCHAR, "a", null, "ccc", null, "e"))
                .containsExactly("a", "none", "ccc", "none", "e");
    }

    @Test
    void inWithNumbersStringsAndDates() {
        assertThat(in(
                        DataType.BIGINT,
                        List.of(literal(1L, DataType.BIGINT), literal(3L, DataType.BIGINT)),
                        1L,
                        2L,
                        3L,
                        null))
                .containsExactly(true, false, true, null);
        assertThat(in(DataType.INTEGER, List.of(literal(1L, DataType.INTEGER)), 1L, 2L))
                .containsExactly(true, false);
        assertThat(in(
                        DataType.VARCHAR,
                        List.of(literal("MAIL", DataType.VARCHAR), literal("SHIP", DataType.VARCHAR)),
                        "SHIP",
                        "AIR"))
                .containsExactly(true, false);
        LocalDate date = LocalDate.of(1995, 1, 1);
        assertThat(in(DataType.DATE, List.of(literal(date.toEpochDay(), DataType.DATE)), date, date.plusDays(1)))
                .containsExactly(true, false);
        assertThat(in(
                        DataType.DOUBLE,
                        List.of(literal(0.0, DataType.DOUBLE), literal(Double.NaN, DataType.DOUBLE)),
                        -0.0,
                        Double.NaN,
                        1.0))
                .containsExactly(true, true, false);
        assertThat(in(DataType.BOOLEAN, List.of(literal(true, DataType.BOOLEAN)), true, false))
                .containsExactly(true, false);
    }

    @Test
    void inMatchesStringsByTheirBytes() {
        // Prefixes, the empty string and non-ASCII bytes (unsigned: 'é' sorts after 'z'), among more literals than a
        // linear scan would take.
        List<String> set = List.of("SM CASE", "SM", "", "zz", "été", "SM BOX", "SM PACK", "SM PKG", "LG CASE");
        List<Expression> literals = set.stream()
                .<Expression>map(value -> literal(value, DataType.VARCHAR))
                .toList();
        assertThat(in(DataType.VARCHAR, literals, "SM CASE", "SM CAS", "SM CASEX", "", "été", "ét", "z", "zz", null))
                .containsExactly(true, false, false, true, true, false, false, true, null);
    }

    @Test
    void inRescalesDecimalLiterals() {
        // 1.50 IN (1.5, 1.505): 1.505 cannot equal a value at scale 2
        List<Expression> literals =
                List.of(literal(15L, DataType.decimal(2, 1)), literal(1505L, DataType.decimal(4, 3)));
        assertThat(in(DECIMAL_10_2, literals, 150L, 151L)).containsExactly(true, false);
    }

    @Test
    void inWithNullLiteralIsNullUnlessMatched() {
        List<Expression> literals = List.of(literal(1L, DataType.BIGINT), literal(null, DataType.BIGINT));
        assertThat(in(DataType.BIGINT, literals, 1L, 2L, null)).containsExactly(true, null, null);
    }

    @Test
    void inWithNonLiteralCandidates() {
        Call in = call(
                Function.IN,
                DataType.BOOLEAN,
                input(0, DataType.BIGINT),
                input(1, DataType.BIGINT),
                literal(5L, DataType.BIGINT));
        List<List<Object>> rows = List.of(List.of(1L, 1L), List.of(5L, 2L), List.of(3L, 2L), Arrays.asList(3L, null));
        assertThat(evaluate(allocator, in, BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT), rows))
                .containsExactly(true, true, false, null);
    }

    private List<Object> in(DataType type, List<Expression> literals, Object... values) {
        List<Expression> operands = new ArrayList<>();
        operands.add(input(0, type));
        operands.addAll(literals);
        return evaluateColumn(allocator, new Call(Function.IN, operands, DataType.BOOLEAN), type, values);
    }
}
