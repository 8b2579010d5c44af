package io.aqueduct.core.exec;

import static io.aqueduct.core.plan.AggregateFunction.SUM;
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
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestOperatorMetrics {
    private static final RowType X = rowType("x", DataType.BIGINT);
    private static final Expression INPUT_X = new InputReference(0, DataType.BIGINT);
    private static final TableScanNode SCAN = new TableScanNode("memory", "default", "numbers", X);

    private final AtomicBoolean canceled = new AtomicBoolean();
    private BufferAllocator allocator;
    private ExecutionContext context;
    private InMemoryInputs inputs;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
        context = new ExecutionContext(allocator, 2, canceled::get);
        // Three batches of two rows each.
        inputs = new InMemoryInputs(List.of(row(1L), row(2L), row(3L), row(4L), row(5L), row(6L)));
    }

    @AfterEach
    void closeAllocator() {
        // Fails the test if an operator's allocator stayed open or a buffer leaked.
        allocator.close();
    }

    @Test
    void metersEveryOperatorOfValuesFilterProjectInPreOrder() {
        ValuesNode values = new ValuesNode(X, List.of(bigint(1), bigint(2), bigint(3), bigint(4), bigint(5)));
        ProjectNode project = new ProjectNode(
                new FilterNode(values, greaterThan(2)), List.of(INPUT_X), rowType("y", DataType.BIGINT));

        LocalExecutionPlan plan = new LocalExecutionPlanner().planMetered(project, inputs, context);
        List<List<Object>> rows = new ArrayList<>();
        long rootBytes = 0;
        try (Operator root = plan.root()) {
            for (VectorSchemaRoot batch = root.next(); batch != null; batch = root.next()) {
                try (VectorSchemaRoot owned = batch) {
                    rootBytes += Batches.sizeInBytes(owned);
                    rows.addAll(BatchRows.read(owned));
                }
            }
        }
        List<OperatorMetrics> metrics = plan.operatorMetrics();

        assertThat(rows).containsExactly(row(3L), row(4L), row(5L));
        assertThat(metrics).extracting(OperatorMetrics::operatorId).containsExactly(0, 1, 2);
        assertThat(metrics).extracting(OperatorMetrics::operator).containsExactly("Project", "Filter", "Values");
        assertThat(metrics).extracting(OperatorMetrics::outputRows).containsExactly(3L, 3L, 5L);
        assertThat(metrics).extracting(OperatorMetrics::batches).containsExactly(1L, 1L, 1L);
        // A BIGINT column of n rows holds 8 n value bytes and ceil(n / 8) validity bytes.
        assertThat(metrics).extracting(OperatorMetrics::outputBytes).containsExactly(rootBytes, 25L, 41L);
        assertThat(rootBytes).isEqualTo(25L);
        assertTimesAreConsistent(metrics, List.of(List.of(1), List.of(2), List.of()));
        // Values and Filter allocate their output batches; Filter also its predicate's result.
        assertThat(metrics.get(1).peakMemoryBytes()).isPositive();
        assertThat(metrics.get(2).peakMemoryBytes()).isPositive();
    }

    @Test
    void countsEveryBatchOfAMultiBatchInput() {
        LocalExecutionPlan plan =
                new LocalExecutionPlanner().planMetered(new FilterNode(SCAN, greaterThan(1)), inputs, context);
        List<Integer> batchSizes;
        try (Operator root = plan.root()) {
            batchSizes = BatchRows.drainBatchSizes(root);
        }
        List<OperatorMetrics> metrics = plan.operatorMetrics();

        assertThat(batchSizes).containsExactly(1, 2, 2);
        assertThat(metrics).extracting(OperatorMetrics::operator).containsExactly("Filter", "TableScan");
        assertThat(metrics).extracting(OperatorMetrics::outputRows).containsExactly(5L, 6L);
        assertThat(metrics).extracting(OperatorMetrics::batches).containsExactly(3L, 3L);
        // The filter copies the first batch (1 row: 9 bytes) and passes the others through as they came (2 rows: 17).
        assertThat(metrics).extracting(OperatorMetrics::outputBytes).containsExactly(9L + 17 + 17, 17L * 3);
        assertTimesAreConsistent(metrics, List.of(List.of(1), List.of()));
    }

    @Test
    void numbersEachSourceSubtreeAfterThePreviousOne() {
        // UnionAll(Filter(Scan), Union(Values, RemoteSource)): ids 0, 1, 2, 3, 4, 5 in that order.
        ValuesNode values = new ValuesNode(X, List.of(bigint(7)));
        PlanNode plan = new UnionNode(
                List.of(
                        new FilterNode(SCAN, greaterThan(4)),
                        new UnionNode(List.of(values, new RemoteSourceNode(2, X)), X)),
                X);

        LocalExecutionPlan metered = new LocalExecutionPlanner().planMetered(plan, inputs, context);
        try (Operator root = metered.root()) {
            assertThat(BatchRows.drain(root)).hasSize(2 + 1 + 6);
        }
        List<OperatorMetrics> metrics = metered.operatorMetrics();

        assertThat(metrics)
                .extracting(OperatorMetrics::operator)
                .containsExactly("UnionAll", "Filter", "TableScan", "UnionAll", "Values", "RemoteSource");
        assertThat(metrics).extracting(OperatorMetrics::outputRows).containsExactly(9L, 2L, 6L, 7L, 1L, 6L);
        assertTimesAreConsistent(
                metrics, List.of(List.of(1, 3), List.of(2), List.of(), List.of(4, 5), List.of(), List.of()));
    }

    @Test
    void keepsTheMetricsOfATaskThatStoppedMidway() {
        LocalExecutionPlan plan =
                new LocalExecutionPlanner().planMetered(new FilterNode(SCAN, greaterThan(0)), inputs, context);
        try (Operator root = plan.root()) {
            try (VectorSchemaRoot first = root.next()) {
                assertThat(first.getRowCount()).isEqualTo(2);
            }
            canceled.set(true);
            assertThatThrownBy(root::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.QUERY_CANCELED));
        }

        assertThat(inputs.opened).singleElement().matches(PreparedOperator::isClosed);
        assertThat(plan.operatorMetrics())
                .extracting(OperatorMetrics::outputRows)
                .containsExactly(2L, 2L);
        assertThat(plan.operatorMetrics()).extracting(OperatorMetrics::batches).containsExactly(1L, 1L);
    }

    @Test
    void closesTheOperatorsAllocatorsWhenAnOperatorCannotBeBuilt() {
        AggregateNode unsupported = new AggregateNode(
                new FilterNode(SCAN, greaterThan(0)),
                List.of(),
                List.of(new AggregateCall(SUM, List.of(0), DataType.VARCHAR)),
                rowType("s", DataType.VARCHAR));

        assertThatThrownBy(() -> new LocalExecutionPlanner().planMetered(unsupported, inputs, context))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED));
        assertThat(inputs.opened).singleElement().matches(PreparedOperator::isClosed);
        assertThat(allocator.getChildAllocators()).isEmpty();
    }

    @Test
    void operatorMetricsRoundTripThroughJson() throws Exception {
        OperatorMetrics metrics =
                new OperatorMetrics(3, "HashJoin", 10, 800, 2, 5_000, 1_200, 65_536, Map.of("split_cache_hits", 1L));
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();

        assertThat(mapper.readValue(mapper.writeValueAsString(metrics), OperatorMetrics.class))
                .isEqualTo(metrics);
    }

    /** Every time is positive, and self time is the elapsed time less the inputs' elapsed time. */
    private static void assertTimesAreConsistent(List<OperatorMetrics> metrics, List<List<Integer>> inputIds) {
        for (OperatorMetrics operator : metrics) {
            long inputsElapsed = inputIds.get(operator.operatorId()).stream()
                    .mapToLong(input -> metrics.get(input).elapsedNanos())
                    .sum();
            assertThat(operator.elapsedNanos()).isPositive().isGreaterThanOrEqualTo(inputsElapsed);
            assertThat(operator.selfNanos())
                    .isLessThanOrEqualTo(operator.elapsedNanos())
                    .isEqualTo(operator.elapsedNanos() - inputsElapsed);
        }
    }

    private static List<Literal> bigint(long value) {
        return List.of(new Literal(value, DataType.BIGINT));
    }

    private static Expression greaterThan(long value) {
        return new Call(Function.GREATER_THAN, List.of(INPUT_X, new Literal(value, DataType.BIGINT)), DataType.BOOLEAN);
    }

    /** Serves every scan and remote source from the same rows of type {@link #X}, two rows per batch. */
    private final class InMemoryInputs implements TaskInputs {
        private final List<List<Object>> rows;
        private final List<PreparedOperator> opened = new ArrayList<>();

        InMemoryInputs(List<List<Object>> rows) {
            this.rows = rows;
        }

        @Override
        public Operator scan(TableScanNode node, ExecutionContext context) {
            return open(node.outputType(), context);
        }

        @Override
        public Operator remoteSource(RemoteSourceNode node, ExecutionContext context) {
            return open(node.outputType(), context);
        }

        private Operator open(RowType type, ExecutionContext context) {
            // Allocates from the context, as the worker's inputs do, so its memory counts for its operator.
            PreparedOperator operator = PreparedOperator.of(type, 2, rows, context.allocator());
            opened.add(operator);
            return operator;
        }
    }
}
