package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluate;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionMath extends ArrowAllocatorTest {
    private static final DataType MONEY = DataType.decimal(15, 2);

    @Test
    void doubleFunctionsOfAnyNumericOperand() {
        assertThat(evaluateColumn(allocator, call(Function.SQRT, DataType.DOUBLE, input(0, MONEY)), MONEY, 1600L, null))
                .containsExactly(4.0, null);
        assertThat(evaluateColumn(
                        allocator, call(Function.LN, DataType.DOUBLE, input(0, DataType.BIGINT)), DataType.BIGINT, 1L))
                .containsExactly(0.0);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.LOG10, DataType.DOUBLE, input(0, DataType.INTEGER)),
                        DataType.INTEGER,
                        1000L))
                .containsExactly(3.0);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.EXP, DataType.DOUBLE, input(0, DataType.DOUBLE)),
                        DataType.DOUBLE,
                        0.0))
                .containsExactly(1.0);
        Call square = call(Function.POWER, DataType.DOUBLE, input(0, MONEY), literal(2L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, square, MONEY, -150L)).containsExactly(2.25);
        Call root =
                call(Function.POWER, DataType.DOUBLE, input(0, DataType.DOUBLE), literal(5L, DataType.decimal(2, 1)));
        assertThat(evaluateColumn(allocator, root, DataType.DOUBLE, 9.0)).containsExactly(3.0);
    }

    @Test
    void undefinedLogarithmsAndPowersFailAsInPostgreSql() {
        Call ln = call(Function.LN, DataType.DOUBLE, input(0, DataType.DOUBLE));
        assertThatThrownBy(() -> evaluateColumn(allocator, ln, DataType.DOUBLE, 1.0, 0.0))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.INVALID_ARGUMENT_FOR_LOGARITHM))
                .hasMessageContaining("logarithm of zero");
        Call log10 = call(Function.LOG10, DataType.DOUBLE, input(0, DataType.BIGINT));
        assertThatThrownBy(() -> evaluateColumn(allocator, log10, DataType.BIGINT, -10L))
                .hasMessageContaining("logarithm of a negative number");
        assertThat(evaluateColumn(allocator, ln, DataType.DOUBLE, Double.NaN, null))
                .containsExactly(Double.NaN, null);
        Call squareRoot =
                call(Function.POWER, DataType.DOUBLE, input(0, DataType.DOUBLE), literal(5L, DataType.decimal(2, 1)));
        assertThatThrownBy(() -> evaluateColumn(allocator, squareRoot, DataType.DOUBLE, 4.0, -4.0))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.INVALID_ARGUMENT_FOR_POWER))
                .hasMessageContaining("square root of a negative number");
        Call inverse = call(Function.POWER, DataType.DOUBLE, input(0, DataType.DOUBLE), literal(-1L, DataType.INTEGER));
        assertThatThrownBy(() -> evaluateColumn(allocator, inverse, DataType.DOUBLE, 0.0))
                .hasMessageContaining("zero raised to a negative power");
        assertThat(evaluateColumn(allocator, inverse, DataType.DOUBLE, -2.0)).containsExactly(-0.5);
    }

    @Test
    void powerTakesItsExponentFromAColumn() {
        Call power =
                call(Function.POWER, DataType.DOUBLE, input(0, DataType.INTEGER), input(1, DataType.decimal(3, 1)));
        RowType type = BatchBuilder.rowType(DataType.INTEGER, DataType.decimal(3, 1));
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of(2L, 30L));
        rows.add(List.of(16L, 5L));
        rows.add(Arrays.asList(3L, null));
        assertThat(evaluate(allocator, power, type, rows)).containsExactly(8.0, 4.0, null);
    }

    @Test
    void roundingOfDecimalsIsExactAndHalfAwayFromZero() {
        Call round = call(Function.ROUND, MONEY, input(0, MONEY), literal(1L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, round, MONEY, 125L, -125L, 124L, null))
                .containsExactly(130L, -130L, 120L, null);
        Call truncate = call(Function.TRUNCATE, MONEY, input(0, MONEY), literal(1L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, truncate, MONEY, 129L, -129L)).containsExactly(120L, -120L);
        DataType whole = DataType.decimal(15, 0);
        assertThat(evaluateColumn(allocator, call(Function.CEIL, whole, input(0, MONEY)), MONEY, 101L, -101L))
                .containsExactly(2L, -1L);
        assertThat(evaluateColumn(allocator, call(Function.FLOOR, whole, input(0, MONEY)), MONEY, 101L, -101L))
                .containsExactly(1L, -2L);
        assertThat(evaluateColumn(allocator, call(Function.SIGN, MONEY, input(0, MONEY)), MONEY, -5L, 0L, 7L))
                .containsExactly(-100L, 0L, 100L);
    }

    @Test
    void roundingOfDoublesAndIntegers() {
        Call round = call(Function.ROUND, DataType.DOUBLE, input(0, DataType.DOUBLE));
        assertThat(evaluateColumn(allocator, round, DataType.DOUBLE, 2.5, -2.5, 2.4))
                .containsExactly(3.0, -3.0, 2.0);
        Call roundTens =
                call(Function.ROUND, DataType.INTEGER, input(0, DataType.INTEGER), literal(-1L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, roundTens, DataType.INTEGER, 15L, 14L))
                .containsExactly(20L, 10L);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.SIGN, DataType.DOUBLE, input(0, DataType.DOUBLE)),
                        DataType.DOUBLE,
                        -0.5))
                .containsExactly(-1.0);
    }

    @Test
    void roundingDigitsMustBeConstant() {
        Call round = call(Function.ROUND, MONEY, input(0, MONEY), input(0, MONEY));
        assertThatThrownBy(() -> ExpressionCompiler.compile(round))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED));
    }
}
