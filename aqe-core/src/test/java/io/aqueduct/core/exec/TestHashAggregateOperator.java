package io.aqueduct.core.exec;

import static io.aqueduct.core.plan.AggregateFunction.ANY_VALUE;
import static io.aqueduct.core.plan.AggregateFunction.COUNT;
import static io.aqueduct.core.plan.AggregateFunction.MAX;
import static io.aqueduct.core.plan.AggregateFunction.MIN;
import static io.aqueduct.core.plan.AggregateFunction.SINGLE_VALUE;
import static io.aqueduct.core.plan.AggregateFunction.STRING_AGG;
import static io.aqueduct.core.plan.AggregateFunction.SUM;
import static io.aqueduct.core.plan.AggregateFunction.SUM0;
import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestHashAggregateOperator extends ArrowAllocatorTest {
    private static final DataType DECIMAL = DataType.decimal(12, 2);

    static Stream<Arguments> keyTypes() {
        return Stream.of(
                Arguments.of(DataType.INTEGER, 7L, -3L, 1_000_000L),
                Arguments.of(DataType.BIGINT, Long.MIN_VALUE, 0L, Long.MAX_VALUE),
                Arguments.of(DECIMAL, 12345L, -5L, 99L),
                Arguments.of(DataType.DATE, 19000L, 0L, -365L),
                Arguments.of(DataType.VARCHAR, "apple", "", "a much longer string than the others"),
                Arguments.of(DataType.BOOLEAN, true, false, null),
                Arguments.of(DataType.DOUBLE, 1.5, -0.25, Double.NaN));
    }

    @ParameterizedTest
    @MethodSource("keyTypes")
    void groupsByEachKeyTypeWithNullAsOneGroup(DataType keyType, Object a, Object b, Object c) {
        RowType input = rowType("k", keyType, "v", DataType.BIGINT);
        List<List<Object>> rows = List.of(
                row(a, 1L), row(b, 2L), row(null, 3L), row(a, 4L), row(null, 5L), row(c, 6L), row(b, 7L), row(a, 8L));
        AggregateNode node = aggregate(
                input, List.of(0), List.of(call(COUNT, DataType.BIGINT), call(SUM, DataType.BIGINT, 1)), "k", keyType);

        // For BOOLEAN the third value is NULL too, so the c row joins the NULL group.
        List<List<Object>> expected = c == null
                ? List.of(row(a, 3L, 13L), row(b, 2L, 9L), row(null, 3L, 14L))
                : List.of(row(a, 3L, 13L), row(b, 2L, 9L), row(null, 2L, 8L), row(c, 1L, 6L));
        assertThat(run(node, input, 3, rows)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void groupsByMultipleKeys() {
        RowType input = rowType("name", DataType.VARCHAR, "year", DataType.INTEGER, "v", DataType.DOUBLE);
        List<List<Object>> rows = List.of(
                row("x", 2020L, 1.0),
                row("x", 2021L, 2.0),
                row("x", null, 4.0),
                row(null, 2020L, 8.0),
                row("x", 2020L, 16.0),
                row(null, null, 32.0),
                row(null, 2020L, 64.0));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input),
                List.of(0, 1),
                List.of(call(SUM, DataType.DOUBLE, 2)),
                rowType("name", DataType.VARCHAR, "year", DataType.INTEGER, "s", DataType.DOUBLE));

        assertThat(run(node, input, 2, rows))
                .containsExactlyInAnyOrder(
                        row("x", 2020L, 17.0),
                        row("x", 2021L, 2.0),
                        row("x", null, 4.0),
                        row(null, 2020L, 72.0),
                        row(null, null, 32.0));
    }

    @Test
    void groupsNegativeZeroWithZero() {
        RowType input = rowType("k", DataType.DOUBLE);
        AggregateNode node = aggregate(input, List.of(0), List.of(call(COUNT, DataType.BIGINT)), "k", DataType.DOUBLE);

        List<List<Object>> result =
                run(node, input, 10, List.of(row(0.0), row(-0.0), row(Double.NaN), row(Double.NaN)));

        assertThat(result).hasSize(2);
        assertThat(result).extracting(r -> r.get(1)).containsExactlyInAnyOrder(2L, 2L);
    }

    @Test
    void computesEveryFunctionOnEachValueType() {
        RowType input = rowType(
                "k", DataType.INTEGER,
                "i", DataType.INTEGER,
                "d", DECIMAL,
                "f", DataType.DOUBLE,
                "day", DataType.DATE,
                "s", DataType.VARCHAR);
        List<List<Object>> rows = List.of(
                row(1L, 5L, 150L, 2.5, 100L, "pear"),
                row(1L, null, null, null, null, null),
                row(1L, -2L, -25L, -1.0, 50L, "apple"),
                row(1L, 9L, 1000L, 0.5, 200L, "zucchini"),
                row(2L, null, null, null, null, null));
        List<AggregateCall> calls = List.of(
                call(COUNT, DataType.BIGINT, 1),
                call(SUM, DataType.BIGINT, 1),
                call(SUM0, DataType.BIGINT, 1),
                call(MIN, DataType.INTEGER, 1),
                call(MAX, DataType.INTEGER, 1),
                call(SUM, DataType.decimal(18, 2), 2),
                call(MIN, DECIMAL, 2),
                call(MAX, DECIMAL, 2),
                call(SUM, DataType.DOUBLE, 3),
                call(SUM0, DataType.DOUBLE, 3),
                call(MIN, DataType.DOUBLE, 3),
                call(MAX, DataType.DOUBLE, 3),
                call(MIN, DataType.DATE, 4),
                call(MAX, DataType.DATE, 4),
                call(MIN, DataType.VARCHAR, 5),
                call(MAX, DataType.VARCHAR, 5),
                call(ANY_VALUE, DataType.VARCHAR, 5));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(0), calls, outputType(input, List.of(0), calls));

        assertThat(run(node, input, 2, rows))
                .containsExactlyInAnyOrder(
                        row(
                                1L,
                                3L,
                                12L,
                                12L,
                                -2L,
                                9L,
                                1125L,
                                -25L,
                                1000L,
                                2.0,
                                2.0,
                                -1.0,
                                2.5,
                                50L,
                                200L,
                                "apple",
                                "zucchini",
                                "pear"),
                        row(
                                2L, 0L, null, 0L, null, null, null, null, null, null, 0.0, null, null, null, null, null,
                                null, null));
    }

    @Test
    void maxOfVarcharFollowsCodePointOrder() {
        RowType input = rowType("s", DataType.VARCHAR);
        List<AggregateCall> calls = List.of(call(MIN, DataType.VARCHAR, 0), call(MAX, DataType.VARCHAR, 0));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(), calls, outputType(input, List.of(), calls));

        // UTF-16 order would put U+FFFD after the emoji (a surrogate pair); code point order puts it before.
        List<List<Object>> result =
                run(node, input, 2, List.of(row("\uFFFD"), row("\uD83D\uDE00"), row("B"), row("a")));

        assertThat(result).containsExactly(row("B", "\uD83D\uDE00"));
    }

    @Test
    void sumsIntegersIntoBigint() {
        RowType input = rowType("i", DataType.INTEGER);
        List<AggregateCall> calls = List.of(call(SUM, DataType.BIGINT, 0));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(), calls, outputType(input, List.of(), calls));

        List<List<Object>> rows = List.of(row((long) Integer.MAX_VALUE), row((long) Integer.MAX_VALUE), row(2L));

        assertThat(run(node, input, 2, rows)).containsExactly(row(2L * Integer.MAX_VALUE + 2));
    }

    @Test
    void failsWhenSumOverflows() {
        RowType input = rowType("v", DataType.BIGINT);
        List<AggregateCall> calls = List.of(call(SUM, DataType.BIGINT, 0));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(), calls, outputType(input, List.of(), calls));

        assertThatThrownBy(() -> run(node, input, 2, List.of(row(Long.MAX_VALUE), row(1L))))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.NUMERIC_OUT_OF_RANGE));
    }

    @Test
    void globalAggregationOnEmptyInputEmitsOneRow() {
        RowType input = rowType("v", DataType.BIGINT);
        List<AggregateCall> calls = List.of(
                call(COUNT, DataType.BIGINT),
                call(COUNT, DataType.BIGINT, 0),
                call(SUM, DataType.BIGINT, 0),
                call(SUM0, DataType.BIGINT, 0),
                call(MIN, DataType.BIGINT, 0),
                call(SINGLE_VALUE, DataType.BIGINT, 0));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(), calls, outputType(input, List.of(), calls));

        assertThat(run(node, input, 2, List.of())).containsExactly(row(0L, 0L, null, 0L, null, null));
    }

    @Test
    void groupedAggregationOnEmptyInputEmitsNothing() {
        RowType input = rowType("k", DataType.VARCHAR);
        AggregateNode node = aggregate(input, List.of(0), List.of(call(COUNT, DataType.BIGINT)), "k", DataType.VARCHAR);

        assertThat(run(node, input, 2, List.of())).isEmpty();
    }

    @Test
    void handlesManyGroupsAcrossManyBatches() {
        int groups = 100_000;
        RowType input = rowType("k", DataType.BIGINT, "s", DataType.VARCHAR, "v", DataType.INTEGER);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 2 * groups; i++) {
            long key = (i * 7919L) % groups;
            rows.add(row(key, "key-" + key, (long) i));
        }
        List<AggregateCall> calls = List.of(call(COUNT, DataType.BIGINT), call(SUM, DataType.BIGINT, 2));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input),
                List.of(1, 0),
                calls,
                rowType("s", DataType.VARCHAR, "k", DataType.BIGINT, "count", DataType.BIGINT, "sum", DataType.BIGINT));
        Map<Long, Long> sums = new TreeMap<>();
        for (List<Object> row : rows) {
            sums.merge((Long) row.get(0), (Long) row.get(2), Long::sum);
        }
        List<List<Object>> expected = new ArrayList<>();
        sums.forEach((key, sum) -> expected.add(row("key-" + key, key, 2L, sum)));

        ExecutionContext context = new ExecutionContext(allocator, 4096, () -> false);
        try (Operator aggregation =
                HashAggregationOperator.create(node, PreparedOperator.of(input, 1000, rows, allocator), context)) {
            List<List<Object>> result = new ArrayList<>();
            for (var batch = aggregation.next(); batch != null; batch = aggregation.next()) {
                try (var owned = batch) {
                    assertThat(owned.getRowCount()).isLessThanOrEqualTo(4096);
                    result.addAll(BatchRows.read(owned));
                }
            }
            result.sort(Comparator.comparing(row -> (Long) row.get(1)));
            assertThat(result).isEqualTo(expected);
        }
    }

    @Test
    void partialThenFinalEqualsSingleStep() {
        RowType input = rowType("k", DataType.VARCHAR, "v", DataType.BIGINT, "f", DataType.DOUBLE);
        Random random = new Random(42);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            String key = random.nextInt(10) == 0 ? null : "k" + random.nextInt(300);
            Long value = random.nextInt(8) == 0 ? null : (long) random.nextInt(1000) - 500;
            rows.add(row(key, value, (double) random.nextInt(64)));
        }
        List<AggregateCall> calls = List.of(
                call(COUNT, DataType.BIGINT),
                call(COUNT, DataType.BIGINT, 1),
                call(SUM, DataType.BIGINT, 1),
                call(SUM0, DataType.BIGINT, 1),
                call(MIN, DataType.BIGINT, 1),
                call(MAX, DataType.BIGINT, 1),
                call(SUM, DataType.DOUBLE, 2),
                call(MAX, DataType.DOUBLE, 2));
        RowType output = outputType(input, List.of(0), calls);
        AggregateNode singleStep = new AggregateNode(new RemoteSourceNode(0, input), List.of(0), calls, output);
        List<AggregateCall> mergeCalls = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            mergeCalls.add(new AggregateCall(
                    calls.get(i).function().merge(),
                    List.of(i + 1),
                    calls.get(i).type()));
        }
        AggregateNode finalStep = new AggregateNode(new RemoteSourceNode(1, output), List.of(0), mergeCalls, output);

        List<List<Object>> partials = new ArrayList<>();
        for (int part = 0; part < 3; part++) {
            List<List<Object>> share = rows.subList(part * rows.size() / 3, (part + 1) * rows.size() / 3);
            partials.addAll(run(singleStep, input, 256, share));
        }

        assertThat(run(finalStep, output, 100, partials))
                .containsExactlyInAnyOrderElementsOf(run(singleStep, input, 256, rows));
    }

    @Test
    void singleValueFailsOnSecondRowOfAGroup() {
        RowType input = rowType("k", DataType.INTEGER, "v", DataType.VARCHAR);
        List<AggregateCall> calls = List.of(call(SINGLE_VALUE, DataType.VARCHAR, 1));
        AggregateNode node = new AggregateNode(
                new RemoteSourceNode(0, input), List.of(0), calls, outputType(input, List.of(0), calls));

        assertThat(run(node, input, 2, List.of(row(1L, "a"), row(2L, null))))
                .containsExactlyInAnyOrder(row(1L, "a"), row(2L, null));
        assertThatThrownBy(() -> run(node, input, 2, List.of(row(1L, "a"), row(2L, "b"), row(1L, null))))
                .isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_QUERY);
                    assertThat(e.getMessage()).isEqualTo("Scalar subquery produced more than one row");
                });
    }

    @Test
    void failsWithMemoryLimitInsteadOfExhaustingTheHeap() {
        RowType input = rowType("k", DataType.BIGINT);
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 200_000; i++) {
            rows.add(row(i));
        }
        AggregateNode node = aggregate(input, List.of(0), List.of(call(COUNT, DataType.BIGINT)), "k", DataType.BIGINT);

        long heapReserved = HeapBudget.jvm().reservedBytes();
        try (BufferAllocator limited = allocator.newChildAllocator("query", 0, 1 << 20)) {
            PreparedOperator source = PreparedOperator.of(input, 1000, rows, allocator);
            Operator aggregation = HashAggregationOperator.create(node, source, ExecutionContext.of(limited));
            try {
                assertThatThrownBy(aggregation::next).isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
                    assertThat(e.getMessage()).containsPattern("aggregation needs \\d+ bytes of heap");
                });
            } finally {
                aggregation.close();
            }
            assertThat(source.isClosed()).isTrue();
            assertThat(limited.getAllocatedMemory()).isZero();
        }
        assertThat(HeapBudget.jvm().reservedBytes()).isEqualTo(heapReserved);
    }

    @Test
    void stringAggJoinsEachGroupsValuesInArrivalOrderSkippingNulls() {
        RowType input = rowType("k", DataType.BIGINT, "v", DataType.VARCHAR, "sep", DataType.VARCHAR);
        List<List<Object>> rows = List.of(
                row(1L, "a", "; "),
                row(2L, "x", "; "),
                row(1L, null, "; "),
                row(1L, "b", "; "),
                row(3L, null, "; "),
                row(1L, "c", "; "));
        AggregateNode node = aggregate(
                input,
                List.of(0),
                List.of(call(STRING_AGG, DataType.VARCHAR, 1, 2), call(STRING_AGG, DataType.VARCHAR, 1)),
                "k",
                DataType.BIGINT);

        // Batches of two rows: a group's values span batches; without a separator column the default ',' joins them.
        assertThat(run(node, input, 2, rows))
                .containsExactlyInAnyOrder(row(1L, "a; b; c", "a,b,c"), row(2L, "x", "x"), row(3L, null, null));
    }

    @Test
    void percentileContInterpolatesBetweenTheNearestRanksOfEachGroupsValues() {
        RowType input = rowType("k", DataType.BIGINT, "v", DataType.DOUBLE, "p", DataType.decimal(3, 2));
        List<List<Object>> rows = List.of(
                row(1L, 10.0, 25L),
                row(2L, 7.0, 25L),
                row(1L, null, 25L),
                row(1L, 1.0, 25L),
                row(3L, null, 25L),
                row(1L, 4.0, 25L),
                row(1L, 2.0, 25L));
        AggregateNode node = aggregate(
                input,
                List.of(0),
                List.of(call(AggregateFunction.PERCENTILE_CONT, DataType.DOUBLE, 1, 2)),
                "k",
                DataType.BIGINT);

        // Fraction 0.25 (a DECIMAL holding 25 unscaled) of 1, 2, 4, 10 is rank 0.75: 1 + 0.75 * (2 - 1). Batches of
        // two rows, so group 1's values arrive in three batches, out of order and with a NULL.
        assertThat(run(node, input, 2, rows)).containsExactlyInAnyOrder(row(1L, 1.75), row(2L, 7.0), row(3L, null));
    }

    @Test
    void percentileDiscPicksTheFirstValueReachingTheFractionKeepingItsType() {
        RowType input = rowType("k", DataType.BIGINT, "v", DataType.BIGINT, "p", DataType.DOUBLE);
        List<List<Object>> rows = List.of(
                row(1L, 10L, 0.5),
                row(2L, 7L, 0.5),
                row(1L, null, 0.5),
                row(1L, 1L, 0.5),
                row(3L, null, 0.5),
                row(1L, 4L, 0.5),
                row(1L, 2L, 0.5));
        AggregateNode node = aggregate(
                input,
                List.of(0),
                List.of(call(AggregateFunction.PERCENTILE_DISC, DataType.BIGINT, 1, 2)),
                "k",
                DataType.BIGINT);

        // Half of 1, 2, 4, 10 is reached at the second value.
        assertThat(run(node, input, 2, rows)).containsExactlyInAnyOrder(row(1L, 2L), row(2L, 7L), row(3L, null));
    }

    private List<List<Object>> run(AggregateNode node, RowType input, int batchRows, List<List<Object>> rows) {
        ExecutionContext context = new ExecutionContext(allocator, batchRows, () -> false);
        try (Operator aggregation =
                HashAggregationOperator.create(node, PreparedOperator.of(input, batchRows, rows, allocator), context)) {
            return BatchRows.drain(aggregation);
        }
    }

    private static AggregateNode aggregate(
            RowType input, List<Integer> keys, List<AggregateCall> calls, String keyName, DataType keyType) {
        List<String> names = new ArrayList<>(List.of(keyName));
        List<DataType> types = new ArrayList<>(List.of(keyType));
        for (int i = 0; i < calls.size(); i++) {
            names.add("a" + i);
            types.add(calls.get(i).type());
        }
        return new AggregateNode(new RemoteSourceNode(0, input), keys, calls, new RowType(names, types));
    }

    private static RowType outputType(RowType input, List<Integer> keys, List<AggregateCall> calls) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (int key : keys) {
            names.add(input.names().get(key));
            types.add(input.type(key));
        }
        for (int i = 0; i < calls.size(); i++) {
            names.add("a" + i);
            types.add(calls.get(i).type());
        }
        return new RowType(names, types);
    }

    private static AggregateCall call(AggregateFunction function, DataType type, Integer... arguments) {
        return new AggregateCall(function, List.of(arguments), type);
    }
}
