package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * Reads {@code outputType.names()} of a connector table; each task reads its own share of the splits.
 * {@code constraints} are the simple conjuncts of the filter above, for the connector to skip data with.
 */
public record TableScanNode(
        String catalog, String schema, String table, RowType outputType, List<ScanConstraint> constraints)
        implements PlanNode {
    @JsonCreator
    public TableScanNode(
            @JsonProperty("catalog") String catalog,
            @JsonProperty("schema") String schema,
            @JsonProperty("table") String table,
            @JsonProperty("outputType") RowType outputType,
            @JsonProperty("constraints") List<ScanConstraint> constraints) {
        this.catalog = catalog;
        this.schema = schema;
        this.table = table;
        this.outputType = outputType;
        this.constraints = constraints == null ? List.of() : List.copyOf(constraints);
    }

    /** A scan without constraints. */
    public TableScanNode(String catalog, String schema, String table, RowType outputType) {
        this(catalog, schema, table, outputType, List.of());
    }

    public TableScanNode withConstraints(List<ScanConstraint> newConstraints) {
        return new TableScanNode(catalog, schema, table, outputType, newConstraints);
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
