package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.transport.TaskLocation;
import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides each stage's task count when the stage is about to start. A stage that reads shuffled
 * input is sized from its producers' sampled output: each producer task holds its first output
 * (late-bound head) until sampled; its final output is extrapolated by completion (leaf rows
 * consumed ÷ leaf rows expected, 1 once the input ended); the stage's cost (a partitioned join
 * counts its build side twice) over {@code distributed.dynamic_bytes_per_partition} gives the task
 * count, clamped to {@code [1, max_tasks_per_stage]}. Leaf stages keep their statistics-based count,
 * gathering stages one task; with {@code distributed.dynamic_task_count} off every stage keeps its
 * static count.
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

    /** The stage's task count, with the decision that chose it; may wait for producers' samples. */
    StageDecision decide(Stage stage, Map<Integer, List<TaskLocation>> tasksByStage) {
        int planned = stage.plannedTaskCount();
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            return fixed(stage, "distributed.dynamic_task_count is off: static count from statistics");
        }
        if (stage.leaf()) {
            return fixed(stage, "leaf stage: one task per share of the table, from the connector's statistics");
        }
        boolean gathers = stage.sourceStageIds().stream()
                .anyMatch(id -> plan.stage(id).outputPartitioning().kind() == PartitioningKind.SINGLE);
        if (gathers || stage.sourceStageIds().isEmpty()) {
            return fixed(stage, "gathers its input into one task");
        }
        Map<Integer, Estimate> estimates = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            estimates.put(source, estimate(plan.stage(source), awaitSampled(tasksByStage.get(source))));
        }
        Optional<StageDecision> broadcast = broadcastSwitch(stage, estimates, tasksByStage);
        if (broadcast.isPresent()) {
            return broadcast.get();
        }
        long cost = cost(stage, estimates);
        long bytesPerPartition = Math.max(1, settings.number(Setting.DYNAMIC_BYTES_PER_PARTITION));
        long wanted = ceilDiv(cost, bytesPerPartition);
        int tasks = taskCount(cost, bytesPerPartition, maxTasks);
        Map<String, Object> inputs = sampleInputs(estimates);
        inputs.put("cost_bytes", cost);
        inputs.put("bytes_per_partition", bytesPerPartition);
        inputs.put("max_tasks_per_stage", maxTasks);
        String bound = estimates.values().stream().anyMatch(Estimate::lowerBound)
                ? " (a producer without leaves had not finished: its size is a lower bound)"
                : "";
        String reason = "estimated cost %d bytes / %d bytes per partition = %d, clamped to [1, %d]%s"
                .formatted(cost, bytesPerPartition, wanted, maxTasks, bound);
        return StageDecision.taskCount(stage.id(), planned, tasks, inputs, reason);
    }

    /**
     * A partitioned join whose build side turns out smaller than {@code distributed.broadcast_max_bytes}
     * runs as a broadcast join: one join task per probe task, each reading its probe task's output
     * whole (no shuffle) and the whole build side.
     */
    private Optional<StageDecision> broadcastSwitch(
            Stage stage, Map<Integer, Estimate> estimates, Map<Integer, List<TaskLocation>> tasksByStage) {
        Optional<JoinNode> join = partitionedJoin(stage.fragment());
        if (join.isEmpty()
                || join.get().joinType().keepsUnmatchedBuildRows()
                || !(join.get().probe() instanceof RemoteSourceNode probe)
                || !(join.get().build() instanceof RemoteSourceNode build)) {
            return Optional.empty();
        }
        Estimate buildSide = estimates.get(build.stageId());
        long threshold = settings.number(Setting.BROADCAST_MAX_BYTES);
        if (buildSide.lowerBound() || buildSide.bytes() > threshold) {
            return Optional.empty();
        }
        int probeTasks = tasksByStage.get(probe.stageId()).size();
        Map<String, Object> inputs = sampleInputs(estimates);
        inputs.put("build_stage", build.stageId());
        inputs.put("build_sampled_bytes", buildSide.sampledBytes());
        inputs.put("build_estimated_bytes", buildSide.bytes());
        inputs.put("planner_estimated_build_bytes", join.get().estimatedBuildBytes());
        inputs.put("broadcast_max_bytes", threshold);
        inputs.put("probe_tasks", probeTasks);
        String reason = ("build side (stage %d) is %d bytes at runtime (planned %d), not above broadcast_max_bytes %d:"
                        + " broadcast it to %d join tasks, one per probe task, instead of shuffling the probe side")
                .formatted(build.stageId(), buildSide.bytes(), join.get().estimatedBuildBytes(), threshold, probeTasks);
        return Optional.of(StageDecision.broadcastSwitch(
                stage.id(), stage.plannedTaskCount(), probeTasks, inputs, reason, build.stageId()));
    }

    /** What each producer's sample showed, and the estimate made from it. */
    private static Map<String, Object> sampleInputs(Map<Integer, Estimate> estimates) {
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

    private static StageDecision fixed(Stage stage, String reason) {
        return StageDecision.taskCount(
                stage.id(), stage.plannedTaskCount(), stage.plannedTaskCount(), Map.of(), reason);
    }

    /** A partitioned join holds its build side in memory: it costs twice its bytes. */
    private long cost(Stage stage, Map<Integer, Estimate> estimates) {
        Optional<Integer> buildStage = partitionedJoin(stage.fragment())
                .filter(join -> join.build() instanceof RemoteSourceNode)
                .map(join -> ((RemoteSourceNode) join.build()).stageId());
        long cost = 0;
        for (Map.Entry<Integer, Estimate> entry : estimates.entrySet()) {
            long bytes = entry.getValue().bytes();
            cost = saturatedAdd(
                    cost, buildStage.equals(Optional.of(entry.getKey())) ? saturatedAdd(bytes, bytes) : bytes);
        }
        return cost;
    }

    private static Optional<JoinNode> partitionedJoin(PlanNode node) {
        if (node instanceof JoinNode join && join.distribution() == JoinDistribution.PARTITIONED) {
            return Optional.of(join);
        }
        return node.sources().stream()
                .map(AdaptiveTaskCounts::partitionedJoin)
                .flatMap(Optional::stream)
                .findFirst();
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

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
