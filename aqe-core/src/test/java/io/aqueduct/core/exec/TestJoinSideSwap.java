package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A join with its sides exchanged ({@link JoinNode#withSidesSwapped}) returns the same rows in the same columns as
 * the join it came from, run by the real operators: for every join type, with NULL keys, duplicate keys, rows
 * without a match on either side, and a residual condition over both sides.
 */
class TestJoinSideSwap {
    private static final RowType LEFT = rowType("a", DataType.INTEGER, "x", DataType.BIGINT);
    private static final RowType RIGHT = rowType("b", DataType.INTEGER, "y", DataType.BIGINT);
    /** {@code x < y}, over the left columns followed by the right ones. */
    private static final Expression X_BELOW_Y = new Call(
            Function.LESS_THAN,
            List.of(new InputReference(1, DataType.BIGINT), new InputReference(3, DataType.BIGINT)),
            DataType.BOOLEAN);

    private BufferAllocator allocator;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void returnsTheSameRowsInTheSameColumns(JoinType type) {
        for (boolean nullSafe : List.of(false, true)) {
            for (Expression residual : new Expression[] {null, X_BELOW_Y}) {
                JoinNode join = join(type, nullSafe, residual);
                PlanNode swapped = join.withSidesSwapped(0);

                assertThat(swapped.outputType()).isEqualTo(join.outputType());
                assertThat(run(swapped))
                        .as("%s join, null-safe %s, residual %s", type, nullSafe, residual)
                        .isNotEmpty()
                        .containsExactlyInAnyOrderElementsOf(run(join));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"INNER", "LEFT", "FULL"})
    void aJoinOutputtingBothSidesIsRestoredToItsColumnOrderByAProjection(JoinType type) {
        JoinNode join = join(type, false, X_BELOW_Y);

        ProjectNode restore = (ProjectNode) join.withSidesSwapped(123);
        JoinNode swapped = (JoinNode) restore.source();

        assertThat(swapped.joinType()).isEqualTo(type.mirrored());
        assertThat(swapped.probe()).isSameAs(join.build());
        assertThat(swapped.build()).isSameAs(join.probe());
        assertThat(swapped.estimatedBuildBytes()).isEqualTo(123);
        assertThat(swapped.outputType().names()).containsExactly("b", "y", "a", "x");
        assertThat(swapped.residual().toString()).isEqualTo("less_than($3, $1)");
        assertThat(restore.projections()).extracting(Object::toString).containsExactly("$2", "$3", "$0", "$1");
    }

    @ParameterizedTest
    @EnumSource(JoinType.class)
    void mirroringTwiceIsTheSameType(JoinType type) {
        assertThat(type.mirrored().mirrored()).isEqualTo(type);
        assertThat(type.mirrored().outputsProbeSide()).isEqualTo(type.outputsBuildSide());
    }

    private static JoinNode join(JoinType type, boolean nullSafe, Expression residual) {
        ValuesNode left = values(LEFT, new Object[][] {{1, 10L}, {1, 30L}, {2, 20L}, {null, 5L}, {4, 40L}, {6, 1L}});
        ValuesNode right = values(RIGHT, new Object[][] {{1, 25L}, {2, 15L}, {2, 50L}, {null, 9L}, {5, 7L}, {6, 2L}});
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        if (type.outputsProbeSide()) {
            names.addAll(LEFT.names());
            types.addAll(LEFT.types());
        }
        if (type.outputsBuildSide()) {
            names.addAll(RIGHT.names());
            types.addAll(RIGHT.types());
        }
        return new JoinNode(
                left,
                right,
                type,
                List.of(0),
                List.of(0),
                List.of(nullSafe),
                residual,
                new RowType(names, types),
                0,
                JoinDistribution.PARTITIONED);
    }

    private static ValuesNode values(RowType type, Object[][] rows) {
        List<List<Literal>> literals = new ArrayList<>();
        for (Object[] row : rows) {
            List<Literal> values = new ArrayList<>();
            for (int column = 0; column < row.length; column++) {
                values.add(new Literal(row[column], type.type(column)));
            }
            literals.add(values);
        }
        return new ValuesNode(type, literals);
    }

    private List<List<Object>> run(PlanNode plan) {
        ExecutionContext context = new ExecutionContext(allocator, 2, () -> false);
        try (Operator root = new LocalExecutionPlanner().plan(plan, new NoInputs(), context)) {
            return BatchRows.drain(root);
        }
    }

    /** The joins read only values. */
    private static final class NoInputs implements TaskInputs {
        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            throw new AssertionError("no scan expected");
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            throw new AssertionError("no remote source expected");
        }
    }
}
