package io.aqueduct.core.exec;

import static io.aqueduct.core.plan.AggregateFunction.COUNT;
import static io.aqueduct.core.plan.AggregateFunction.SUM;
import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestLocalExecutionPlanner {
    private static final RowType ORDERS = rowType("customer", DataType.VARCHAR, "amount", DataType.BIGINT);
    private static final TableScanNode SCAN = new TableScanNode("memory", "default", "orders", ORDERS);

    private BufferAllocator allocator;
    private ExecutionContext context;
    private InMemoryInputs inputs;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
        context = new ExecutionContext(allocator, 2, () -> false);
        inputs = new InMemoryInputs(List.of(
                row("alice", 10L), row("bob", 5L), row("alice", 7L), row("carol", 1L), row("bob", 20L), row(null, 3L)));
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void plansAggregationTopNAndLimitOverAScan() {
        RowType totals = rowType("customer", DataType.VARCHAR, "orders", DataType.BIGINT, "total", DataType.BIGINT);
        AggregateNode aggregate = new AggregateNode(
                SCAN,
                List.of(0),
                List.of(
                        new AggregateCall(COUNT, List.of(), DataType.BIGINT),
                        new AggregateCall(SUM, List.of(1), DataType.BIGINT)),
                totals);
        PlanNode plan = new LimitNode(new TopNNode(aggregate, List.of(new SortKey(2, true, false)), 3), 1, 10);

        assertThat(run(plan)).containsExactly(row("alice", 2L, 17L), row(null, 1L, 3L));
        assertThat(inputs.opened).allMatch(PreparedOperator::isClosed);
    }

    @Test
    void plansSortOverARemoteSource() {
        PlanNode plan = new SortNode(new RemoteSourceNode(3, ORDERS), List.of(new SortKey(1, false, false)));

        assertThat(run(plan)).extracting(row -> row.get(1)).containsExactly(1L, 3L, 5L, 7L, 10L, 20L);
    }

    @Test
    void plansValues() {
        ValuesNode values = new ValuesNode(
                rowType("x", DataType.INTEGER),
                List.of(List.of(new Literal(2, DataType.INTEGER)), List.of(new Literal(1, DataType.INTEGER))));

        assertThat(run(new SortNode(values, List.of(new SortKey(0, false, false)))))
                .containsExactly(row(1L), row(2L));
    }

    @Test
    void plansFilterAndProject() {
        InputReference amount = new InputReference(1, DataType.BIGINT);
        FilterNode filter = new FilterNode(
                SCAN,
                new Call(Function.GREATER_THAN, List.of(amount, new Literal(5L, DataType.BIGINT)), DataType.BOOLEAN));
        ProjectNode project = new ProjectNode(
                filter,
                List.of(amount, new InputReference(0, DataType.VARCHAR)),
                rowType("amount", DataType.BIGINT, "customer", DataType.VARCHAR));

        assertThat(run(project)).containsExactly(row(10L, "alice"), row(7L, "alice"), row(20L, "bob"));
    }

    /**
     * The orders joined with themselves on the customer: the aggregation above reads the probe side's customer and
     * the build side's amount, so the join emits only those two columns, renumbered for the aggregation.
     */
    @Test
    void aJoinEmitsOnlyTheColumnsTheAggregationAboveReads() {
        JoinNode join = selfJoinOnCustomer(null);
        AggregateNode aggregate = new AggregateNode(
                join,
                List.of(0),
                List.of(new AggregateCall(SUM, List.of(3), DataType.BIGINT)),
                rowType("customer", DataType.VARCHAR, "total", DataType.BIGINT));

        JoinOutputNarrowing narrowing = new JoinOutputNarrowing();
        AggregateNode reading = narrowing.narrowBelow(aggregate);
        assertThat(narrowing.columnsKept(join)).containsExactly(0, 3);
        assertThat(reading.groupKeys()).containsExactly(0);
        assertThat(reading.aggregates()).extracting(AggregateCall::arguments).containsExactly(List.of(1));
        // alice: 2 x (10 + 7); bob: 2 x (5 + 20); carol: 1; the NULL customer matches nothing.
        assertThat(run(new SortNode(aggregate, List.of(new SortKey(0, false, false)))))
                .containsExactly(row("alice", 34L), row("bob", 50L), row("carol", 1L));
    }

    /**
     * A projection that reads one column of each side, over a join whose residual reads a column the projection does
     * not: the residual still sees both whole sides. A projection of constants keeps one column, so every pair still
     * counts.
     */
    @Test
    void aJoinEmitsOnlyTheColumnsTheProjectionAboveReadsAndItsResidualSeesAll() {
        Call probeAmountBelowBuild = new Call(
                Function.LESS_THAN,
                List.of(new InputReference(1, DataType.BIGINT), new InputReference(3, DataType.BIGINT)),
                DataType.BOOLEAN);
        ProjectNode amounts = new ProjectNode(
                selfJoinOnCustomer(probeAmountBelowBuild),
                List.of(new InputReference(3, DataType.BIGINT), new InputReference(0, DataType.VARCHAR)),
                rowType("larger", DataType.BIGINT, "customer", DataType.VARCHAR));
        assertThat(run(new SortNode(amounts, List.of(new SortKey(0, false, false)))))
                .containsExactly(row(10L, "alice"), row(20L, "bob"));

        ProjectNode constants = new ProjectNode(
                selfJoinOnCustomer(null), List.of(new Literal(1L, DataType.BIGINT)), rowType("one", DataType.BIGINT));
        assertThat(run(constants)).hasSize(9);
    }

    private static JoinNode selfJoinOnCustomer(Call residual) {
        return new JoinNode(
                SCAN,
                SCAN,
                JoinType.INNER,
                List.of(0),
                List.of(0),
                List.of(false),
                residual,
                rowType(
                        "customer",
                        DataType.VARCHAR,
                        "amount",
                        DataType.BIGINT,
                        "customer0",
                        DataType.VARCHAR,
                        "amount0",
                        DataType.BIGINT),
                0,
                JoinDistribution.UNDECIDED);
    }

    @Test
    void closesPlannedInputsWhenAnOperatorCannotBeBuilt() {
        AggregateNode unsupported = new AggregateNode(
                SCAN,
                List.of(),
                List.of(new AggregateCall(SUM, List.of(0), DataType.VARCHAR)),
                rowType("s", DataType.VARCHAR));

        assertThatThrownBy(() -> new LocalExecutionPlanner().plan(unsupported, inputs, context))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED));
        assertThat(inputs.opened).hasSize(1).allMatch(PreparedOperator::isClosed);
    }

    private List<List<Object>> run(PlanNode plan) {
        try (Operator root = new LocalExecutionPlanner().plan(plan, inputs, context)) {
            assertThat(root.outputType()).isEqualTo(plan.outputType());
            return BatchRows.drain(root);
        }
    }

    /** Serves every scan and remote source from the same rows of type {@link #ORDERS}. */
    private final class InMemoryInputs implements TaskInputs {
        private final List<List<Object>> rows;
        private final List<PreparedOperator> opened = new ArrayList<>();

        InMemoryInputs(List<List<Object>> rows) {
            this.rows = rows;
        }

        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            return open(node.outputType());
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            return open(node.outputType());
        }

        private Operator open(RowType type) {
            PreparedOperator operator = PreparedOperator.of(type, 2, rows, allocator);
            opened.add(operator);
            return operator;
        }
    }
}
