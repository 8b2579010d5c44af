package io.aqueduct.core.stage;

import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Re-cuts a stage plan so that one of a stage's broadcast joins runs partitioned, for when its build
 * side turns out too large to copy to every probe task. The join's probe side becomes a stage of its
 * own that shuffles on the probe keys; the build side's stage shuffles on the build keys instead of
 * broadcasting; the join and what is above it stay in the stage, which now reads both shuffles.
 *
 * <pre>{@code
 * stage 1: Aggregate(Join[BROADCAST](Scan orders, Remote 0))   stage 0: ... Broadcast to stage 1
 *   becomes
 * stage 2: Scan orders, Shuffle on the probe keys to stage 1    stage 0: ... Shuffle on the build keys
 * stage 1: Aggregate(Join[PARTITIONED](Remote 2, Remote 0))
 * }</pre>
 *
 * Stage ids stay as they were; the probe side's stage gets the next free id.
 */
public final class BroadcastJoinRepartition {
    private BroadcastJoinRepartition() {}

    /**
     * The broadcast joins of {@code stage} that could run partitioned: joins on keys whose build side is
     * a whole broadcast stage, in a stage of several tasks (a single-task probe gains nothing from a
     * shuffle). Outermost first.
     */
    public static List<JoinNode> candidates(StagePlan plan, Stage stage) {
        List<JoinNode> joins = new ArrayList<>();
        if (stage.plannedTaskCount() > 1) {
            collect(plan, stage.fragment(), joins);
        }
        return joins;
    }

    /** The broadcast stage a candidate's build side reads. */
    public static int buildStageId(JoinNode candidate) {
        return ((RemoteSourceNode) candidate.build()).stageId();
    }

    private static void collect(StagePlan plan, PlanNode node, List<JoinNode> joins) {
        if (node instanceof JoinNode join
                && join.distribution() == JoinDistribution.BROADCAST
                && !join.probeKeys().isEmpty()
                && join.build() instanceof RemoteSourceNode build
                && plan.stage(build.stageId()).outputPartitioning().kind() == PartitioningKind.BROADCAST) {
            joins.add(join);
        }
        node.sources().forEach(source -> collect(plan, source, joins));
    }

    /**
     * The plan with {@code join}, a candidate of stage {@code stageId}, partitioned. Both the stage and its
     * new probe stage keep the stage's planned task count.
     */
    public static StagePlan apply(StagePlan plan, int stageId, JoinNode join) {
        Stage stage = plan.stage(stageId);
        RemoteSourceNode build = (RemoteSourceNode) join.build();
        int probeStageId = plan.stages().stream().mapToInt(Stage::id).max().orElseThrow() + 1;
        Stage probeStage =
                stage(probeStageId, join.probe(), OutputPartitioning.hash(join.probeKeys()), stage.plannedTaskCount());
        JoinNode partitioned = join.distributed(
                new RemoteSourceNode(probeStageId, join.probe().outputType()), build, JoinDistribution.PARTITIONED);
        Stage joinStage = stage(
                stageId,
                PlanNode.replace(stage.fragment(), join, partitioned),
                stage.outputPartitioning(),
                stage.plannedTaskCount());
        List<Stage> stages = new ArrayList<>();
        for (Stage existing : plan.stages()) {
            if (existing.id() == build.stageId()) {
                stages.add(withOutput(existing, OutputPartitioning.hash(join.buildKeys())));
            } else if (existing.id() == stageId) {
                stages.add(probeStage);
                stages.add(joinStage);
            } else {
                stages.add(existing);
            }
        }
        return new StagePlan(stages);
    }

    private static Stage stage(int id, PlanNode fragment, OutputPartitioning output, int tasks) {
        List<Integer> sources = new ArrayList<>();
        collectRemoteSources(fragment, sources);
        return new Stage(id, fragment, output, tasks, sources, scans(fragment));
    }

    private static Stage withOutput(Stage stage, OutputPartitioning output) {
        return new Stage(
                stage.id(), stage.fragment(), output, stage.plannedTaskCount(), stage.sourceStageIds(), stage.leaf());
    }

    private static void collectRemoteSources(PlanNode node, List<Integer> stageIds) {
        if (node instanceof RemoteSourceNode remote) {
            stageIds.add(remote.stageId());
        }
        node.sources().forEach(source -> collectRemoteSources(source, stageIds));
    }

    private static boolean scans(PlanNode node) {
        return node instanceof TableScanNode || node.sources().stream().anyMatch(BroadcastJoinRepartition::scans);
    }
}
