package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class TestHashJoinOperator extends ArrowAllocatorTest {
    // Keys of different integer widths on the two sides, a VARCHAR key, and a value column for the residual.
    private static final RowType PROBE =
            rowType("pk1", DataType.INTEGER, "pk2", DataType.VARCHAR, "pv", DataType.BIGINT);
    private static final RowType BUILD =
            rowType("bk1", DataType.BIGINT, "bk2", DataType.VARCHAR, "bv", DataType.BIGINT);
    // pv < bv
    private static final Expression VALUE_LESS_THAN = new Call(
            Function.LESS_THAN,
            List.of(new InputReference(2, DataType.BIGINT), new InputReference(5, DataType.BIGINT)),
            DataType.BOOLEAN);
    private static final BiPredicate<List<Object>, List<Object>> VALUE_LESS_THAN_REFERENCE =
            (probe, build) -> probe.get(2) != null && build.get(2) != null && (Long) probe.get(2) < (Long) build.get(2);

    enum Keys {
        NONE(List.of(), List.of()),
        ONE(List.of(0), List.of(false)),
        TWO(List.of(0, 1), List.of(false, false)),
        TWO_NULL_SAFE(List.of(0, 1), List.of(true, false));

        final List<Integer> fields;
        final List<Boolean> nullSafe;

        Keys(List<Integer> fields, List<Boolean> nullSafe) {
            this.fields = fields;
            this.nullSafe = nullSafe;
        }
    }

    static Stream<Arguments> joinShapes() {
        return Stream.of(JoinType.values()).flatMap(type -> Stream.of(Keys.values())
                .flatMap(keys -> Stream.of(Arguments.of(type, keys, false), Arguments.of(type, keys, true))));
    }

    @ParameterizedTest(name = "{0} join on {1} keys, residual {2}")
    @MethodSource("joinShapes")
    void matchesNestedLoopJoin(JoinType joinType, Keys keys, boolean withResidual) {
        Random random = new Random(joinType.ordinal() * 100 + keys.ordinal() * 10 + (withResidual ? 1 : 0));
        // Small key domains give duplicate keys on both sides; without keys every pair is a candidate.
        int probeRows = keys == Keys.NONE ? 150 : 1000;
        int buildRows = keys == Keys.NONE ? 30 : 120;
        JoinCase join = new JoinCase(joinType, keys.fields, keys.nullSafe, withResidual ? VALUE_LESS_THAN : null)
                .probe(randomRows(random, probeRows, 8))
                .build(randomRows(random, buildRows, 8));

        assertSameRows(join.run(97, 200), join.expected());
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void streamsManyProbeBatches(JoinType joinType) {
        Random random = new Random(joinType.ordinal());
        JoinCase join = new JoinCase(joinType, List.of(0, 1), List.of(false, false), VALUE_LESS_THAN)
                .probe(randomRows(random, 100_000, 600))
                .build(randomRows(random, 300, 600));

        assertSameRows(join.run(1000, ExecutionContext.DEFAULT_BATCH_ROWS), join.expected());
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void joinsWithEmptyBuildSide(JoinType joinType) {
        JoinCase join = new JoinCase(joinType, List.of(0), List.of(false), null)
                .probe(List.of(row(1L, "a", 1L), row(null, "b", 2L)))
                .build(List.of());

        assertSameRows(join.run(1, 16), join.expected());
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void joinsWithEmptyProbeSide(JoinType joinType) {
        JoinCase join = new JoinCase(joinType, List.of(0), List.of(false), null)
                .probe(List.of())
                .build(List.of(row(1L, "a", 1L), row(null, "b", 2L)));

        assertSameRows(join.run(1, 16), join.expected());
    }

    @Test
    void skipsProbeInputWhenEmptyBuildSideRulesOutOutput() {
        PreparedOperator probe = PreparedOperator.of(PROBE, 10, List.of(row(1L, "a", 1L)), allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 10, List.of(), allocator);
        try (Operator join = HashJoinOperator.create(
                node(JoinType.INNER, List.of(0), List.of(0), List.of(false), null), probe, build, context(16))) {
            assertThat(join.next()).isNull();
        }
        assertThat(probe.batchesPulled()).isZero();
    }

    @Test
    void comparesNullSafeKeysWithNullEqualToNull() {
        RowType type = rowType("k", DataType.BIGINT, "v", DataType.VARCHAR);
        List<List<Object>> probeRows = List.of(row(1L, "p1"), row(null, "pnull"), row(2L, "p2"));
        List<List<Object>> buildRows = List.of(row(null, "bnull1"), row(1L, "b1"), row(null, "bnull2"));

        assertThat(run(JoinType.INNER, type, type, List.of(true), probeRows, buildRows))
                .containsExactlyInAnyOrder(
                        row(1L, "p1", 1L, "b1"),
                        row(null, "pnull", null, "bnull1"),
                        row(null, "pnull", null, "bnull2"));
        assertThat(run(JoinType.INNER, type, type, List.of(false), probeRows, buildRows))
                .containsExactly(row(1L, "p1", 1L, "b1"));
        assertThat(run(JoinType.ANTI, type, type, List.of(false), probeRows, buildRows))
                .containsExactlyInAnyOrder(row(null, "pnull"), row(2L, "p2"));
        assertThat(run(JoinType.ANTI, type, type, List.of(true), probeRows, buildRows))
                .containsExactly(row(2L, "p2"));
    }

    @Test
    void matchesIntegerKeysByValueWhateverTheirWidth() {
        RowType integers = rowType("k", DataType.INTEGER);
        RowType bigints = rowType("k", DataType.BIGINT);
        List<List<Object>> narrow = List.of(row(5L), row(-1L), row((long) Integer.MAX_VALUE), row((Object) null));
        List<List<Object>> wide =
                List.of(row(5L), row(-1L), row(1L << 40), row((long) Integer.MAX_VALUE), row((Object) null));

        assertThat(run(JoinType.INNER, integers, bigints, List.of(false), narrow, wide))
                .containsExactlyInAnyOrder(row(5L, 5L), row(-1L, -1L), row(2147483647L, 2147483647L));
        assertThat(run(JoinType.ANTI, bigints, integers, List.of(false), wide, narrow))
                .containsExactlyInAnyOrder(row(1L << 40), row((Object) null));
        assertThat(run(JoinType.SEMI, bigints, integers, List.of(true), wide, narrow))
                .containsExactlyInAnyOrder(row(5L), row(-1L), row(2147483647L), row((Object) null));
    }

    @Test
    void matchesDecimalKeysOfDifferentScalesByValue() {
        RowType cents = rowType("k", DataType.decimal(10, 2));
        RowType tenths = rowType("k", DataType.decimal(10, 1));
        RowType integers = rowType("k", DataType.INTEGER);

        // 1.50 = 1.5, 2.00 = 2.0 = 2; 1.51 matches nothing.
        assertThat(run(
                        JoinType.INNER,
                        cents,
                        tenths,
                        List.of(false),
                        List.of(row(150L), row(151L), row(200L)),
                        List.of(row(15L), row(20L))))
                .containsExactlyInAnyOrder(row(150L, 15L), row(200L, 20L));
        assertThat(run(
                        JoinType.INNER,
                        integers,
                        cents,
                        List.of(false),
                        List.of(row(2L), row(3L)),
                        List.of(row(200L), row(301L))))
                .containsExactly(row(2L, 200L));
    }

    @Test
    void matchesNothingWithDecimalKeysBeyondTheOtherScalesRange() {
        RowType whole = rowType("k", DataType.decimal(18, 0));
        RowType cents = rowType("k", DataType.decimal(18, 2));
        long huge = 900_000_000_000_000_000L;
        List<List<Object>> probeRows = List.of(row(huge), row(-huge), row((Object) null), row(1L));
        List<List<Object>> buildRows = List.of(row((Object) null), row(100L));

        // Scaled to cents, huge overflows a long: it equals no build value, not even the NULL-safe NULL.
        assertThat(run(JoinType.ANTI, whole, cents, List.of(true), probeRows, buildRows))
                .containsExactlyInAnyOrder(row(huge), row(-huge));
        assertThat(run(JoinType.RIGHT, cents, whole, List.of(true), buildRows, probeRows))
                .containsExactlyInAnyOrder(row(null, null), row(100L, 1L), row(null, huge), row(null, -huge));
    }

    @Test
    void joinsDoubleDateAndBooleanKeys() {
        RowType type = rowType("d", DataType.DOUBLE, "day", DataType.DATE, "b", DataType.BOOLEAN);
        List<List<Object>> probeRows = List.of(row(0.0, 10L, true), row(1.5, 10L, false), row(1.5, 11L, false));
        List<List<Object>> buildRows = List.of(row(-0.0, 10L, true), row(1.5, 11L, false), row(1.5, 11L, true));

        assertThat(run(JoinType.SEMI, type, type, List.of(false, false, false), probeRows, buildRows))
                .containsExactlyInAnyOrder(row(0.0, 10L, true), row(1.5, 11L, false));
    }

    @Test
    void joinsOneBuildRowToManyProbeRowsWithoutKeys() {
        List<List<Object>> probeRows = randomRows(new Random(7), 100_000, 10);
        JoinCase join = new JoinCase(JoinType.LEFT, List.of(), List.of(), VALUE_LESS_THAN)
                .probe(probeRows)
                .build(List.of(row(1L, "x", 5L)));

        List<List<Object>> result = join.run(4096, 1024);

        assertSameRows(result, join.expected());
        assertThat(result).hasSize(probeRows.size());
    }

    @Test
    void boundsOutputBatchesWhenKeysRepeat() {
        List<List<Object>> rows = Collections.nCopies(300, row(1L, "a", 1L));
        PreparedOperator probe = PreparedOperator.of(PROBE, 300, rows, allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 300, rows, allocator);
        try (Operator join = HashJoinOperator.create(
                node(JoinType.FULL, List.of(0), List.of(0), List.of(false), null), probe, build, context(256))) {
            List<Integer> sizes = BatchRows.drainBatchSizes(join);

            assertThat(sizes).allSatisfy(size -> assertThat(size).isBetween(1, 256));
            assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(300 * 300);
        }
    }

    @Test
    void labelsOutputWithTheNodesColumnNames() {
        PreparedOperator probe = PreparedOperator.of(PROBE, 10, List.of(row(1L, "a", 1L)), allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 10, List.of(row(1L, "a", 2L)), allocator);
        JoinNode node = node(JoinType.INNER, List.of(0), List.of(0), List.of(false), null);
        try (Operator join = HashJoinOperator.create(node, probe, build, context(16));
                VectorSchemaRoot batch = join.next()) {
            assertThat(batch.getSchema()).isEqualTo(node.outputType().toSchema());
            assertThat(BatchRows.read(batch)).containsExactly(row(1L, "a", 1L, 1L, "a", 2L));
        }
    }

    @Test
    void closesBuildInputOnceConsumed() {
        PreparedOperator probe = PreparedOperator.of(PROBE, 1, List.of(row(1L, "a", 1L), row(1L, "a", 1L)), allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 1, List.of(row(1L, "a", 2L)), allocator);
        try (Operator join = HashJoinOperator.create(
                node(JoinType.INNER, List.of(0), List.of(0), List.of(false), null), probe, build, context(1))) {
            join.next().close();

            assertThat(build.isClosed()).isTrue();
            assertThat(probe.isClosed()).isFalse();
        }
        assertThat(probe.isClosed()).isTrue();
    }

    static Stream<Arguments> earlyCloses() {
        return Stream.of(JoinType.INNER, JoinType.RIGHT, JoinType.SEMI)
                .flatMap(type -> Stream.of(0, 1, 5, 20).map(batches -> Arguments.of(type, batches)));
    }

    @ParameterizedTest(name = "{0} join closed after {1} batches")
    @MethodSource("earlyCloses")
    void releasesEverythingWhenClosedEarly(JoinType joinType, int batchesBeforeClose) {
        Random random = new Random(3);
        PreparedOperator probe = PreparedOperator.of(PROBE, 50, randomRows(random, 500, 5), allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 50, randomRows(random, 200, 5), allocator);
        Operator join = HashJoinOperator.create(
                node(joinType, List.of(0), List.of(0), List.of(false), VALUE_LESS_THAN), probe, build, context(16));
        for (int i = 0; i < batchesBeforeClose; i++) {
            VectorSchemaRoot batch = join.next();
            assertThat(batch).isNotNull();
            batch.close();
        }
        join.close();

        assertThat(probe.isClosed()).isTrue();
        assertThat(build.isClosed()).isTrue();
        // The allocator's close after the test fails on any buffer left behind.
    }

    @Test
    void failsWithMemoryLimitWhenBuildSideIsTooLarge() {
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 200_000; i++) {
            rows.add(row(i, "some text", i));
        }
        long heapReserved = HeapBudget.jvm().reservedBytes();
        try (BufferAllocator limited = allocator.newChildAllocator("query", 0, 1 << 20)) {
            PreparedOperator probe = PreparedOperator.of(PROBE, 1000, List.of(), allocator);
            PreparedOperator build = PreparedOperator.of(BUILD, 1000, rows, allocator);
            Operator join = HashJoinOperator.create(
                    node(JoinType.INNER, List.of(0), List.of(0), List.of(false), null),
                    probe,
                    build,
                    ExecutionContext.of(limited));
            try {
                assertThatThrownBy(join::next).isInstanceOfSatisfying(AqueductException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.EXCEEDED_MEMORY_LIMIT);
                    assertThat(e.getMessage()).containsPattern("join.* needs \\d+ bytes");
                });
            } finally {
                join.close();
            }
            assertThat(build.isClosed()).isTrue();
            assertThat(limited.getAllocatedMemory()).isZero();
        }
        assertThat(HeapBudget.jvm().reservedBytes()).isEqualTo(heapReserved);
    }

    @Test
    void stopsWhenCanceled() {
        PreparedOperator probe = PreparedOperator.of(PROBE, 10, List.of(row(1L, "a", 1L)), allocator);
        PreparedOperator build = PreparedOperator.of(BUILD, 10, List.of(row(1L, "a", 1L)), allocator);
        ExecutionContext canceled = new ExecutionContext(allocator, 16, () -> true);
        try (Operator join = HashJoinOperator.create(
                node(JoinType.INNER, List.of(0), List.of(0), List.of(false), null), probe, build, canceled)) {
            assertThatThrownBy(join::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }
    }

    @Test
    void rejectsKeysOfIncomparableTypes() {
        RowType strings = rowType("k", DataType.VARCHAR);
        RowType numbers = rowType("k", DataType.BIGINT);
        try (PreparedOperator probe = PreparedOperator.of(strings, 10, List.of(), allocator);
                PreparedOperator build = PreparedOperator.of(numbers, 10, List.of(), allocator)) {
            JoinNode node = new JoinNode(
                    new RemoteSourceNode(0, strings),
                    new RemoteSourceNode(1, numbers),
                    JoinType.INNER,
                    List.of(0),
                    List.of(0),
                    List.of(false),
                    null,
                    rowType("a", DataType.VARCHAR, "b", DataType.BIGINT),
                    0,
                    JoinDistribution.UNDECIDED);

            assertThatThrownBy(() -> HashJoinOperator.create(node, probe, build, context(16)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Cannot join keys of types VARCHAR and BIGINT");
        }
    }

    /** A join of PROBE and BUILD rows on the same key columns of both sides, and its expected result. */
    private final class JoinCase {
        private final JoinType joinType;
        private final List<Integer> keys;
        private final List<Boolean> nullSafe;
        private final Expression residual;
        private List<List<Object>> probeRows;
        private List<List<Object>> buildRows;

        JoinCase(JoinType joinType, List<Integer> keys, List<Boolean> nullSafe, Expression residual) {
            this.joinType = joinType;
            this.keys = keys;
            this.nullSafe = nullSafe;
            this.residual = residual;
        }

        JoinCase probe(List<List<Object>> rows) {
            this.probeRows = rows;
            return this;
        }

        JoinCase build(List<List<Object>> rows) {
            this.buildRows = rows;
            return this;
        }

        List<List<Object>> run(int inputBatchRows, int outputBatchRows) {
            PreparedOperator probe = PreparedOperator.of(PROBE, inputBatchRows, probeRows, allocator);
            PreparedOperator build = PreparedOperator.of(BUILD, inputBatchRows, buildRows, allocator);
            JoinNode node = node(joinType, keys, keys, nullSafe, residual);
            try (Operator join = HashJoinOperator.create(node, probe, build, context(outputBatchRows))) {
                return BatchRows.drain(join);
            }
        }

        List<List<Object>> expected() {
            BiPredicate<List<Object>, List<Object>> condition =
                    residual == null ? (probe, build) -> true : VALUE_LESS_THAN_REFERENCE;
            return nestedLoopJoin(joinType, probeRows, buildRows, keys, keys, nullSafe, condition);
        }
    }

    /** Joins on the first {@code nullSafe.size()} columns of both sides. */
    private List<List<Object>> run(
            JoinType joinType,
            RowType probeType,
            RowType buildType,
            List<Boolean> nullSafe,
            List<List<Object>> probeRows,
            List<List<Object>> buildRows) {
        List<Integer> keys = IntStream.range(0, nullSafe.size()).boxed().toList();
        JoinNode node = new JoinNode(
                new RemoteSourceNode(0, probeType),
                new RemoteSourceNode(1, buildType),
                joinType,
                keys,
                keys,
                nullSafe,
                null,
                outputType(joinType, probeType, buildType),
                0,
                JoinDistribution.UNDECIDED);
        PreparedOperator probe = PreparedOperator.of(probeType, 2, probeRows, allocator);
        PreparedOperator build = PreparedOperator.of(buildType, 2, buildRows, allocator);
        try (Operator join = HashJoinOperator.create(node, probe, build, context(2))) {
            return BatchRows.drain(join);
        }
    }

    private static JoinNode node(
            JoinType joinType,
            List<Integer> probeKeys,
            List<Integer> buildKeys,
            List<Boolean> nullSafe,
            Expression residual) {
        return new JoinNode(
                new RemoteSourceNode(0, PROBE),
                new RemoteSourceNode(1, BUILD),
                joinType,
                probeKeys,
                buildKeys,
                nullSafe,
                residual,
                outputType(joinType, PROBE, BUILD),
                0,
                JoinDistribution.UNDECIDED);
    }

    private static RowType outputType(JoinType joinType, RowType probe, RowType build) {
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        if (joinType.outputsProbeSide()) {
            probe.names().forEach(name -> names.add("left_" + name));
            types.addAll(probe.types());
        }
        if (joinType.outputsBuildSide()) {
            build.names().forEach(name -> names.add("right_" + name));
            types.addAll(build.types());
        }
        return new RowType(names, types);
    }

    private ExecutionContext context(int batchRows) {
        return new ExecutionContext(allocator, batchRows, () -> false);
    }

    /** Rows of PROBE or BUILD type: keys in {@code [0, keyRange)} and a few letters, values in 0..99, about 10% NULLs. */
    private static List<List<Object>> randomRows(Random random, int count, int keyRange) {
        List<List<Object>> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(row(
                    random.nextInt(10) == 0 ? null : (long) random.nextInt(keyRange),
                    random.nextInt(10) == 0 ? null : List.of("", "a", "ab").get(random.nextInt(3)),
                    random.nextInt(10) == 0 ? null : (long) random.nextInt(100)));
        }
        return rows;
    }

    /** The reference: every probe row against every build row. */
    private static List<List<Object>> nestedLoopJoin(
            JoinType joinType,
            List<List<Object>> probeRows,
            List<List<Object>> buildRows,
            List<Integer> probeKeys,
            List<Integer> buildKeys,
            List<Boolean> nullSafe,
            BiPredicate<List<Object>, List<Object>> residual) {
        int probeWidth = probeRows.isEmpty() ? PROBE.size() : probeRows.get(0).size();
        int buildWidth = buildRows.isEmpty() ? BUILD.size() : buildRows.get(0).size();
        List<List<Object>> output = new ArrayList<>();
        boolean[] buildMatched = new boolean[buildRows.size()];
        for (List<Object> probe : probeRows) {
            boolean matched = false;
            for (int b = 0; b < buildRows.size(); b++) {
                List<Object> build = buildRows.get(b);
                if (keysMatch(probe, build, probeKeys, buildKeys, nullSafe) && residual.test(probe, build)) {
                    matched = true;
                    buildMatched[b] = true;
                    if (joinType.outputsPairs()) {
                        output.add(concat(probe, build));
                    }
                }
            }
            if (!matched && (joinType == JoinType.LEFT || joinType == JoinType.FULL)) {
                output.add(concat(probe, nulls(buildWidth)));
            }
            if (matched ? joinType == JoinType.SEMI : joinType == JoinType.ANTI) {
                output.add(probe);
            }
        }
        for (int b = 0; b < buildRows.size(); b++) {
            if (joinType == JoinType.RIGHT_SEMI
                    ? buildMatched[b]
                    : !buildMatched[b] && joinType == JoinType.RIGHT_ANTI) {
                output.add(buildRows.get(b));
            } else if (!buildMatched[b] && (joinType == JoinType.RIGHT || joinType == JoinType.FULL)) {
                output.add(concat(nulls(probeWidth), buildRows.get(b)));
            }
        }
        return output;
    }

    private static boolean keysMatch(
            List<Object> probe,
            List<Object> build,
            List<Integer> probeKeys,
            List<Integer> buildKeys,
            List<Boolean> nullSafe) {
        for (int key = 0; key < probeKeys.size(); key++) {
            Object left = probe.get(probeKeys.get(key));
            Object right = build.get(buildKeys.get(key));
            boolean equal = left == null || right == null ? nullSafe.get(key) && left == right : left.equals(right);
            if (!equal) {
                return false;
            }
        }
        return true;
    }

    private static List<Object> concat(List<Object> left, List<Object> right) {
        List<Object> row = new ArrayList<>(left);
        row.addAll(right);
        return row;
    }

    private static List<Object> nulls(int count) {
        return Arrays.asList(new Object[count]);
    }

    private static void assertSameRows(List<List<Object>> actual, List<List<Object>> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        assertThat(counts(actual)).isEqualTo(counts(expected));
    }

    private static Map<List<Object>, Long> counts(List<List<Object>> rows) {
        return rows.stream().collect(Collectors.groupingBy(row -> row, Collectors.counting()));
    }
}
