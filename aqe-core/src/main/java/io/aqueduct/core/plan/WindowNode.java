package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * Window functions: every input column followed by one column per call, computed over the rows that share
 * the row's {@code partitionKeys} values, ordered by {@code orderKeys}. Output rows come partition by
 * partition in that order. The distributed planner shuffles the input on the partition keys (or gathers it
 * to one task without them), so each task sees whole partitions.
 */
public record WindowNode(
        PlanNode source,
        List<Integer> partitionKeys,
        List<SortKey> orderKeys,
        List<WindowCall> calls,
        RowType outputType)
        implements PlanNode {
    @JsonCreator
    public WindowNode(
            @JsonProperty("source") PlanNode source,
            @JsonProperty("partitionKeys") List<Integer> partitionKeys,
            @JsonProperty("orderKeys") List<SortKey> orderKeys,
            @JsonProperty("calls") List<WindowCall> calls,
            @JsonProperty("outputType") RowType outputType) {
        this.source = source;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.orderKeys = List.copyOf(orderKeys);
        this.calls = List.copyOf(calls);
        this.outputType = outputType;
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(source);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new WindowNode(only(newSources), partitionKeys, orderKeys, calls, outputType);
    }
}
