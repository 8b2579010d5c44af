package io.aqueduct.core.plan;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * A node of a physical plan fragment: the unit the coordinator ships to workers (as JSON) and the
 * workers turn into operators. Nodes are immutable values.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "@type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = TableScanNode.class, name = "scan"),
    @JsonSubTypes.Type(value = ValuesNode.class, name = "values"),
    @JsonSubTypes.Type(value = GenerateSeriesNode.class, name = "generateSeries"),
    @JsonSubTypes.Type(value = FilterNode.class, name = "filter"),
    @JsonSubTypes.Type(value = ProjectNode.class, name = "project"),
    @JsonSubTypes.Type(value = AggregateNode.class, name = "aggregate"),
    @JsonSubTypes.Type(value = SortNode.class, name = "sort"),
    @JsonSubTypes.Type(value = TopNNode.class, name = "topN"),
    @JsonSubTypes.Type(value = LimitNode.class, name = "limit"),
    @JsonSubTypes.Type(value = RemoteSourceNode.class, name = "remoteSource"),
    @JsonSubTypes.Type(value = JoinNode.class, name = "join"),
    @JsonSubTypes.Type(value = UnionNode.class, name = "union"),
    @JsonSubTypes.Type(value = WindowNode.class, name = "window"),
    @JsonSubTypes.Type(value = TableWriteNode.class, name = "tableWrite")
})
public sealed interface PlanNode
        permits TableScanNode,
                ValuesNode,
                GenerateSeriesNode,
                RowPreservingNode,
                ProjectNode,
                AggregateNode,
                RemoteSourceNode,
                JoinNode,
                UnionNode,
                WindowNode,
                TableWriteNode {
    RowType outputType();

    List<PlanNode> sources();

    /** This node over {@code newSources}, one for each of {@link #sources()}, in their order. */
    PlanNode withSources(List<PlanNode> newSources);

    /** {@code root} with {@code target}, a node of it found by identity, replaced by {@code replacement}. */
    static PlanNode replace(PlanNode root, PlanNode target, PlanNode replacement) {
        if (root == target) {
            return replacement;
        }
        return root.withSources(root.sources().stream()
                .map(source -> replace(source, target, replacement))
                .toList());
    }

    /** The one source of a node that has one. */
    static PlanNode only(List<PlanNode> newSources) {
        checkArgument(newSources.size() == 1, "Expected one source, not %s", newSources.size());
        return newSources.get(0);
    }

    /** A node without sources stays as it is. */
    static PlanNode leaf(PlanNode node, List<PlanNode> newSources) {
        checkArgument(newSources.isEmpty(), "%s has no sources", node.getClass().getSimpleName());
        return node;
    }
}
