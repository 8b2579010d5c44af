package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.stage.Stage;
import java.util.Optional;

/**
 * A partitioned join whose build side turns out larger than its probe side builds on the probe side instead:
 * the planner chose the build side from estimates, and its stage has not started, so its sides can still be
 * exchanged ({@link JoinNode#withSidesSwapped}). A hash table costs more per row than a probe and holds its
 * rows for the stage's duration, so the smaller side is the cheaper build (TPC-H Q10 at SF 1 built 150,000
 * customers, 28 MB, to probe 57,000 orders, 0.9 MB).
 *
 * <p>Decided before the stage starts, when it waited for both sides' samples anyway. The sides are exchanged only
 * when the build side has more rows and a larger hash table (its bytes and {@link #TABLE_BYTES_PER_ROW} per row), so
 * that the join's memory does not grow, and is at least {@link #MIN_RATIO} times larger in one of the two (so that
 * near-equal sides are not exchanged on estimation noise), and when the probe side's size is known rather than a
 * lower bound. A stage is exchanged at most once.
 */
public final class JoinSwapRule implements AdaptiveRule {
    /** How many times larger than the probe side, in rows or bytes, a build side must be to be exchanged. */
    static final double MIN_RATIO = 1.5;

    /**
     * A join hash table's own bytes per build row besides the row's values: its address, its group, its place in
     * the group's row list, and its share of the group table's slots and keys ({@code JoinHashTable}).
     */
    static final long TABLE_BYTES_PER_ROW = 32;

    JoinSwapRule() {}

    @Override
    public String name() {
        return AqeDecision.JOIN_SWAP;
    }

    @Override
    public void apply(DecidingStage deciding) {
        if (deciding.replannedBy(AqeDecision.JOIN_SWAP)) {
            return;
        }
        Optional<JoinNode> found = StageJoins.partitionedJoin(deciding.stage().fragment());
        if (found.isEmpty()
                || !(found.get().probe() instanceof RemoteSourceNode probe)
                || !(found.get().build() instanceof RemoteSourceNode build)) {
            return;
        }
        JoinNode join = found.get();
        ProducerSamples.Estimate probeSide = deciding.estimates().get(probe.stageId());
        ProducerSamples.Estimate buildSide = deciding.estimates().get(build.stageId());
        if (probeSide == null || buildSide == null) {
            return; // the stage does not wait for its sides' samples: it is not held back for this rule
        }
        AqeDecision decision = decide(deciding.stage(), probe.stageId(), probeSide, build.stageId(), buildSide);
        deciding.decide(decision);
        if (decision.adopted()) {
            PlanNode swapped = join.withSidesSwapped(probeSide.bytes());
            deciding.replan(deciding.plan()
                    .withFragment(
                            deciding.stage().id(), swappedIn(deciding.stage().fragment(), join, swapped)));
        }
    }

    /**
     * {@code node} with {@code join} replaced by {@code swapped}; a projection right above the join is folded into
     * the one that restores the join's column order (the planner's own swap left one there, which the two cancel).
     */
    private static PlanNode swappedIn(PlanNode node, JoinNode join, PlanNode swapped) {
        if (node == join) {
            return swapped;
        }
        if (node instanceof ProjectNode project && project.source() == join && swapped instanceof ProjectNode restore) {
            return project.over(restore);
        }
        return node.withSources(node.sources().stream()
                .map(source -> swappedIn(source, join, swapped))
                .toList());
    }

    /** Whether the build side is to become the probe side: larger on both counts, clearly on one. */
    static boolean buildsOnTheLargerSide(ProducerSamples.Estimate probeSide, ProducerSamples.Estimate buildSide) {
        if (probeSide.lowerBound()) {
            return false;
        }
        long probeRows = probeSide.rows();
        long buildRows = buildSide.rows();
        double probeTable = tableBytes(probeSide);
        double buildTable = tableBytes(buildSide);
        return buildRows > probeRows
                && buildTable > probeTable
                && (buildRows >= MIN_RATIO * probeRows || buildTable >= MIN_RATIO * probeTable);
    }

    /** The hash table a side would make: its bytes and the table's own per row. */
    private static double tableBytes(ProducerSamples.Estimate side) {
        return side.bytes() + (double) TABLE_BYTES_PER_ROW * side.rows();
    }

    static AqeDecision decide(
            Stage stage,
            int probeStage,
            ProducerSamples.Estimate probeSide,
            int buildStage,
            ProducerSamples.Estimate buildSide) {
        DecisionInputs inputs = new DecisionInputs.JoinSwap(probeStage, probeSide, buildStage, buildSide);
        String sizes = "build side (stage %d) %d rows, %d bytes; probe side (stage %d) %s%d rows, %d bytes"
                .formatted(
                        buildStage,
                        buildSide.rows(),
                        buildSide.bytes(),
                        probeStage,
                        probeSide.lowerBound() ? "at least " : "",
                        probeSide.rows(),
                        probeSide.bytes());
        if (buildsOnTheLargerSide(probeSide, buildSide)) {
            return AqeDecision.adopted(
                    stage.id(),
                    AqeDecision.JOIN_SWAP,
                    "build on stage " + buildStage,
                    "build on stage " + probeStage,
                    inputs,
                    sizes + ": the build side is the larger, so the join builds on stage " + probeStage
                            + " and streams stage " + buildStage + " through");
        }
        return AqeDecision.notAdopted(
                stage.id(),
                AqeDecision.JOIN_SWAP,
                "build on stage " + buildStage,
                inputs,
                sizes + ": keeps its sides (exchanged only when the build side is larger in rows and hash table bytes, "
                        + MIN_RATIO + " times in one of them, and the probe side's size is known)");
    }
}
