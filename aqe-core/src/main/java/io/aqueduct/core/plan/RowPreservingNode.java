package io.aqueduct.core.plan;

import io.aqueduct.core.type.RowType;
import java.util.List;

/** A node over one source whose rows keep the source's columns: it filters, orders or cuts them. */
public sealed interface RowPreservingNode extends PlanNode permits FilterNode, SortNode, TopNNode, LimitNode {
    PlanNode source();

    @Override
    default RowType outputType() {
        return source().outputType();
    }

    @Override
    default List<PlanNode> sources() {
        return List.of(source());
    }
}
