package io.aqueduct.core.exec;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.ValuesNode;
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
        throw new IllegalArgumentException(
                "Unsupported plan node: " + node.getClass().getSimpleName());
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
