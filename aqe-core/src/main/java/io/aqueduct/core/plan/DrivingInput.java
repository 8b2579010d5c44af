package io.aqueduct.core.plan;

import java.util.Optional;

/**
 * The input a fragment's output streams from, if it has one: a table scan or a remote source reached
 * through filters, projections and the probe sides of joins whose build side comes from another stage
 * (read whole before the probe side starts). The share of this input read so far is then the share of
 * the output produced, which is what adaptive execution extrapolates from. Aggregations, sorts, top-N,
 * limits, unions and joins that build from a scan of their own do not stream: their output comes at
 * the end, stops early or mixes inputs.
 */
public final class DrivingInput {
    private DrivingInput() {}

    public static Optional<PlanNode> of(PlanNode fragment) {
        if (fragment instanceof TableScanNode || fragment instanceof RemoteSourceNode) {
            return Optional.of(fragment);
        }
        if (fragment instanceof FilterNode || fragment instanceof ProjectNode) {
            return of(fragment.sources().get(0));
        }
        if (fragment instanceof JoinNode join && join.build() instanceof RemoteSourceNode) {
            return of(join.probe());
        }
        return Optional.empty();
    }
}
