package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** UNION ALL: the rows of every input, input after input. */
public record UnionNode(List<PlanNode> inputs, RowType outputType) implements PlanNode {
    @JsonCreator
    public UnionNode(@JsonProperty("inputs") List<PlanNode> inputs, @JsonProperty("outputType") RowType outputType) {
        this.inputs = List.copyOf(inputs);
        this.outputType = outputType;
    }

    @Override
    public List<PlanNode> sources() {
        return inputs;
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new UnionNode(newSources, outputType);
    }
}
