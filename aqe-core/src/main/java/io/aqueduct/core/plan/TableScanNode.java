package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.RowType;
import java.util.List;

/** Reads {@code outputType.names()} of a connector table; each task reads its own share of the splits. */
public record TableScanNode(String catalog, String schema, String table, RowType outputType) implements PlanNode {
    @JsonCreator
    public TableScanNode(
            @JsonProperty("catalog") String catalog,
            @JsonProperty("schema") String schema,
            @JsonProperty("table") String table,
            @JsonProperty("outputType") RowType outputType) {
        this.catalog = catalog;
        this.schema = schema;
        this.table = table;
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
