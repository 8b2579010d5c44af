package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** Constant rows. */
public record ValuesNode(RowType outputType, List<List<Literal>> rows) implements PlanNode {
    @JsonCreator
    public ValuesNode(@JsonProperty("outputType") RowType outputType, @JsonProperty("rows") List<List<Literal>> rows) {
        this.outputType = outputType;
        this.rows = rows.stream().map(List::copyOf).toList();
    }

    @Override
    public List<PlanNode> sources() {
        return List.of();
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return PlanNode.leaf(this, newSources);
    }
}
