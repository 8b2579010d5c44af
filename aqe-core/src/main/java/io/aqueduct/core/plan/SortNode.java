package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Sorts all input rows. */
public record SortNode(PlanNode source, List<SortKey> keys) implements RowPreservingNode {
    @JsonCreator
    public SortNode(@JsonProperty("source") PlanNode source, @JsonProperty("keys") List<SortKey> keys) {
        this.source = source;
        this.keys = List.copyOf(keys);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new SortNode(only(newSources), keys);
    }
}
