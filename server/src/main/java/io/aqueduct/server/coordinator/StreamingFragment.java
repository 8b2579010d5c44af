package io.aqueduct.server.coordinator;

import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;

/**
 * Whether a fragment's output comes out as its table scans are read, so that the share of output
 * produced so far follows the share of leaf rows consumed: scans under filters, projections and the
 * probe sides of joins whose build side is read from another stage (read whole before the scan
 * starts). Aggregations, sorts, limits and unions do not: their output comes at the end, or stops
 * early, whatever the leaves consumed.
 */
final class StreamingFragment {
    private StreamingFragment() {}

    static boolean outputTracksLeaves(PlanNode node) {
        if (node instanceof TableScanNode) {
            return true;
        }
        if (node instanceof FilterNode || node instanceof ProjectNode) {
            return outputTracksLeaves(node.sources().get(0));
        }
        if (node instanceof JoinNode join) {
            return join.build() instanceof RemoteSourceNode && outputTracksLeaves(join.probe());
        }
        return false;
    }
}
