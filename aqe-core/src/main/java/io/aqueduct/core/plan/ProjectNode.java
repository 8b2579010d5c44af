package io.aqueduct.core.plan;

import static com.google.common.base.Preconditions.checkArgument;
import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.InputReference;
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

    /**
     * This projection over {@code reordering}'s source: one projection instead of two, when {@code reordering} only
     * picks columns (each of its projections an input reference).
     */
    public ProjectNode over(ProjectNode reordering) {
        checkArgument(
                reordering.projections.stream().allMatch(InputReference.class::isInstance),
                "Only a projection of columns is folded into the one above it");
        List<Expression> folded = projections.stream()
                .map(projection -> InputReference.renumbered(
                        projection, field -> ((InputReference) reordering.projections.get(field)).field()))
                .toList();
        return new ProjectNode(reordering.source, folded, outputType);
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
