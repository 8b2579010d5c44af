package io.aqueduct.core.sql;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexOver;

/**
 * Refuses, with 0A000, the correlated subqueries (scalar, EXISTS, LATERAL) that Calcite's decorrelator answers wrongly:
 * a window function or an ordered aggregate computed over rows that the correlation selects. The decorrelator moves
 * the correlated condition above the window, which then spans every outer row's rows at once ({@code COUNT(*) OVER ()}
 * over a region's nations counted all 25), and rebuilds an aggregate without its ORDER BY ({@code STRING_AGG(x, ','
 * ORDER BY x DESC)} came out ascending). Either rewrites as a join: the window partitioned by the correlated columns,
 * the aggregate grouped by them. A window or aggregate whose input does not depend on the outer row is decorrelated
 * right, and passes.
 */
final class CorrelatedOrderedComputations {
    private CorrelatedOrderedComputations() {}

    /** Throws NOT_SUPPORTED when a correlated subquery of {@code root} has a computation the decorrelator breaks. */
    static void check(RelNode root) {
        if (root instanceof Correlate correlate) {
            checkSubquery(correlate.getRight(), correlate.getCorrelationId());
        }
        root.getInputs().forEach(CorrelatedOrderedComputations::check);
    }

    private static void checkSubquery(RelNode node, CorrelationId correlation) {
        boolean window = node instanceof Window
                || (node instanceof Project project && RexOver.containsOver(project.getProjects(), null));
        boolean orderedAggregate = node instanceof Aggregate aggregate
                && aggregate.getAggCallList().stream()
                        .map(AggregateCall::getCollation)
                        .anyMatch(collation -> !collation.getFieldCollations().isEmpty());
        if ((window || orderedAggregate)
                && RelOptUtil.getVariablesUsed(node.getInput(0)).contains(correlation)) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    window
                            ? "A window function over the rows of a correlated subquery is not supported: join the"
                                    + " subquery's table instead, with the window partitioned by the correlated columns"
                            : "An ordered aggregate (ORDER BY or WITHIN GROUP) over the rows of a correlated subquery"
                                    + " is not supported: join an aggregate grouped by the correlated columns instead");
        }
        node.getInputs().forEach(input -> checkSubquery(input, correlation));
    }
}
