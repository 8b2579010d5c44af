package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** Reads the output of stage {@code stageId} across a network boundary. */
public record RemoteSourceNode(int stageId, RowType outputType) implements PlanNode {
    @JsonCreator
    public RemoteSourceNode(@JsonProperty("stageId") int stageId, @JsonProperty("outputType") RowType outputType) {
        this.stageId = stageId;
        this.outputType = outputType;
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
