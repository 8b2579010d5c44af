package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.expr.Expression;
import java.util.List;

/** Keeps the rows for which {@code predicate} is TRUE (not FALSE, not NULL). */
public record FilterNode(PlanNode source, Expression predicate) implements RowPreservingNode {
    @JsonCreator
    public FilterNode(@JsonProperty("source") PlanNode source, @JsonProperty("predicate") Expression predicate) {
        this.source = source;
        this.predicate = predicate;
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new FilterNode(only(newSources), predicate);
    }
}
