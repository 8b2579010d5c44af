package io.aqueduct.core.aqe;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.BroadcastJoinRepartition;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Decides how each stage runs when it is about to start: its task count and what each task reads.
 *
 * <p>A stage that reads shuffled input is sized from its producers' samples: each producer task
 * holds its first output (late-bound head) until sampled; its final output is extrapolated by
 * completion ({@link ProducerSamples}: driving rows read ÷ expected, 1 once the input ended); the stage's cost (a
 * partitioned join counts its build side twice) over {@code distributed.dynamic_bytes_per_partition}
 * gives the task count, clamped to {@code [1, max_tasks_per_stage]}. Producers then hash into
 * {@code tasks × buckets_per_task} buckets, whose sizes the samplers' key profiles estimate; tasks
 * read contiguous bucket ranges of about equal cost (coalescing), and a join's bucket larger than
 * {@code skew_factor} × the median of its side and {@code skew_min_bytes} is split into pieces, each
 * read by its own task together with the whole matching bucket of the other side
 * ({@link SkewSplitRule}). A partitioned join whose build side turns out smaller than
 * {@code broadcast_max_bytes} is switched to a broadcast join instead, and a broadcast join whose build
 * side turns out larger to a partitioned one, before its stage starts.
 *
 * <p>Leaf stages keep their statistics-based count, gathering stages one task; with
 * {@code distributed.dynamic_task_count} off every stage keeps its static count and one bucket per
 * task.
 */
public final class AdaptiveTaskCounts {
    private final SettingValues settings;
    private final int maxTasks;
    private final ProducerSamples samples;
    private final WorkerTransport client;

    /** The build stages whose broadcast joins were checked against their runtime size. */
    private final Set<Integer> checkedBuildStages = new HashSet<>();
    /** The stages whose broadcast join was switched to partitioned: they are not switched back. */
    private final Set<Integer> partitionedAtRuntime = new HashSet<>();

    public AdaptiveTaskCounts(SettingValues settings, int maxTasks, ProducerSamples samples, WorkerTransport client) {
        this.settings = settings;
        this.maxTasks = maxTasks;
        this.samples = samples;
        this.client = client;
    }

    /**
     * Whether deciding the stage waits for its producers' samples (those of a shuffled input, or the
     * build side of a broadcast join not checked yet); else it can start right away.
     */
    boolean needsSamples(StagePlan plan, Stage stage) {
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            return false;
        }
        boolean readsShuffles =
                !stage.leaf() && !stage.sourceStageIds().isEmpty() && !gathers(plan, stage) && !feedsBroadcast(stage);
        return readsShuffles || !uncheckedBroadcastJoins(plan, stage).isEmpty();
    }

    private List<JoinNode> uncheckedBroadcastJoins(StagePlan plan, Stage stage) {
        return BroadcastJoinRepartition.candidates(plan, stage).stream()
                .filter(join -> !checkedBuildStages.contains(BroadcastJoinRepartition.buildStageId(join)))
                .toList();
    }

    /** What checking a stage's broadcast joins found: the re-cut plan if one is to run partitioned, and the decisions. */
    record BroadcastJoinCheck(Optional<StagePlan> replanned, List<AqeDecision> decisions) {}

    /**
     * Checks the stage's broadcast joins, outermost first, against their build sides' runtime size (waiting
     * for their samples): the first whose build side is larger than {@code broadcast_max_bytes} is switched
     * to a partitioned join ({@link PartitionedSwitchRule}), which re-cuts the plan; the stage is then
     * decided anew in the new plan, and its probe side's stage in turn. Each join is checked once.
     */
    BroadcastJoinCheck checkBroadcastJoins(StagePlan plan, Stage stage, Map<Integer, List<TaskLocation>> tasksByStage) {
        List<AqeDecision> decisions = new ArrayList<>();
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            return new BroadcastJoinCheck(Optional.empty(), decisions);
        }
        for (JoinNode join : uncheckedBroadcastJoins(plan, stage)) {
            int buildStageId = BroadcastJoinRepartition.buildStageId(join);
            checkedBuildStages.add(buildStageId);
            Stage buildStage = plan.stage(buildStageId);
            ProducerSamples.Estimate buildSide = samples.await(buildStage, tasksByStage);
            AqeDecision decision = PartitionedSwitchRule.decide(stage, join, buildSide, settings);
            decisions.add(decision);
            if (decision.adopted()) {
                partitionedAtRuntime.add(stage.id());
                return new BroadcastJoinCheck(
                        Optional.of(BroadcastJoinRepartition.apply(plan, stage.id(), join)), decisions);
            }
        }
        return new BroadcastJoinCheck(Optional.empty(), decisions);
    }

    /**
     * A planned broadcast build side is small: sizing it from its producers' samples would hold back the
     * probe side's stage, which waits for it.
     */
    private static boolean feedsBroadcast(Stage stage) {
        return stage.outputPartitioning().kind() == PartitioningKind.BROADCAST;
    }

    private static boolean gathers(StagePlan plan, Stage stage) {
        return stage.sourceStageIds().stream()
                .anyMatch(id -> plan.stage(id).outputPartitioning().kind() == PartitioningKind.SINGLE);
    }

    /** How the stage runs, with the decisions that chose it; may wait for producers' samples. */
    StageSchedule decide(StagePlan plan, Stage stage, Map<Integer, List<TaskLocation>> tasksByStage) {
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            long fixedCount = settings.number(Setting.FIXED_TASK_COUNT);
            return fixed(
                    plan,
                    stage,
                    "distributed.dynamic_task_count is off: static count"
                            + (fixedCount > 0
                                    ? " (distributed.fixed_task_count " + fixedCount
                                            + " for stages reading shuffled input)"
                                    : " from statistics"));
        }
        if (stage.leaf()) {
            return fixed(
                    plan,
                    stage,
                    "leaf stage: the task count its connector's task estimator wants from the table's statistics");
        }
        if (stage.sourceStageIds().isEmpty()) {
            return fixed(plan, stage, "reads no other stage");
        }
        if (feedsBroadcast(stage)) {
            return fixed(
                    plan,
                    stage,
                    "build side of a planned broadcast join: static count, so that it starts without waiting"
                            + " for its producers' samples");
        }
        if (gathers(plan, stage)) {
            String union = stage.fragment() instanceof UnionNode
                    ? "; a union of " + stage.sourceStageIds().size()
                            + " remote inputs does not wait for them to be sampled, its first batch is not delayed"
                    : "";
            return fixed(plan, stage, "gathers its input into one task" + union);
        }
        Map<Integer, ProducerSamples.Estimate> estimates = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            estimates.put(source, samples.await(plan.stage(source), tasksByStage));
        }
        if (!partitionedAtRuntime.contains(stage.id())) {
            Optional<StageSchedule> broadcast = BroadcastSwitchRule.apply(stage, estimates, tasksByStage, settings);
            if (broadcast.isPresent()) {
                return broadcast.get();
            }
        }
        return shuffled(plan, stage, estimates, tasksByStage);
    }

    /**
     * A stage reading hash-shuffled input: the task count from the cost, then buckets coalesced into
     * ranges and skewed join buckets split.
     */
    private StageSchedule shuffled(
            StagePlan plan,
            Stage stage,
            Map<Integer, ProducerSamples.Estimate> estimates,
            Map<Integer, List<TaskLocation>> tasksByStage) {
        long cost = cost(stage, estimates);
        long bytesPerPartition = Math.max(1, settings.number(Setting.DYNAMIC_BYTES_PER_PARTITION));
        long wanted = ceilDiv(cost, bytesPerPartition);
        int tasks = taskCount(cost, bytesPerPartition, maxTasks);
        List<AqeDecision> decisions = new ArrayList<>();
        Map<String, Object> countInputs = sampleInputs(estimates);
        countInputs.put("cost_bytes", cost);
        countInputs.put("bytes_per_partition", bytesPerPartition);
        countInputs.put("max_tasks_per_stage", maxTasks);
        String bound = estimates.values().stream().anyMatch(ProducerSamples.Estimate::lowerBound)
                ? " (a producer whose output does not follow its scans had not finished: its size is a lower bound)"
                : "";
        decisions.add(AqeDecision.adopted(
                stage.id(),
                AqeDecision.TASK_COUNT,
                stage.plannedTaskCount(),
                tasks,
                countInputs,
                "estimated cost %d bytes / %d bytes per partition = %d, clamped to [1, %d]%s"
                        .formatted(cost, bytesPerPartition, wanted, maxTasks, bound)));

        int bucketsPerTask = (int) Math.max(1, Math.min(settings.number(Setting.BUCKETS_PER_TASK), 1024));
        int bucketCount = Math.min(tasks * bucketsPerTask, HashPartitioner.FINE_BUCKETS);
        BucketCosts buckets = BucketCosts.measure(plan, stage, estimates, tasksByStage, bucketCount, client);
        long target = Math.max(1, ceilDiv(buckets.total(), tasks));
        SkewSplitRule.SkewSplits skew = SkewSplitRule.apply(stage, buckets, target, settings, maxTasks);
        decisions.addAll(skew.decisions());
        BucketAssignment assignment = BucketAssignment.plan(buckets.costs(), skew.ways(), target, maxTasks);
        decisions.add(
                CoalescedSchedule.decision(stage, tasks, bucketCount, bucketsPerTask, target, buckets, assignment));
        return CoalescedSchedule.schedule(plan, stage, bucketCount, assignment, skew.splitStage(), decisions);
    }

    /** What each producer's sample showed, and the estimate made from it. */
    static Map<String, Object> sampleInputs(Map<Integer, ProducerSamples.Estimate> estimates) {
        Map<String, Object> inputs = new LinkedHashMap<>();
        estimates.forEach((source, estimate) -> {
            inputs.put("stage_" + source + "_sampled_rows", estimate.sampledRows());
            inputs.put("stage_" + source + "_sampled_bytes", estimate.sampledBytes());
            inputs.put("stage_" + source + "_completion", estimate.completion());
            inputs.put("stage_" + source + "_estimated_bytes", estimate.bytes());
        });
        return inputs;
    }

    /** {@code clamp(ceil(cost / bytesPerPartition), 1, maxTasks)}. */
    static int taskCount(long cost, long bytesPerPartition, int maxTasks) {
        return (int) Math.max(1, Math.min(ceilDiv(cost, bytesPerPartition), maxTasks));
    }

    private static long ceilDiv(long value, long divisor) {
        return value / divisor + (value % divisor == 0 ? 0 : 1);
    }

    /** The stage keeps its static task count, each task reading its own bucket of shuffled input. */
    private StageSchedule fixed(StagePlan plan, Stage stage, String reason) {
        int tasks = stage.plannedTaskCount();
        AqeDecision decision = AqeDecision.adopted(stage.id(), AqeDecision.TASK_COUNT, tasks, tasks, Map.of(), reason);
        return CoalescedSchedule.schedule(
                plan, stage, tasks, BucketAssignment.oneBucketPerTask(tasks), OptionalInt.empty(), List.of(decision));
    }

    /** A partitioned join holds its build side in memory: it costs twice its bytes. */
    private long cost(Stage stage, Map<Integer, ProducerSamples.Estimate> estimates) {
        Optional<Integer> buildStage = StageJoins.buildStage(stage.fragment());
        long cost = 0;
        for (Map.Entry<Integer, ProducerSamples.Estimate> entry : estimates.entrySet()) {
            long bytes = entry.getValue().bytes();
            cost = saturatedAdd(
                    cost, buildStage.equals(Optional.of(entry.getKey())) ? saturatedAdd(bytes, bytes) : bytes);
        }
        return cost;
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
