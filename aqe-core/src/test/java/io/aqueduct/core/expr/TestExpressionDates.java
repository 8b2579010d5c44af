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
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestExpressionDates extends ArrowAllocatorTest {
    @Test
    void extractFields() {
        LocalDate date = LocalDate.of(1995, 11, 5); // a Sunday, day 309
        assertThat(extract("YEAR", date, null)).containsExactly(1995L, null);
        assertThat(extract("QUARTER", date, LocalDate.of(1995, 3, 31), LocalDate.of(1995, 4, 1)))
                .containsExactly(4L, 1L, 2L);
        assertThat(extract("MONTH", date)).containsExactly(11L);
        assertThat(extract("DAY", date)).containsExactly(5L);
        assertThat(extract("DOW", date, LocalDate.of(1995, 11, 11))).containsExactly(1L, 7L);
        assertThat(extract("DOY", date, LocalDate.of(1996, 12, 31))).containsExactly(309L, 366L);
        assertThat(extract("year", LocalDate.of(1969, 12, 31))).containsExactly(1969L);
    }

    @Test
    void unknownExtractUnitFails() {
        assertErrorCode(() -> extract("FORTNIGHT", LocalDate.of(2000, 1, 1)), ErrorCode.NOT_SUPPORTED);
    }

    @Test
    void addDays() {
        assertThat(add(Function.DATE_ADD_DAYS, LocalDate.of(1998, 12, 1), -90L)).isEqualTo(LocalDate.of(1998, 9, 2));
        assertThat(add(Function.DATE_ADD_DAYS, LocalDate.of(2000, 2, 28), 1L)).isEqualTo(LocalDate.of(2000, 2, 29));
        assertThat(add(Function.DATE_ADD_DAYS, LocalDate.of(1900, 2, 28), 1L)).isEqualTo(LocalDate.of(1900, 3, 1));
        assertThat(add(Function.DATE_ADD_DAYS, LocalDate.of(1999, 12, 31), 1L)).isEqualTo(LocalDate.of(2000, 1, 1));
    }

    @Test
    void addMonthsClampsToTheMonthEnd() {
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1995, 1, 31), 1L))
                .isEqualTo(LocalDate.of(1995, 2, 28));
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1996, 1, 31), 1L))
                .isEqualTo(LocalDate.of(1996, 2, 29));
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1996, 2, 29), 12L))
                .isEqualTo(LocalDate.of(1997, 2, 28));
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1995, 3, 31), -1L))
                .isEqualTo(LocalDate.of(1995, 2, 28));
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1994, 1, 1), 3L))
                .isEqualTo(LocalDate.of(1994, 4, 1));
        assertThat(add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1995, 10, 31), 4L))
                .isEqualTo(LocalDate.of(1996, 2, 29));
    }

    @Test
    void resultsOutsideTheYears1To9999Fail() {
        assertThat(add(Function.DATE_ADD_DAYS, LocalDate.of(9999, 12, 30), 1L)).isEqualTo(LocalDate.of(9999, 12, 31));
        assertErrorCode(
                () -> add(Function.DATE_ADD_DAYS, LocalDate.of(9999, 12, 31), 1L), ErrorCode.DATETIME_OUT_OF_RANGE);
        assertErrorCode(
                () -> add(Function.DATETIME_ADD_MONTHS, LocalDate.of(1, 1, 31), -1L), ErrorCode.DATETIME_OUT_OF_RANGE);
        assertErrorCode(
                () -> add(Function.DATE_ADD_DAYS, LocalDate.of(2000, 1, 1), Long.MAX_VALUE),
                ErrorCode.DATETIME_OUT_OF_RANGE);
    }

    @Test
    void nullOperandsGiveNull() {
        Call add =
                call(Function.DATETIME_ADD_MONTHS, DataType.DATE, input(0, DataType.DATE), input(1, DataType.BIGINT));
        List<List<Object>> rows = List.of(Arrays.asList(null, 1L), Arrays.asList(LocalDate.of(2000, 1, 1), null));
        assertThat(evaluate(allocator, add, BatchBuilder.rowType(DataType.DATE, DataType.BIGINT), rows))
                .containsExactly(null, null);
    }

    @Test
    void integerAmountIsWidened() {
        Call add = call(Function.DATE_ADD_DAYS, DataType.DATE, input(0, DataType.DATE), literal(1L, DataType.INTEGER));
        assertThat(evaluateColumn(allocator, add, DataType.DATE, LocalDate.of(2000, 1, 1)))
                .containsExactly(LocalDate.of(2000, 1, 2).toEpochDay());
    }

    private List<Object> extract(String unit, Object... dates) {
        Call extract =
                call(Function.EXTRACT, DataType.BIGINT, literal(unit, DataType.VARCHAR), input(0, DataType.DATE));
        return evaluateColumn(allocator, extract, DataType.DATE, dates);
    }

    private LocalDate add(Function function, LocalDate date, long amount) {
        Call add = call(function, DataType.DATE, input(0, DataType.DATE), literal(amount, DataType.BIGINT));
        Object epochDay = evaluateColumn(allocator, add, DataType.DATE, date).get(0);
        return LocalDate.ofEpochDay((Long) epochDay);
    }
}
