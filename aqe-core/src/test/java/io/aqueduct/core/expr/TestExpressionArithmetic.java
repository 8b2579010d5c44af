package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluate;
import static io.aqueduct.core.expr.ExpressionTester.evaluateColumn;
import static io.aqueduct.core.expr.ExpressionTester.evaluateConstant;
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
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionArithmetic extends ArrowAllocatorTest {
    private static final DataType DECIMAL_12_2 = DataType.decimal(12, 2);
    private static final DataType DECIMAL_12_4 = DataType.decimal(12, 4);

    @Test
    void bigintArithmeticWithNulls() {
        RowType type = BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT);
        List<List<Object>> rows = List.of(
                Arrays.asList(7L, 2L), Arrays.asList(-7L, 2L), Arrays.asList(null, 2L), Arrays.asList(1L, null));
        assertThat(evaluate(allocator, binary(Function.ADD, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactly(9L, -5L, null, null);
        assertThat(evaluate(allocator, binary(Function.SUBTRACT, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactly(5L, -9L, null, null);
        assertThat(evaluate(allocator, binary(Function.MULTIPLY, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactly(14L, -14L, null, null);
        assertThat(evaluate(allocator, binary(Function.DIVIDE, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactly(3L, -3L, null, null);
        assertThat(evaluate(allocator, binary(Function.MOD, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactly(1L, -1L, null, null);
    }

    @Test
    void arithmeticWithoutNullsSetsEveryRowPastAByteOfValidity() {
        // 19 rows and no NULL: the kernels go buffer to buffer and mark validity a byte at a time, then bit by bit.
        RowType type = BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT);
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (long i = 0; i < 19; i++) {
            rows.add(List.of(i * 7 - 50, i + 1));
        }
        List<Long> lefts = rows.stream().map(row -> (Long) row.get(0)).toList();
        List<Long> rights = rows.stream().map(row -> (Long) row.get(1)).toList();
        assertThat(evaluate(allocator, binary(Function.ADD, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 19)
                        .mapToObj(i -> lefts.get(i) + rights.get(i))
                        .toList());
        assertThat(evaluate(allocator, binary(Function.SUBTRACT, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 19)
                        .mapToObj(i -> lefts.get(i) - rights.get(i))
                        .toList());
        assertThat(evaluate(allocator, binary(Function.MULTIPLY, DataType.BIGINT, DataType.BIGINT), type, rows))
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 19)
                        .mapToObj(i -> lefts.get(i) * rights.get(i))
                        .toList());
        // Unscaled 0.01 * i at scale 2 times i at scale 0, at scale 2: the same unscaled product.
        Call decimalProduct = call(
                Function.MULTIPLY, DataType.decimal(18, 2), input(0, DECIMAL_12_2), input(1, DataType.decimal(12, 0)));
        assertThat(evaluate(allocator, decimalProduct, type, rows))
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 19)
                        .mapToObj(i -> lefts.get(i) * rights.get(i))
                        .toList());
    }

    @Test
    void integerArithmeticOverflowsAtIntRange() {
        Call add = call(
                Function.ADD,
                DataType.INTEGER,
                literal(Integer.MAX_VALUE, DataType.INTEGER),
                literal(1, DataType.INTEGER));
        assertThatThrownBy(() -> evaluateConstant(allocator, add))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.NUMERIC_OUT_OF_RANGE));
        Call sum = call(Function.ADD, DataType.INTEGER, literal(40, DataType.INTEGER), literal(2, DataType.INTEGER));
        assertThat(evaluateConstant(allocator, sum)).isEqualTo(42L);
    }

    @Test
    void bigintOverflowFails() {
        Call multiply = call(
                Function.MULTIPLY,
                DataType.BIGINT,
                literal(Long.MAX_VALUE, DataType.BIGINT),
                literal(2L, DataType.BIGINT));
        assertErrorCode(() -> evaluateConstant(allocator, multiply), ErrorCode.NUMERIC_OUT_OF_RANGE);
        Call divide = call(
                Function.DIVIDE,
                DataType.BIGINT,
                literal(Long.MIN_VALUE, DataType.BIGINT),
                literal(-1L, DataType.BIGINT));
        assertErrorCode(() -> evaluateConstant(allocator, divide), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void exactDivisionByZeroFailsButNotOnNullRows() {
        Call divide = binary(Function.DIVIDE, DataType.BIGINT, DataType.BIGINT);
        RowType type = BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT);
        assertErrorCode(() -> evaluate(allocator, divide, type, List.of(List.of(1L, 0L))), ErrorCode.DIVISION_BY_ZERO);
        assertThat(evaluate(allocator, divide, type, List.of(Arrays.asList(null, 0L))))
                .containsExactly((Object) null);
        Call mod = binary(Function.MOD, DataType.BIGINT, DataType.BIGINT);
        assertErrorCode(() -> evaluate(allocator, mod, type, List.of(List.of(1L, 0L))), ErrorCode.DIVISION_BY_ZERO);
        Call decimalDivide = call(Function.DIVIDE, DECIMAL_12_2, input(0, DECIMAL_12_2), input(1, DECIMAL_12_2));
        RowType decimals = BatchBuilder.rowType(DECIMAL_12_2, DECIMAL_12_2);
        assertErrorCode(
                () -> evaluate(allocator, decimalDivide, decimals, List.of(List.of(100L, 0L))),
                ErrorCode.DIVISION_BY_ZERO);
    }

    @Test
    void doubleFollowsIeee() {
        Call divide = binary(Function.DIVIDE, DataType.DOUBLE, DataType.DOUBLE);
        RowType type = BatchBuilder.rowType(DataType.DOUBLE, DataType.DOUBLE);
        assertThat(evaluate(allocator, divide, type, List.of(List.of(1.0, 0.0), List.of(0.0, 0.0), List.of(1.0, 4.0))))
                .containsExactly(Double.POSITIVE_INFINITY, Double.NaN, 0.25);
        assertThat(evaluate(
                        allocator,
                        binary(Function.MOD, DataType.DOUBLE, DataType.DOUBLE),
                        type,
                        List.of(List.of(7.5, 2.0))))
                .containsExactly(1.5);
    }

    @Test
    void decimalAdditionRescalesToTheCallScale() {
        // 1.25 + 0.0050 = 1.2550 at scale 4
        Call add = call(Function.ADD, DECIMAL_12_4, input(0, DECIMAL_12_2), input(1, DECIMAL_12_4));
        RowType type = BatchBuilder.rowType(DECIMAL_12_2, DECIMAL_12_4);
        assertThat(evaluate(allocator, add, type, List.of(List.of(new BigDecimal("1.25"), new BigDecimal("0.0050")))))
                .containsExactly(12550L);
        Call subtract = call(Function.SUBTRACT, DECIMAL_12_4, input(0, DECIMAL_12_2), input(1, DECIMAL_12_4));
        assertThat(evaluate(
                        allocator, subtract, type, List.of(List.of(new BigDecimal("1.25"), new BigDecimal("0.0050")))))
                .containsExactly(12450L);
    }

    @Test
    void decimalMixedWithIntegerTreatsIntegerAsScaleZero() {
        // 2.50 + 3 = 5.50; 2.50 * 3 = 7.50
        RowType type = BatchBuilder.rowType(DECIMAL_12_2, DataType.INTEGER);
        List<List<Object>> rows = List.of(List.of(new BigDecimal("2.50"), 3L));
        assertThat(evaluate(
                        allocator,
                        call(Function.ADD, DECIMAL_12_2, input(0, DECIMAL_12_2), input(1, DataType.INTEGER)),
                        type,
                        rows))
                .containsExactly(550L);
        assertThat(evaluate(
                        allocator,
                        call(Function.MULTIPLY, DECIMAL_12_2, input(0, DECIMAL_12_2), input(1, DataType.INTEGER)),
                        type,
                        rows))
                .containsExactly(750L);
    }

    @Test
    void decimalMultiplyRoundsHalfUpToTheCallScale() {
        // 0.05 * 0.05 = 0.0025 -> 0.00 at scale 2 would be wrong; half up of 0.0025 at scale 3 = 0.003
        DataType scale3 = DataType.decimal(12, 3);
        Call multiply = call(Function.MULTIPLY, scale3, input(0, DECIMAL_12_2), input(1, DECIMAL_12_2));
        RowType type = BatchBuilder.rowType(DECIMAL_12_2, DECIMAL_12_2);
        assertThat(evaluate(allocator, multiply, type, List.of(List.of(5L, 5L), List.of(-5L, 5L), List.of(5L, 4L))))
                .containsExactly(3L, -3L, 2L);
        // Exact scale: 1.50 * 2.25 = 3.3750
        Call exact = call(Function.MULTIPLY, DECIMAL_12_4, input(0, DECIMAL_12_2), input(1, DECIMAL_12_2));
        assertThat(evaluate(allocator, exact, type, List.of(List.of(150L, 225L))))
                .containsExactly(33750L);
    }

    @Test
    void decimalMultiplyWhoseProductExceedsLongStillRescales() {
        // 9e8 (scale 9) * 9e8 (scale 9): the unscaled product overflows 64 bits, the scale-2 result does not
        DataType scale9 = DataType.decimal(18, 9);
        DataType result = DataType.decimal(18, 2);
        Call multiply = call(Function.MULTIPLY, result, input(0, scale9), input(1, scale9));
        RowType type = BatchBuilder.rowType(scale9, scale9);
        List<List<Object>> rows =
                List.of(List.of(new BigDecimal("900000000.000000005"), new BigDecimal("2.000000000")));
        assertThat(evaluate(allocator, multiply, type, rows)).containsExactly(180000000000L);
    }

    @Test
    void decimalMultiplyOverflowFails() {
        DataType big = DataType.decimal(18, 0);
        Call multiply = call(Function.MULTIPLY, big, literal(Long.MAX_VALUE / 2, big), literal(3L, big));
        assertErrorCode(() -> evaluateConstant(allocator, multiply), ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void decimalDivideRoundsHalfUp() {
        DataType scale4 = DataType.decimal(18, 4);
        Call divide = call(Function.DIVIDE, scale4, input(0, DECIMAL_12_2), input(1, DECIMAL_12_2));
        RowType type = BatchBuilder.rowType(DECIMAL_12_2, DECIMAL_12_2);
        // 2/3 = 0.6667, -2/3 = -0.6667, 1/8 = 0.1250, 0.01/0.16 = 0.0625, 0.0001 rounding: 1/30000 -> see below
        List<List<Object>> rows = List.of(
                List.of(200L, 300L),
                List.of(-200L, 300L),
                List.of(100L, 800L),
                List.of(1L, 16L),
                Arrays.asList(null, 1L));
        assertThat(evaluate(allocator, divide, type, rows)).containsExactly(6667L, -6667L, 1250L, 625L, null);
        // 0.00005 -> 0.0001 (half up at scale 4): 1 / 200 with operands at scale 0 and 2
        Call half = call(Function.DIVIDE, scale4, literal(1L, DataType.decimal(5, 2)), literal(200L, DataType.BIGINT));
        assertThat(evaluateConstant(allocator, half)).isEqualTo(1L);
    }

    @Test
    void decimalModRescales() {
        // 5.5 mod 2.00 = 1.50
        Call mod = call(Function.MOD, DECIMAL_12_2, literal(55L, DataType.decimal(3, 1)), literal(200L, DECIMAL_12_2));
        assertThat(evaluateConstant(allocator, mod)).isEqualTo(150L);
    }

    @Test
    void decimalWithDoubleComputesAsDouble() {
        Call add = call(Function.ADD, DataType.DOUBLE, literal(150L, DECIMAL_12_2), literal(0.25, DataType.DOUBLE));
        assertThat(evaluateConstant(allocator, add)).isEqualTo(1.75);
    }

    @Test
    void negateAndAbs() {
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.NEGATE, DataType.BIGINT, input(0, DataType.BIGINT)),
                        DataType.BIGINT,
                        5L,
                        null,
                        -3L))
                .containsExactly(-5L, null, 3L);
        assertThat(evaluateColumn(
                        allocator, call(Function.ABS, DECIMAL_12_2, input(0, DECIMAL_12_2)), DECIMAL_12_2, -125L, 7L))
                .containsExactly(125L, 7L);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.ABS, DataType.DOUBLE, input(0, DataType.DOUBLE)),
                        DataType.DOUBLE,
                        -1.5))
                .containsExactly(1.5);
        assertThat(evaluateColumn(
                        allocator,
                        call(Function.NEGATE, DataType.INTEGER, input(0, DataType.INTEGER)),
                        DataType.INTEGER,
                        4L))
                .containsExactly(-4L);
        assertErrorCode(
                () -> evaluateConstant(
                        allocator, call(Function.ABS, DataType.BIGINT, literal(Long.MIN_VALUE, DataType.BIGINT))),
                ErrorCode.NUMERIC_OUT_OF_RANGE);
    }

    @Test
    void nullLiteralOperandGivesNull() {
        Call add = call(Function.ADD, DataType.BIGINT, literal(1L, DataType.BIGINT), literal(null, DataType.NULL));
        assertThat(evaluateConstant(allocator, add)).isNull();
    }

    private static Call binary(Function function, DataType type, DataType operandType) {
        return call(function, type, input(0, operandType), input(1, operandType));
    }

    static void assertErrorCode(org.assertj.core.api.ThrowableAssert.ThrowingCallable callable, ErrorCode code) {
        assertThatThrownBy(callable).isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                .isEqualTo(code));
    }
}
