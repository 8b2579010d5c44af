package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import java.util.Optional;

/** The partitioned join of a stage's fragment, and the stages its two sides read. */
public final class StageJoins {
    private StageJoins() {}

    /** The fragment's partitioned join, if it has one (the distributed planner gives a stage at most one). */
    static Optional<JoinNode> partitionedJoin(PlanNode fragment) {
        if (fragment instanceof JoinNode join && join.distribution() == JoinDistribution.PARTITIONED) {
            return Optional.of(join);
        }
        return fragment.sources().stream()
                .map(StageJoins::partitionedJoin)
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** The stage the partitioned join's build side reads, if it reads one. */
    static Optional<Integer> buildStage(PlanNode fragment) {
        return partitionedJoin(fragment)
                .flatMap(join -> remoteSourceUnder(join.build()))
                .map(RemoteSourceNode::stageId);
    }

    /** The stage the partitioned join's probe side reads, if it reads one. */
    static Optional<Integer> probeStage(PlanNode fragment) {
        return partitionedJoin(fragment)
                .flatMap(join -> remoteSourceUnder(join.probe()))
                .map(RemoteSourceNode::stageId);
    }

    /** The remote source a join side reads, through row-wise filters and projections only. */
    private static Optional<RemoteSourceNode> remoteSourceUnder(PlanNode side) {
        if (side instanceof RemoteSourceNode remote) {
            return Optional.of(remote);
        }
        if (side instanceof FilterNode || side instanceof ProjectNode) {
            return remoteSourceUnder(side.sources().get(0));
        }
        return Optional.empty();
    }
}
