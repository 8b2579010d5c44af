package io.aqueduct.core.exec;

import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.plan.WindowNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Turns a plan fragment into the operator tree that runs it in one task. Leaves come from the task's
 * {@link TaskInputs}; the caller owns the returned root, and closing it closes the whole tree.
 *
 * <pre>{@code
 * try (Operator root = new LocalExecutionPlanner().plan(fragment, inputs, context)) {
 *     for (VectorSchemaRoot batch = root.next(); batch != null; batch = root.next()) { ... }
 * }
 * }</pre>
 *
 * <p>{@link #planMetered} builds the same tree with a meter around every operator, for a task that reports what
 * each of its operators did.
 */
public final class LocalExecutionPlanner {
    public Operator plan(PlanNode node, TaskInputs inputs, ExecutionContext context) {
        return plan(node, new Planning(inputs, context, null));
    }

    /**
     * Plans {@code fragment} like {@link #plan}, wrapping each plan node's operator in a meter. Each operator gets a
     * child allocator of {@code context}'s, named {@code operator-<id>-<kind>}, whose peak is the operator's peak
     * memory; the allocators close with their operators.
     */
    public LocalExecutionPlan planMetered(PlanNode fragment, TaskInputs inputs, ExecutionContext context) {
        Meters meters = new Meters(fragment);
        Operator root = plan(fragment, new Planning(inputs, context, meters));
        return new LocalExecutionPlan(root, Arrays.asList(meters.operators), meters.inputIds);
    }

    private Operator plan(PlanNode node, Planning planning) {
        // Java 17 has no switch over sealed types; this chain is the one place that dispatches on node kind.
        if (node instanceof TableScanNode scan) {
            return planning.operator(node, "TableScan", context -> planning.inputs.scan(scan, context));
        }
        if (node instanceof RemoteSourceNode remoteSource) {
            return planning.operator(
                    node, "RemoteSource", context -> planning.inputs.remoteSource(remoteSource, context));
        }
        if (node instanceof ValuesNode values) {
            return planning.operator(node, "Values", context -> ValuesOperator.create(values, context));
        }
        if (node instanceof GenerateSeriesNode series) {
            return planning.operator(node, "GenerateSeries", context -> new GenerateSeriesOperator(series, context));
        }
        if (node instanceof FilterNode filter) {
            return planning.operator(
                    node,
                    "Filter",
                    context -> withInput(
                            filter.source(), planning, input -> FilterOperator.create(filter, input, context)));
        }
        if (node instanceof ProjectNode project) {
            ProjectNode reading = planning.joinOutputs.narrowBelow(project);
            return planning.operator(
                    node,
                    "Project",
                    context -> withInput(
                            project.source(), planning, input -> ProjectOperator.create(reading, input, context)));
        }
        if (node instanceof AggregateNode aggregate) {
            AggregateNode reading = planning.joinOutputs.narrowBelow(aggregate);
            return planning.operator(
                    node,
                    "Aggregate",
                    context -> withInput(
                            aggregate.source(),
                            planning,
                            input -> HashAggregationOperator.create(reading, input, context)));
        }
        if (node instanceof SortNode sort) {
            return planning.operator(
                    node,
                    "Sort",
                    context -> withInput(sort.source(), planning, input -> SortOperator.create(sort, input, context)));
        }
        if (node instanceof WindowNode window) {
            return planning.operator(
                    node,
                    "Window",
                    context -> withInput(
                            window.source(), planning, input -> WindowOperator.create(window, input, context)));
        }
        if (node instanceof TopNNode topN) {
            return planning.operator(
                    node,
                    "TopN",
                    context -> withInput(topN.source(), planning, input -> TopNOperator.create(topN, input, context)));
        }
        if (node instanceof LimitNode limit) {
            return planning.operator(
                    node,
                    "Limit",
                    context ->
                            withInput(limit.source(), planning, input -> LimitOperator.create(limit, input, context)));
        }
        if (node instanceof JoinNode join) {
            // Probe, then build: the order of JoinNode.sources(), which operator ids follow.
            return planning.operator(
                    node,
                    "HashJoin",
                    context -> withInput(
                            join.probe(),
                            planning,
                            probe -> withInput(
                                    join.build(),
                                    planning,
                                    build -> HashJoinOperator.create(
                                            join, planning.joinOutputs.columnsKept(join), probe, build, context))));
        }
        if (node instanceof UnionNode union) {
            return planning.operator(
                    node,
                    "UnionAll",
                    context -> withInputs(
                            union.inputs(), planning, operators -> UnionOperator.create(union, operators, context)));
        }
        if (node instanceof TableWriteNode write) {
            return planning.operator(
                    node,
                    "TableWrite",
                    context ->
                            withInput(write.source(), planning, input -> planning.inputs.write(write, input, context)));
        }
        throw new IllegalArgumentException(
                "Unsupported plan node: " + node.getClass().getSimpleName());
    }

    /** Plans every source, then the operator over them, closing what was built if anything fails. */
    private Operator withInputs(
            List<PlanNode> sources, Planning planning, Function<List<Operator>, Operator> operatorOverInputs) {
        List<Operator> operators = new ArrayList<>();
        try {
            for (PlanNode source : sources) {
                operators.add(plan(source, planning));
            }
            return operatorOverInputs.apply(operators);
        } catch (RuntimeException e) {
            operators.forEach(Operator::close);
            throw e;
        }
    }

    /** Plans {@code source}, then the operator over it, closing the source's operators if the latter fails. */
    private Operator withInput(PlanNode source, Planning planning, Function<Operator, Operator> operatorOverInput) {
        Operator input = plan(source, planning);
        try {
            return operatorOverInput.apply(input);
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /** One call's inputs and task context, and its meters when metered. */
    private static final class Planning {
        private final TaskInputs inputs;
        private final ExecutionContext context;
        private final Meters meters;
        private final JoinOutputNarrowing joinOutputs = new JoinOutputNarrowing();

        Planning(TaskInputs inputs, ExecutionContext context, Meters meters) {
            this.inputs = inputs;
            this.context = context;
            this.meters = meters;
        }

        /** The operator {@code create} makes for {@code node} (planning its sources), metered when metering. */
        Operator operator(PlanNode node, String kind, Function<ExecutionContext, Operator> create) {
            if (meters == null) {
                return create.apply(context);
            }
            int id = meters.nextId(node);
            BufferAllocator taskAllocator = context.allocator();
            BufferAllocator allocator =
                    taskAllocator.newChildAllocator("operator-" + id + "-" + kind, 0, taskAllocator.getLimit());
            Operator operator;
            try {
                operator = create.apply(context.withAllocator(allocator));
            } catch (RuntimeException | Error e) {
                try {
                    allocator.close();
                } catch (RuntimeException leak) {
                    e.addSuppressed(leak);
                }
                throw e;
            }
            MeteredOperator metered = new MeteredOperator(id, kind, operator, allocator);
            meters.operators[id] = metered;
            return metered;
        }
    }

    /**
     * The fragment's nodes in pre-order (the operator ids), their inputs' ids, and the meters as they are made.
     * Planning visits nodes in the same order; {@link #nextId} checks that it does.
     */
    private static final class Meters {
        private final List<PlanNode> nodes = new ArrayList<>();
        private final int[][] inputIds;
        private final MeteredOperator[] operators;
        private int next;

        Meters(PlanNode fragment) {
            List<int[]> inputs = new ArrayList<>();
            number(fragment, inputs);
            this.inputIds = inputs.toArray(new int[0][]);
            this.operators = new MeteredOperator[nodes.size()];
        }

        private int number(PlanNode node, List<int[]> inputs) {
            int id = nodes.size();
            nodes.add(node);
            inputs.add(null);
            int[] sourceIds = new int[node.sources().size()];
            for (int i = 0; i < sourceIds.length; i++) {
                sourceIds[i] = number(node.sources().get(i), inputs);
            }
            inputs.set(id, sourceIds);
            return id;
        }

        int nextId(PlanNode node) {
            int id = next++;
            checkState(
                    id < nodes.size() && nodes.get(id) == node,
                    "Operators planned out of pre-order at %s",
                    node.getClass().getSimpleName());
            return id;
        }
    }
}
