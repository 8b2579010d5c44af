package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.finalplan.AqeDecision;
import io.aqueduct.server.transport.TaskLocation;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
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

    private final StagePlan plan;
    private final SettingValues settings;
    private final int maxTasks;
    private final long sampleBudgetBytes;
    private final Function<TableScanNode, TableStatistics> statistics;
    private final WorkerClient client;

    AdaptiveTaskCounts(
            StagePlan plan,
            SettingValues settings,
            int maxTasks,
            long sampleBudgetBytes,
            Function<TableScanNode, TableStatistics> statistics,
            WorkerClient client) {
        this.plan = plan;
        this.settings = settings;
        this.maxTasks = maxTasks;
        this.sampleBudgetBytes = sampleBudgetBytes;
        this.statistics = statistics;
        this.client = client;
    }

    /** Whether deciding the stage waits for its producers' samples; else it can start right away. */
    boolean needsSamples(Stage stage) {
        return settings.bool(Setting.DYNAMIC_TASK_COUNT)
                && !stage.leaf()
                && !stage.sourceStageIds().isEmpty()
                && !gathers(stage)
                && !feedsBroadcast(stage);
    }

    /** A planned broadcast build side is small; sampling it would hold back the probe side's stage. */
    private static boolean feedsBroadcast(Stage stage) {
        return stage.outputPartitioning().kind() == PartitioningKind.BROADCAST;
    }

    private boolean gathers(Stage stage) {
        return stage.sourceStageIds().stream()
                .anyMatch(id -> plan.stage(id).outputPartitioning().kind() == PartitioningKind.SINGLE);
    }

    /** How the stage runs, with the decisions that chose it; may wait for producers' samples. */
    StageSchedule decide(Stage stage, Map<Integer, List<TaskLocation>> tasksByStage) {
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            long fixedCount = settings.number(Setting.FIXED_TASK_COUNT);
            return fixed(
                    stage,
                    "distributed.dynamic_task_count is off: static count"
                            + (fixedCount > 0
                                    ? " (distributed.fixed_task_count " + fixedCount
                                            + " for stages reading shuffled input)"
                                    : " from statistics"));
        }
        if (stage.leaf()) {
            return fixed(
                    stage,
                    "leaf stage: the task count its connector's task estimator wants from the table's statistics");
        }
        if (stage.sourceStageIds().isEmpty()) {
            return fixed(stage, "reads no other stage");
        }
        if (feedsBroadcast(stage)) {
            return fixed(
                    stage,
                    "build side of a planned broadcast join: static count, so that the probe side's stage,"
                            + " which reads it, starts without waiting for samples");
        }
        if (gathers(stage)) {
            String union = stage.fragment() instanceof UnionNode
                    ? "; a union of " + stage.sourceStageIds().size()
                            + " remote inputs does not wait for them to be sampled, its first batch is not delayed"
                    : "";
            return fixed(stage, "gathers its input into one task" + union);
        }
        Map<Integer, Estimate> estimates = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            estimates.put(source, estimate(plan.stage(source), awaitSampled(tasksByStage.get(source))));
        }
        Optional<StageSchedule> broadcast = BroadcastSwitchRule.apply(stage, estimates, tasksByStage, settings);
        if (broadcast.isPresent()) {
            return broadcast.get();
        }
        return shuffled(stage, estimates, tasksByStage);
    }

    /**
     * A stage reading hash-shuffled input: the task count from the cost, then buckets coalesced into
     * ranges and skewed probe buckets split.
     */
    private StageSchedule shuffled(
            Stage stage, Map<Integer, Estimate> estimates, Map<Integer, List<TaskLocation>> tasksByStage) {
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
    private StageSchedule fixed(Stage stage, String reason) {
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
        return extrapolate(producer.leaf(), expectedLeafRows(producer.fragment()), statuses);
    }

    /**
     * A producer's output from its tasks' samples: exact for a task whose input ended, else its sampled
     * bytes divided by its completion (leaf rows consumed / its share of {@code expectedLeafRows});
     * without leaves an unfinished task's sample is only a lower bound.
     */
    static Estimate extrapolate(boolean leaf, long expectedLeafRows, List<TaskStatus> statuses) {
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
                if (leaf && expectedLeafRowsPerTask > 0) {
                    completion = Math.min(1, (double) status.leafRowsConsumed() / expectedLeafRowsPerTask);
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

    /** Waits until every task's sampler has seen its budget or its whole input. */
    private List<TaskStatus> awaitSampled(List<TaskLocation> tasks) {
        while (true) {
            List<TaskStatus> statuses = new ArrayList<>(tasks.size());
            boolean sampled = true;
            for (TaskLocation task : tasks) {
                TaskStatus status = client.taskStatus(task);
                if (status.state() == TaskState.FAILED) {
                    throw status.error().toException();
                }
                sampled &= status.sampled(sampleBudgetBytes);
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
