package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A partitioned join whose build side turns out smaller than {@code distributed.broadcast_max_bytes}
 * runs as a broadcast join: one join task per probe task, each reading its probe task's output whole
 * (no shuffle) and the whole build side.
 */
public final class BroadcastSwitchRule implements AdaptiveRule {
    BroadcastSwitchRule() {}

    @Override
    public String name() {
        return AqeDecision.BROADCAST_SWITCH;
    }

    /** Settles the stage as a broadcast join, unless its join was switched to partitioned at runtime. */
    @Override
    public void apply(DecidingStage deciding) {
        if (deciding.replannedBy(AqeDecision.PARTITIONED_SWITCH)) {
            return;
        }
        apply(deciding.plan(), deciding.stage(), deciding.estimates(), deciding.tasksByStage(), deciding.settings())
                .ifPresent(deciding::settle);
    }

    static Optional<StageSchedule> apply(
            StagePlan plan,
            Stage stage,
            Map<Integer, ProducerSamples.Estimate> estimates,
            Map<Integer, List<TaskLocation>> tasksByStage,
            SettingValues settings) {
        Optional<JoinNode> join = StageJoins.partitionedJoin(stage.fragment());
        if (join.isEmpty()
                || join.get().joinType().keepsUnmatchedBuildRows()
                || !(join.get().probe() instanceof RemoteSourceNode probe)
                || !(join.get().build() instanceof RemoteSourceNode build)) {
            return Optional.empty();
        }
        // The stage's other sources (a broadcast join above this one, as in Q7) must reach every new task.
        List<Integer> otherSources = stage.sourceStageIds().stream()
                .filter(source -> source != probe.stageId() && source != build.stageId())
                .toList();
        if (otherSources.stream()
                .anyMatch(source -> plan.stage(source).outputPartitioning().kind() != PartitioningKind.BROADCAST)) {
            return Optional.empty();
        }
        ProducerSamples.Estimate buildSide = estimates.get(build.stageId());
        long threshold = settings.number(Setting.BROADCAST_MAX_BYTES);
        if (!fitsBroadcast(buildSide, threshold)) {
            return Optional.empty();
        }
        int probeTasks = tasksByStage.get(probe.stageId()).size();
        DecisionInputs inputs = new DecisionInputs.BroadcastSwitch(
                estimates, build.stageId(), join.get().estimatedBuildBytes(), threshold, probeTasks);
        String reason = ("build side (stage %d) is %d bytes at runtime (planned %d), not above broadcast_max_bytes %d:"
                        + " broadcast it to %d join tasks, one per probe task, instead of shuffling the probe side")
                .formatted(build.stageId(), buildSide.bytes(), join.get().estimatedBuildBytes(), threshold, probeTasks);
        AqeDecision decision = AqeDecision.adopted(
                stage.id(),
                AqeDecision.BROADCAST_SWITCH,
                "partitioned join, " + stage.plannedTaskCount() + " tasks",
                "broadcast join, " + probeTasks + " tasks",
                inputs,
                reason);
        Map<Integer, OutputBinding> bindings = new LinkedHashMap<>();
        bindings.put(build.stageId(), OutputBinding.of(OutputPartitioning.BROADCAST, probeTasks));
        bindings.put(probe.stageId(), OutputBinding.of(OutputPartitioning.SINGLE, 1));
        otherSources.forEach(
                source -> bindings.put(source, OutputBinding.of(OutputPartitioning.BROADCAST, probeTasks)));
        List<StageSchedule.TaskReads> reads = new ArrayList<>();
        for (int task = 0; task < probeTasks; task++) {
            Map<Integer, StageSchedule.SourceRead> sources = new LinkedHashMap<>();
            sources.put(build.stageId(), StageSchedule.SourceRead.all(List.of(task)));
            sources.put(probe.stageId(), new StageSchedule.SourceRead(OptionalInt.of(task), List.of(0)));
            for (int source : otherSources) {
                sources.put(source, StageSchedule.SourceRead.all(List.of(task)));
            }
            reads.add(new StageSchedule.TaskReads(sources, "probe task " + task, 0));
        }
        return Optional.of(new StageSchedule(stage.id(), stage.plannedTaskCount(), bindings, reads, List.of(decision)));
    }

    /** A build side is broadcast when its size is known (not a lower bound) and not above the threshold. */
    static boolean fitsBroadcast(ProducerSamples.Estimate buildSide, long broadcastMaxBytes) {
        return !buildSide.lowerBound() && buildSide.bytes() <= broadcastMaxBytes;
    }
}
