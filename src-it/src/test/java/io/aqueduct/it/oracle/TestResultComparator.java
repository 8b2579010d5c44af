package io.aqueduct.it.oracle;

import static io.aqueduct.it.oracle.ResultComparator.difference;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestResultComparator {
    @Test
    void equalRows() {
        List<List<Object>> rows = List.of(row("A", 1L, new BigDecimal("1.50"), LocalDate.of(1994, 1, 1)));
        assertThat(difference(rows, rows, true)).isEmpty();
    }

    @Test
    void decimalsCompareByValue() {
        assertThat(difference(rows(row(new BigDecimal("1.50"))), rows(row(new BigDecimal("1.5"))), true))
                .isEmpty();
        assertThat(difference(rows(row(new BigDecimal("1.50"))), rows(row(new BigDecimal("1.51"))), true))
                .isPresent();
        assertThat(difference(rows(row(new BigDecimal("7"))), rows(row(7L)), true))
                .isEmpty();
        assertThat(difference(rows(row(7)), rows(row(7L)), true)).isEmpty();
    }

    @Test
    void decimalsAreExactBeyondDoublePrecision() {
        BigDecimal large = new BigDecimal("12345678901234567.01");
        BigDecimal next = new BigDecimal("12345678901234567.02");
        assertThat(difference(rows(row(large)), rows(row(next)), true)).isPresent();
    }

    @Test
    void doublesWithinRelativeTolerance() {
        assertThat(difference(rows(row(25.575154611454693)), rows(row(25.575154611454694)), true))
                .isEmpty();
        assertThat(difference(rows(row(1.0)), rows(row(1.0 + 1e-7)), true)).isPresent();
        assertThat(difference(rows(row(0.0)), rows(row(0.0)), true)).isEmpty();
        assertThat(difference(rows(row(1e-300)), rows(row(0.0)), true)).isPresent();
    }

    @Test
    void decimalAgainstDoubleWithinTolerance() {
        BigDecimal exact = new BigDecimal("35785.709306937344");
        assertThat(difference(rows(row(35785.70930693734)), rows(row(exact)), true))
                .isEmpty();
        assertThat(difference(rows(row(exact)), rows(row(35785.71)), true)).isPresent();
    }

    @Test
    void otherTypesCompareExactly() {
        assertThat(difference(rows(row("abc")), rows(row("abc ")), true)).isPresent();
        assertThat(difference(rows(row(LocalDate.of(1998, 12, 1))), rows(row(LocalDate.of(1998, 12, 2))), true))
                .isPresent();
        assertThat(difference(rows(row((Object) null)), rows(row((Object) null)), true))
                .isEmpty();
        assertThat(difference(rows(row((Object) null)), rows(row(0L)), true)).isPresent();
        assertThat(difference(rows(row("1")), rows(row(1L)), true)).isPresent();
    }

    @Test
    void orderMattersOnlyWhenOrdered() {
        List<List<Object>> expected = rows(row("a", 1L), row("b", 2L), row("a", 1L));
        List<List<Object>> shuffled = rows(row("a", 1L), row("a", 1L), row("b", 2L));
        assertThat(difference(expected, shuffled, false)).isEmpty();
        assertThat(difference(expected, shuffled, true)).isPresent();
    }

    @Test
    void unorderedComparesMultisets() {
        List<List<Object>> twice = rows(row("a"), row("a"), row("b"));
        List<List<Object>> once = rows(row("a"), row("b"), row("b"));
        assertThat(difference(twice, once, false)).isPresent();
    }

    @Test
    void messageShowsFirstDifferingRowOfEachSide() {
        List<List<Object>> expected = rows(row("a", 1L), row("b", 2L));
        List<List<Object>> actual = rows(row("a", 1L), row("b", 3L));
        assertThat(difference(expected, actual, true)).hasValueSatisfying(message -> assertThat(message)
                .contains("Row 1 differs")
                .contains("expected row 1: [b, 2]")
                .contains("actual row 1:   [b, 3]"));
    }

    @Test
    void rowCountDifference() {
        List<List<Object>> expected = rows(row("a"), row("b"));
        List<List<Object>> actual = rows(row("a"));
        assertThat(difference(expected, actual, true)).hasValueSatisfying(message -> assertThat(message)
                .contains("expected 2 rows, actual 1 rows")
                .contains("expected row 1: [b]")
                .contains("actual row 1:   <none>"));
    }

    @Test
    void columnCountDifference() {
        QueryResult two = new QueryResult(List.of("a", "b"), List.of("BIGINT", "BIGINT"), List.of());
        QueryResult one = new QueryResult(List.of("a"), List.of("BIGINT"), List.of());
        assertThat(difference(two, one, true))
                .hasValueSatisfying(message -> assertThat(message).contains("Expected 2 columns"));
        assertThat(difference(rows(row(1L, 2L)), rows(row(1L)), true)).isPresent();
    }

    @Test
    void assertThrowsWithTheDifference() {
        assertThatThrownBy(() -> ResultComparator.assertSameRows(rows(row(1L)), rows(row(2L)), true))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Row 0 differs");
    }

    @Test
    void readerNormalizesDriverValues() {
        assertThat(ResultReader.normalize(7)).isEqualTo(7L);
        assertThat(ResultReader.normalize(BigInteger.TEN)).isEqualTo(10L);
        assertThat(ResultReader.normalize(1.5f)).isEqualTo(1.5d);
        assertThat(ResultReader.normalize(Date.valueOf("1995-03-15"))).isEqualTo(LocalDate.of(1995, 3, 15));
        assertThat(ResultReader.normalize('x')).isEqualTo("x");
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    @SafeVarargs
    private static List<List<Object>> rows(List<Object>... rows) {
        return List.of(rows);
    }
}
