package io.aqueduct.it.oracle;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compares two query results value by value. Exact numbers compare by value ({@code 1.50 = 1.5}); when
 * either side is a double or float the two agree within a relative {@value #RELATIVE_TOLERANCE}, since
 * engines differ in the type of, for example, {@code avg} over a decimal. Without {@code ordered} the
 * rows compare as multisets.
 *
 * <p>Usage: {@code ResultComparator.assertSameResults(oracle.execute(sql), ResultReader.read(rs), false)}.
 */
public final class ResultComparator {
    public static final double RELATIVE_TOLERANCE = 1e-9;

    private ResultComparator() {}

    public static void assertSameResults(QueryResult expected, QueryResult actual, boolean ordered) {
        difference(expected, actual, ordered).ifPresent(message -> {
            throw new AssertionError(message);
        });
    }

    public static void assertSameRows(List<List<Object>> expected, List<List<Object>> actual, boolean ordered) {
        difference(expected, actual, ordered).ifPresent(message -> {
            throw new AssertionError(message);
        });
    }

    /** A description of the first difference, or empty when the results are equal. */
    public static Optional<String> difference(QueryResult expected, QueryResult actual, boolean ordered) {
        if (expected.columnCount() != actual.columnCount()) {
            return Optional.of("Expected %d columns %s but got %d columns %s"
                    .formatted(
                            expected.columnCount(),
                            expected.columnNames(),
                            actual.columnCount(),
                            actual.columnNames()));
        }
        return difference(expected.rows(), actual.rows(), ordered);
    }

    /** A description of the first difference, or empty when the rows are equal. */
    public static Optional<String> difference(List<List<Object>> expected, List<List<Object>> actual, boolean ordered) {
        List<List<Object>> left = ordered ? expected : sorted(expected);
        List<List<Object>> right = ordered ? actual : sorted(actual);
        int common = Math.min(left.size(), right.size());
        for (int i = 0; i < common; i++) {
            if (!rowsEqual(left.get(i), right.get(i))) {
                return Optional.of(describe("Row %d differs".formatted(i), left, right, i));
            }
        }
        if (left.size() != right.size()) {
            return Optional.of(describe("Rows equal up to the shorter result", left, right, common));
        }
        return Optional.empty();
    }

    public static boolean rowsEqual(List<Object> expected, List<Object> actual) {
        if (expected.size() != actual.size()) {
            return false;
        }
        for (int i = 0; i < expected.size(); i++) {
            if (!valuesEqual(expected.get(i), actual.get(i))) {
                return false;
            }
        }
        return true;
    }

    public static boolean valuesEqual(Object expected, Object actual) {
        if (expected == null || actual == null) {
            return expected == actual;
        }
        if (expected instanceof Number left && actual instanceof Number right) {
            if (isFloating(left) || isFloating(right)) {
                return closeEnough(left.doubleValue(), right.doubleValue());
            }
            return exact(left).compareTo(exact(right)) == 0;
        }
        return expected.equals(actual);
    }

    private static boolean closeEnough(double left, double right) {
        if (Double.compare(left, right) == 0) {
            return true;
        }
        return Math.abs(left - right) <= RELATIVE_TOLERANCE * Math.max(Math.abs(left), Math.abs(right));
    }

    private static String describe(String headline, List<List<Object>> expected, List<List<Object>> actual, int row) {
        return "%s (expected %d rows, actual %d rows)%n  expected row %d: %s%n  actual row %d:   %s"
                .formatted(
                        headline, expected.size(), actual.size(), row, rowAt(expected, row), row, rowAt(actual, row));
    }

    private static String rowAt(List<List<Object>> rows, int index) {
        return index < rows.size() ? String.valueOf(rows.get(index)) : "<none>";
    }

    /**
     * Sorting both sides lines up equal multisets. Values within tolerance may sort differently only
     * when every earlier column ties, which query results (keys before measures) rarely produce.
     */
    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(ResultComparator::compareRows);
        return copy;
    }

    private static int compareRows(List<Object> left, List<Object> right) {
        int width = Math.min(left.size(), right.size());
        for (int i = 0; i < width; i++) {
            int order = compareValues(left.get(i), right.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object left, Object right) {
        if (left == null || right == null) {
            return left == right ? 0 : left == null ? -1 : 1;
        }
        if (left instanceof Number x && right instanceof Number y) {
            if (isFloating(x) || isFloating(y)) {
                return Double.compare(x.doubleValue(), y.doubleValue());
            }
            return exact(x).compareTo(exact(y));
        }
        if (left.getClass() == right.getClass() && left instanceof Comparable comparable) {
            return comparable.compareTo(right);
        }
        return left.getClass().getName().compareTo(right.getClass().getName());
    }

    private static boolean isFloating(Number number) {
        return number instanceof Double || number instanceof Float;
    }

    private static BigDecimal exact(Number number) {
        if (number instanceof BigDecimal decimal) {
            return decimal;
        }
        if (number instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        return BigDecimal.valueOf(number.longValue());
    }
}
