package io.aqueduct.core.exec;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Turns a plan fragment into the operator tree that runs it in one task. Leaves come from the task's
 * {@link TaskInputs}; the caller owns the returned root, and closing it closes the whole tree.
 *
 * <pre>{@code
 * try (Operator root = new LocalExecutionPlanner().plan(fragment, inputs, context)) {
 *     for (VectorSchemaRoot batch = root.next(); batch != null; batch = root.next()) { ... }
 * }
 * }</pre>
 */
public final class LocalExecutionPlanner {
    public Operator plan(PlanNode node, TaskInputs inputs, ExecutionContext context) {
        // Java 17 has no switch over sealed types; this chain is the one place that dispatches on node kind.
        if (node instanceof TableScanNode scan) {
            return inputs.scan(scan, context);
        }
        if (node instanceof RemoteSourceNode remoteSource) {
            return inputs.remoteSource(remoteSource, context);
        }
        if (node instanceof ValuesNode values) {
            return ValuesOperator.create(values, context);
        }
        if (node instanceof FilterNode filter) {
            return withInput(filter.source(), inputs, context, input -> FilterOperator.create(filter, input, context));
        }
        if (node instanceof ProjectNode project) {
            return withInput(
                    project.source(), inputs, context, input -> ProjectOperator.create(project, input, context));
        }
        if (node instanceof AggregateNode aggregate) {
            return withInput(
                    aggregate.source(),
                    inputs,
                    context,
                    input -> HashAggregationOperator.create(aggregate, input, context));
        }
        if (node instanceof SortNode sort) {
            return withInput(sort.source(), inputs, context, input -> SortOperator.create(sort, input, context));
        }
        if (node instanceof TopNNode topN) {
            return withInput(topN.source(), inputs, context, input -> TopNOperator.create(topN, input, context));
        }
        if (node instanceof LimitNode limit) {
            return withInput(limit.source(), inputs, context, input -> LimitOperator.create(limit, input, context));
        }
        if (node instanceof JoinNode join) {
            return withInput(
                    join.probe(),
                    inputs,
                    context,
                    probe -> withInput(
                            join.build(),
                            inputs,
                            context,
                            build -> HashJoinOperator.create(join, probe, build, context)));
        }
        if (node instanceof UnionNode union) {
            return withInputs(
                    union.inputs(), inputs, context, operators -> UnionOperator.create(union, operators, context));
        }
        throw new IllegalArgumentException(
                "Unsupported plan node: " + node.getClass().getSimpleName());
    }

    /** Plans every source, then the operator over them, closing what was built if anything fails. */
    private Operator withInputs(
            List<PlanNode> sources,
            TaskInputs inputs,
            ExecutionContext context,
            Function<List<Operator>, Operator> operatorOverInputs) {
        List<Operator> operators = new ArrayList<>();
        try {
            for (PlanNode source : sources) {
                operators.add(plan(source, inputs, context));
            }
            return operatorOverInputs.apply(operators);
        } catch (RuntimeException e) {
            operators.forEach(Operator::close);
            throw e;
        }
    }

    /** Plans {@code source}, then the operator over it, closing the source's operators if the latter fails. */
    private Operator withInput(
            PlanNode source,
            TaskInputs inputs,
            ExecutionContext context,
            Function<Operator, Operator> operatorOverInput) {
        Operator input = plan(source, inputs, context);
        try {
            return operatorOverInput.apply(input);
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }
}
