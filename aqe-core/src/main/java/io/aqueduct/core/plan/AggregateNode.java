package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * Hash aggregation: output is the group key columns (in {@code groupKeys} order) followed by one
 * column per aggregate call. Without group keys it emits exactly one row, even for empty input.
 * The distributed planner splits an aggregation into a partial and a final node; both are plain
 * aggregations, the final one calling each function's {@link AggregateFunction#merge()}.
 */
public record AggregateNode(
        PlanNode source, List<Integer> groupKeys, List<AggregateCall> aggregates, RowType outputType)
        implements PlanNode {
    @JsonCreator
    public AggregateNode(
            @JsonProperty("source") PlanNode source,
            @JsonProperty("groupKeys") List<Integer> groupKeys,
            @JsonProperty("aggregates") List<AggregateCall> aggregates,
            @JsonProperty("outputType") RowType outputType) {
        this.source = source;
        this.groupKeys = List.copyOf(groupKeys);
        this.aggregates = List.copyOf(aggregates);
        this.outputType = outputType;
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(source);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new AggregateNode(only(newSources), groupKeys, aggregates, outputType);
    }
}
