package io.aqueduct.core.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * Stores every row of {@code source} into table {@code catalog.schema.table} on the worker the task runs on, and
 * produces one row per task: the rows it stored and the bytes they take ({@link #OUTPUT_TYPE}). The source produces
 * the table's {@code columns}, in order and of their types; a column whose {@code nullable} is false takes no NULL. A write runs in the task that produces its rows, so the table's data
 * ends up spread as its source was.
 */
public record TableWriteNode(
        String catalog, String schema, String table, RowType columns, List<Boolean> nullable, PlanNode source)
        implements PlanNode {
    /** What each write task reports: the rows it stored and their bytes. */
    public static final RowType OUTPUT_TYPE =
            new RowType(List.of("rows", "bytes"), List.of(DataType.BIGINT, DataType.BIGINT));

    @JsonCreator
    public TableWriteNode(
            @JsonProperty("catalog") String catalog,
            @JsonProperty("schema") String schema,
            @JsonProperty("table") String table,
            @JsonProperty("columns") RowType columns,
            @JsonProperty("nullable") List<Boolean> nullable,
            @JsonProperty("source") PlanNode source) {
        this.catalog = catalog;
        this.schema = schema;
        this.table = table;
        this.columns = columns;
        this.nullable = List.copyOf(nullable);
        this.source = source;
    }

    @Override
    public RowType outputType() {
        return OUTPUT_TYPE;
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(source);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        return new TableWriteNode(catalog, schema, table, columns, nullable, PlanNode.only(newSources));
    }
}
