package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.BroadcastJoinRepartition;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.finalplan.AqeDecision;
import io.aqueduct.server.transport.TaskLocation;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

/**
 * Decides how each stage runs when it is about to start: its task count and what each task reads.
 *
 * <p>A stage that reads shuffled input is sized from its producers' samples: each producer task
 * holds its first output (late-bound head) until sampled; its final output is extrapolated by
 * completion (leaf rows consumed ÷ leaf rows expected, 1 once the input ended); the stage's cost (a
 * partitioned join counts its build side twice) over {@code distributed.dynamic_bytes_per_partition}
 * gives the task count, clamped to {@code [1, max_tasks_per_stage]}. Producers then hash into
 * {@code tasks × buckets_per_task} buckets, whose sizes the samplers' key profiles estimate; tasks
 * read contiguous bucket ranges of about equal cost (coalescing), and a join's probe bucket larger
 * than {@code skew_factor} × the median and {@code skew_min_bytes} is split into pieces, each read
 * by its own task together with the whole matching build bucket. A join whose build side turns out
 * smaller than {@code broadcast_max_bytes} is switched to a broadcast join instead.
 *
 * <p>Leaf stages keep their statistics-based count, gathering stages one task; with
 * {@code distributed.dynamic_task_count} off every stage keeps its static count and one bucket per
 * task.
 */
final class AdaptiveTaskCounts {
    private static final long POLL_MILLIS = 20;
    private static final double MIN_COMPLETION = 0.001;
    /**
     * The completion at which a scanning producer's sample is enough to extrapolate from, even short of
     * its byte budget: waiting longer makes the consumer start later (it would otherwise overlap with
     * the producer) for little gain in accuracy.
     */
    static final double ENOUGH_COMPLETION = 0.1;

    private final SettingValues settings;
    private final int maxTasks;
    private final long sampleBudgetBytes;
    private final Function<TableScanNode, TableStatistics> statistics;
    private final WorkerClient client;

    /** The build stages whose broadcast joins were checked against their runtime size. */
    private final Set<Integer> checkedBuildStages = new HashSet<>();
    /** The stages whose broadcast join was switched to partitioned: they are not switched back. */
    private final Set<Integer> partitionedAtRuntime = new HashSet<>();

    AdaptiveTaskCounts(
            SettingValues settings,
            int maxTasks,
            long sampleBudgetBytes,
            Function<TableScanNode, TableStatistics> statistics,
            WorkerClient client) {
        this.settings = settings;
        this.maxTasks = maxTasks;
        this.sampleBudgetBytes = sampleBudgetBytes;
        this.statistics = statistics;
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
                .filter(join -> !checkedBuildStages.contains(((RemoteSourceNode) join.build()).stageId()))
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
            int buildStageId = ((RemoteSourceNode) join.build()).stageId();
            checkedBuildStages.add(buildStageId);
            Stage buildStage = plan.stage(buildStageId);
            Estimate buildSide = estimate(buildStage, awaitSampled(buildStage, tasksByStage.get(buildStageId)));
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

    /** A planned broadcast build side is small; sampling it would hold back the probe side's stage. */
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
                    "build side of a planned broadcast join: static count, so that the probe side's stage,"
                            + " which reads it, starts without waiting for samples");
        }
        if (gathers(plan, stage)) {
            String union = stage.fragment() instanceof UnionNode
                    ? "; a union of " + stage.sourceStageIds().size()
                            + " remote inputs does not wait for them to be sampled, its first batch is not delayed"
                    : "";
            return fixed(plan, stage, "gathers its input into one task" + union);
        }
        Map<Integer, Estimate> estimates = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            Stage producer = plan.stage(source);
            estimates.put(source, estimate(producer, awaitSampled(producer, tasksByStage.get(source))));
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
     * ranges and skewed probe buckets split.
     */
    private StageSchedule shuffled(
            StagePlan plan,
            Stage stage,
            Map<Integer, Estimate> estimates,
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
        String bound = estimates.values().stream().anyMatch(Estimate::lowerBound)
                ? " (a producer without leaves had not finished: its size is a lower bound)"
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
        return CoalescedSchedule.schedule(plan, stage, bucketCount, assignment, skew.probeStage(), decisions);
    }

    /** What each producer's sample showed, and the estimate made from it. */
    static Map<String, Object> sampleInputs(Map<Integer, Estimate> estimates) {
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
    private long cost(Stage stage, Map<Integer, Estimate> estimates) {
        Optional<Integer> buildStage = StageJoins.buildStage(stage.fragment());
        long cost = 0;
        for (Map.Entry<Integer, Estimate> entry : estimates.entrySet()) {
            long bytes = entry.getValue().bytes();
            cost = saturatedAdd(
                    cost, buildStage.equals(Optional.of(entry.getKey())) ? saturatedAdd(bytes, bytes) : bytes);
        }
        return cost;
    }

    /** A producer stage's output, extrapolated from what its tasks sampled. */
    record Estimate(long sampledRows, long sampledBytes, double completion, long bytes, boolean lowerBound) {}

    private Estimate estimate(Stage producer, List<TaskStatus> statuses) {
        return extrapolate(byCompletion(producer), expectedLeafRows(producer.fragment()), statuses);
    }

    /** Whether the producer's output can be extrapolated from the share of its leaf rows consumed. */
    private static boolean byCompletion(Stage producer) {
        return producer.leaf() && StreamingFragment.outputTracksLeaves(producer.fragment());
    }

    /**
     * A producer's output from its tasks' samples: exact for a task whose input ended, else its sampled
     * bytes divided by its completion (the leaf rows consumed when its last sampled batch came out / its
     * share of {@code expectedLeafRows}); when its output does not follow its leaves ({@code byCompletion}
     * false: no leaves, or an aggregation that outputs at the end) an unfinished task's sample is only a
     * lower bound.
     */
    static Estimate extrapolate(boolean byCompletion, long expectedLeafRows, List<TaskStatus> statuses) {
        long expectedLeafRowsPerTask = expectedLeafRows / Math.max(1, statuses.size());
        long rows = 0;
        long sampled = 0;
        double estimated = 0;
        double minCompletion = 1;
        boolean lowerBound = false;
        for (TaskStatus status : statuses) {
            rows += status.sampledRows();
            sampled += status.sampledBytes();
            double completion = 1;
            if (!status.inputFinished()) {
                if (byCompletion && expectedLeafRowsPerTask > 0) {
                    completion = Math.min(1, (double) status.sampledLeafRows() / expectedLeafRowsPerTask);
                } else {
                    lowerBound = true;
                }
            }
            minCompletion = Math.min(minCompletion, completion);
            estimated += status.sampledBytes() / Math.max(completion, MIN_COMPLETION);
        }
        return new Estimate(rows, sampled, minCompletion, (long) Math.min(estimated, Long.MAX_VALUE), lowerBound);
    }

    private long expectedLeafRows(PlanNode node) {
        if (node instanceof TableScanNode scan) {
            return statistics.apply(scan).rowCount();
        }
        long rows = 0;
        for (PlanNode source : node.sources()) {
            rows = saturatedAdd(rows, expectedLeafRows(source));
        }
        return rows;
    }

    /**
     * Waits until every task's sampler has seen its budget or its whole input, or, for a producer whose
     * output follows its leaves, a sample taken after {@link #ENOUGH_COMPLETION} of its share of the leaf
     * rows.
     */
    private List<TaskStatus> awaitSampled(Stage producer, List<TaskLocation> tasks) {
        long expectedLeafRowsPerTask =
                byCompletion(producer) ? expectedLeafRows(producer.fragment()) / tasks.size() : 0;
        while (true) {
            List<TaskStatus> statuses = new ArrayList<>(tasks.size());
            boolean sampled = true;
            for (TaskLocation task : tasks) {
                TaskStatus status = client.taskStatus(task);
                if (status.state() == TaskState.FAILED) {
                    throw status.error().toException();
                }
                sampled &= status.sampled(sampleBudgetBytes)
                        || (expectedLeafRowsPerTask > 0
                                && status.sampledLeafRows() >= ENOUGH_COMPLETION * expectedLeafRowsPerTask);
                statuses.add(status);
            }
            if (sampled) {
                return statuses;
            }
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AqueductException(io.aqueduct.core.error.ErrorCode.QUERY_CANCELED, "Interrupted while sampling");
        }
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
