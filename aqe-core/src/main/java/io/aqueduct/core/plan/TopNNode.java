package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The first {@code count} rows in {@code keys} order, in that order, keeping only {@code count} rows in memory. */
public record TopNNode(PlanNode source, List<SortKey> keys, long count) implements RowPreservingNode {
    @JsonCreator
    public TopNNode(
            @JsonProperty("source") PlanNode source,
            @JsonProperty("keys") List<SortKey> keys,
            @JsonProperty("count") long count) {
        this.source = source;
        this.keys = List.copyOf(keys);
        this.count = count;
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new TopNNode(only(newSources), keys, count);
    }
}
