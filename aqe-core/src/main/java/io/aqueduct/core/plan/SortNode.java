package io.aqueduct.core.plan;

import static io.aqueduct.core.plan.PlanNode.only;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** Sorts all input rows. */
public record SortNode(PlanNode source, List<SortKey> keys) implements PlanNode {
    @JsonCreator
    public SortNode(@JsonProperty("source") PlanNode source, @JsonProperty("keys") List<SortKey> keys) {
        this.source = source;
        this.keys = List.copyOf(keys);
    }

    @Override
    public RowType outputType() {
        return source.outputType();
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(source);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new SortNode(only(newSources), keys);
    }
}
