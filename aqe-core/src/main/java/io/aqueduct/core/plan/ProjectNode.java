package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** Computes one output column per expression. */
public record ProjectNode(PlanNode source, List<Expression> projections, RowType outputType) implements PlanNode {
    @JsonCreator
    public ProjectNode(
            @JsonProperty("source") PlanNode source,
            @JsonProperty("projections") List<Expression> projections,
            @JsonProperty("outputType") RowType outputType) {
        this.source = source;
        this.projections = List.copyOf(projections);
        this.outputType = outputType;
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(source);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new ProjectNode(only(newSources), projections, outputType);
    }
}
