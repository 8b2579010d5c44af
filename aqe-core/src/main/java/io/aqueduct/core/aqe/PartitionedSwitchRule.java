package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.BroadcastJoinRepartition;
import io.aqueduct.core.stage.Stage;

/**
 * The reverse of {@link BroadcastSwitchRule}: a planned broadcast join whose build side turns out
 * larger than {@code distributed.broadcast_max_bytes} runs partitioned, so that each join task holds
 * its share of the build side instead of all of it. Decided before the stage holding the join starts,
 * from the build side's sample; a build side known only as a lower bound (it has no leaves and has not
 * finished) switches only when that bound is already above the threshold.
 */
public final class PartitionedSwitchRule implements AdaptiveRule {
    PartitionedSwitchRule() {}

    @Override
    public String name() {
        return AqeDecision.PARTITIONED_SWITCH;
    }

    /**
     * Checks the stage's broadcast joins not checked yet, outermost first, against their build sides' runtime size
     * (waiting for their samples): the first whose build side is larger than {@code broadcast_max_bytes} is
     * switched to a partitioned join, which re-cuts the plan.
     */
    @Override
    public void apply(DecidingStage deciding) {
        for (JoinNode join : deciding.broadcastJoinsToCheck()) {
            ProducerSamples.Estimate buildSide = deciding.awaitEstimate(BroadcastJoinRepartition.buildStageId(join));
            AqeDecision decision = decide(deciding.stage(), join, buildSide, deciding.settings());
            deciding.decide(decision);
            if (decision.adopted()) {
                deciding.replan(BroadcastJoinRepartition.apply(
                        deciding.plan(), deciding.stage().id(), join));
                return;
            }
        }
    }

    /** Whether the build side is known to be larger than the threshold. */
    static boolean exceedsBroadcast(ProducerSamples.Estimate buildSide, long broadcastMaxBytes) {
        return buildSide.bytes() > broadcastMaxBytes;
    }

    /** The decision for one broadcast join of {@code stage}, adopted when the join is to run partitioned. */
    static AqeDecision decide(Stage stage, JoinNode join, ProducerSamples.Estimate buildSide, SettingValues settings) {
        int buildStage = BroadcastJoinRepartition.buildStageId(join);
        long threshold = settings.number(Setting.BROADCAST_MAX_BYTES);
        DecisionInputs inputs = new DecisionInputs.PartitionedSwitch(
                buildStage, buildSide, join.estimatedBuildBytes(), threshold, stage.plannedTaskCount());
        String size = (buildSide.lowerBound() ? "at least " : "") + buildSide.bytes() + " bytes at runtime (planned "
                + join.estimatedBuildBytes() + ")";
        if (exceedsBroadcast(buildSide, threshold)) {
            return AqeDecision.adopted(
                    stage.id(),
                    AqeDecision.PARTITIONED_SWITCH,
                    "broadcast join",
                    "partitioned join",
                    inputs,
                    ("build side (stage %d) is %s, above broadcast_max_bytes %d: shuffle both sides on the join"
                                    + " keys, the probe side from a stage of its own, instead of copying the build side to each of"
                                    + " %d probe tasks")
                            .formatted(buildStage, size, threshold, stage.plannedTaskCount()));
        }
        return AqeDecision.notAdopted(
                stage.id(),
                AqeDecision.PARTITIONED_SWITCH,
                "broadcast join",
                inputs,
                ("build side (stage %d) is %s, not %sabove broadcast_max_bytes %d: stays broadcast")
                        .formatted(buildStage, size, buildSide.lowerBound() ? "known to be " : "", threshold));
    }
}
