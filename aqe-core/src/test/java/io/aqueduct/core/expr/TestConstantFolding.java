package io.aqueduct.core.expr;

import static io.aqueduct.core.expr.ExpressionTester.call;
import static io.aqueduct.core.expr.ExpressionTester.evaluateConstant;
import static io.aqueduct.core.expr.ExpressionTester.input;
import static io.aqueduct.core.expr.ExpressionTester.literal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class TestConstantFolding extends ArrowAllocatorTest {
    private static final Call TPCH_Q1_SHIP_DATE = call(
            Function.DATE_ADD_DAYS,
            DataType.DATE,
            literal(day("1998-12-01"), DataType.DATE),
            literal(-90L, DataType.BIGINT));
    private static final Call ONE_BY_ZERO =
            call(Function.DIVIDE, DataType.INTEGER, literal(1L, DataType.INTEGER), literal(0L, DataType.INTEGER));

    @Test
    void aCallOnLiteralsBecomesItsValue() {
        assertThat(ConstantFolding.fold(TPCH_Q1_SHIP_DATE)).isEqualTo(literal(day("1998-09-02"), DataType.DATE));
    }

    @Test
    void aCallDrawingRandomNumbersIsNotFolded() {
        Call random = call(Function.RANDOM, DataType.DOUBLE);
        Call sample = call(Function.LESS_THAN, DataType.BOOLEAN, random, literal(0.5, DataType.DOUBLE));

        assertThat(ConstantFolding.fold(sample)).isEqualTo(sample);
    }

    @Test
    void aCallReadingAColumnStaysWithItsConstantOperandsFolded() {
        Call filter = call(Function.LESS_THAN_OR_EQUAL, DataType.BOOLEAN, input(0, DataType.DATE), TPCH_Q1_SHIP_DATE);

        assertThat(ConstantFolding.fold(filter))
                .isEqualTo(call(
                        Function.LESS_THAN_OR_EQUAL,
                        DataType.BOOLEAN,
                        input(0, DataType.DATE),
                        literal(day("1998-09-02"), DataType.DATE)));
    }

    @Test
    void decimalsKeepTheirExactValueAtTheCallsScale() {
        // 0.1 + 0.25, 1.10 * 3, CAST(1.005 AS DECIMAL(5, 2)) rounds half up.
        assertFolds(
                call(
                        Function.ADD,
                        DataType.decimal(4, 2),
                        literal(1L, DataType.decimal(2, 1)),
                        literal(25L, DataType.decimal(3, 2))),
                literal(35L, DataType.decimal(4, 2)));
        assertFolds(
                call(
                        Function.MULTIPLY,
                        DataType.decimal(13, 2),
                        literal(110L, DataType.decimal(3, 2)),
                        literal(3L, DataType.INTEGER)),
                literal(330L, DataType.decimal(13, 2)));
        assertFolds(
                call(Function.CAST, DataType.decimal(5, 2), literal(1005L, DataType.decimal(4, 3))),
                literal(101L, DataType.decimal(5, 2)));
    }

    @Test
    void datesAndTimestampsKeepCalendarRulesAndMicroseconds() {
        assertFolds(
                call(
                        Function.DATETIME_ADD_MONTHS,
                        DataType.DATE,
                        literal(day("2024-01-31"), DataType.DATE),
                        literal(1L, DataType.BIGINT)),
                literal(day("2024-02-29"), DataType.DATE));
        assertFolds(
                call(
                        Function.DATETIME_ADD_MICROS,
                        DataType.TIMESTAMP,
                        literal(micros("2024-01-02T03:04:05.123456"), DataType.TIMESTAMP),
                        literal(DateTimes.MICROS_PER_DAY, DataType.BIGINT)),
                literal(micros("2024-01-03T03:04:05.123456"), DataType.TIMESTAMP));
        assertFolds(
                call(Function.CAST, DataType.VARCHAR, literal(micros("2024-01-02T03:04:05.120"), DataType.TIMESTAMP)),
                literal("2024-01-02 03:04:05.12", DataType.VARCHAR));
    }

    @Test
    void nullsPropagateAsTheyWouldPerRow() {
        assertFolds(
                call(Function.ADD, DataType.INTEGER, literal(null, DataType.INTEGER), literal(1L, DataType.INTEGER)),
                literal(null, DataType.INTEGER));
        assertFolds(
                call(
                        Function.COALESCE,
                        DataType.VARCHAR,
                        literal(null, DataType.VARCHAR),
                        call(
                                Function.CONCAT,
                                DataType.VARCHAR,
                                literal("ab", DataType.VARCHAR),
                                literal("c", DataType.VARCHAR))),
                literal("abc", DataType.VARCHAR));
    }

    @Test
    void aDoubleDivisionByZeroIsTheEnginesInfinity() {
        assertFolds(
                call(Function.DIVIDE, DataType.DOUBLE, literal(1.0, DataType.DOUBLE), literal(0.0, DataType.DOUBLE)),
                literal(Double.POSITIVE_INFINITY, DataType.DOUBLE));
    }

    @Test
    void aCallThatFailsIsLeftToFailWhenARowReachesIt() {
        Call sum = call(
                Function.ADD,
                DataType.INTEGER,
                ONE_BY_ZERO,
                call(
                        Function.MULTIPLY,
                        DataType.INTEGER,
                        literal(2L, DataType.INTEGER),
                        literal(3L, DataType.INTEGER)));

        Expression folded = ConstantFolding.fold(sum);

        assertThat(folded).isEqualTo(call(Function.ADD, DataType.INTEGER, ONE_BY_ZERO, literal(6L, DataType.INTEGER)));
        assertThatThrownBy(() -> evaluateConstant(allocator, folded))
                .isInstanceOfSatisfying(
                        AqueductException.class,
                        e -> assertThat(e.errorCode().sqlState()).isEqualTo("22012"));
    }

    @Test
    void aFailingBranchThatIsNotTakenDoesNotStopACaseFromFolding() {
        Call choice = call(
                Function.CASE,
                DataType.INTEGER,
                literal(false, DataType.BOOLEAN),
                ONE_BY_ZERO,
                literal(7L, DataType.INTEGER));

        assertFolds(choice, literal(7L, DataType.INTEGER));
    }

    @Test
    void anIntegerOverflowIsLeftToFailAtRunTime() {
        Call overflow = call(
                Function.ADD,
                DataType.INTEGER,
                literal((long) Integer.MAX_VALUE, DataType.INTEGER),
                literal(1L, DataType.INTEGER));

        assertThat(ConstantFolding.fold(overflow)).isSameAs(overflow);
        assertThatThrownBy(() -> evaluateConstant(allocator, overflow))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.NUMERIC_OUT_OF_RANGE));
    }

    /** {@code call} folds to {@code expected}, the value evaluating it for a row gives. */
    private void assertFolds(Call call, Literal expected) {
        assertThat(ConstantFolding.fold(call)).isEqualTo(expected);
        assertThat(evaluateConstant(allocator, call)).isEqualTo(expected.value());
    }

    private static long day(String isoDate) {
        return LocalDate.parse(isoDate).toEpochDay();
    }

    private static long micros(String isoDateTime) {
        return DateTimes.toMicros(LocalDateTime.parse(isoDateTime));
    }
}
