package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Skips {@code offset} rows, then passes at most {@code count} rows and stops pulling its input. */
public record LimitNode(PlanNode source, long offset, long count) implements RowPreservingNode {
    @JsonCreator
    public LimitNode(
            @JsonProperty("source") PlanNode source,
            @JsonProperty("offset") long offset,
            @JsonProperty("count") long count) {
        this.source = source;
        this.offset = offset;
        this.count = count;
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new LimitNode(only(newSources), offset, count);
    }
}
