package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.server.finalplan.AqeDecision;
import io.aqueduct.server.transport.KeySample;
import io.aqueduct.server.transport.OutputBinding;
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
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

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
        boolean gathers = stage.sourceStageIds().stream()
                .anyMatch(id -> plan.stage(id).outputPartitioning().kind() == PartitioningKind.SINGLE);
        if (gathers) {
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
        Optional<StageSchedule> broadcast = broadcastSwitch(stage, estimates, tasksByStage);
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
        BucketCosts buckets = bucketCosts(stage, estimates, tasksByStage, bucketCount);
        long target = Math.max(1, ceilDiv(buckets.total(), tasks));
        SkewSplits skew = skewSplits(stage, buckets, target);
        decisions.addAll(skew.decisions());
        BucketAssignment assignment = BucketAssignment.plan(buckets.costs(), skew.ways(), target, maxTasks);
        decisions.add(coalesceDecision(stage, tasks, bucketCount, bucketsPerTask, target, buckets, assignment));
        return bucketSchedule(stage, bucketCount, assignment, skew.probeStage(), decisions);
    }

    private AqeDecision coalesceDecision(
            Stage stage,
            int tasks,
            int bucketCount,
            int bucketsPerTask,
            long target,
            BucketCosts buckets,
            BucketAssignment assignment) {
        long[] taskCosts = assignment.taskCosts(buckets.costs());
        long[] sorted = taskCosts.clone();
        java.util.Arrays.sort(sorted);
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("buckets", bucketCount);
        inputs.put("buckets_per_task", bucketsPerTask);
        inputs.put("target_cost_bytes", target);
        inputs.put("range_max_cost_bytes", assignment.targetCost());
        inputs.put("task_cost_min", sorted[0]);
        inputs.put("task_cost_median", sorted[sorted.length / 2]);
        inputs.put("task_cost_max", sorted[sorted.length - 1]);
        inputs.put(
                "task_buckets",
                assignment.tasks().stream()
                        .map(BucketAssignment.TaskBuckets::describe)
                        .collect(Collectors.joining("; ")));
        String reason = ("%d buckets (%d tasks x %d buckets per task) read by %d tasks: contiguous ranges of at most"
                        + " %d cost bytes (target %d%s), and one per piece of a split bucket; estimated cost per task"
                        + " min %d, median %d, max %d")
                .formatted(
                        bucketCount,
                        tasks,
                        bucketsPerTask,
                        assignment.tasks().size(),
                        assignment.targetCost(),
                        target,
                        assignment.targetCost() > target ? ", raised to stay within max_tasks_per_stage" : "",
                        sorted[0],
                        sorted[sorted.length / 2],
                        sorted[sorted.length - 1]);
        return AqeDecision.adopted(
                stage.id(), AqeDecision.COALESCE, tasks, assignment.tasks().size(), inputs, reason);
    }

    /** The producers' bindings and each task's reads for a bucket assignment. */
    private StageSchedule bucketSchedule(
            Stage stage,
            int bucketCount,
            BucketAssignment assignment,
            OptionalInt splitStage,
            List<AqeDecision> decisions) {
        Map<Integer, Integer> splits = assignment.splitBuckets();
        int taskCount = assignment.tasks().size();
        Map<Integer, OutputBinding> bindings = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            OutputPartitioning partitioning = plan.stage(source).outputPartitioning();
            bindings.put(
                    source,
                    partitioning.kind() == PartitioningKind.HASH
                            ? new OutputBinding(
                                    partitioning,
                                    bucketCount,
                                    splits,
                                    splitStage.equals(OptionalInt.of(source))
                                            ? OutputBinding.SplitMode.SPLIT
                                            : OutputBinding.SplitMode.REPLICATE)
                            : OutputBinding.of(partitioning, taskCount));
        }
        OutputBinding layout = new OutputBinding(
                OutputPartitioning.hash(List.of()), bucketCount, splits, OutputBinding.SplitMode.SPLIT);
        List<StageSchedule.TaskReads> reads = new ArrayList<>();
        for (int task = 0; task < taskCount; task++) {
            BucketAssignment.TaskBuckets buckets = assignment.tasks().get(task);
            List<Integer> partitions = new ArrayList<>();
            if (buckets instanceof BucketAssignment.Range range) {
                for (int bucket : range.buckets()) {
                    partitions.add(layout.firstPartition(bucket));
                }
            } else if (buckets instanceof BucketAssignment.Piece piece) {
                partitions.add(layout.firstPartition(piece.bucket()) + piece.piece());
            }
            Map<Integer, StageSchedule.SourceRead> sources = new LinkedHashMap<>();
            for (int source : stage.sourceStageIds()) {
                boolean hashed = plan.stage(source).outputPartitioning().kind() == PartitioningKind.HASH;
                sources.put(source, StageSchedule.SourceRead.all(hashed ? partitions : List.of(task)));
            }
            reads.add(new StageSchedule.TaskReads(sources, buckets.describe()));
        }
        return new StageSchedule(stage.id(), stage.plannedTaskCount(), bindings, reads, decisions);
    }

    /** Estimated cost per bucket: each hashed source's sampled bytes per bucket, scaled to its estimate. */
    private BucketCosts bucketCosts(
            Stage stage,
            Map<Integer, Estimate> estimates,
            Map<Integer, List<TaskLocation>> tasksByStage,
            int bucketCount) {
        Optional<Integer> buildStage = partitionedJoin(stage.fragment())
                .flatMap(join -> remoteSourceUnder(join.build()))
                .map(RemoteSourceNode::stageId);
        long[] costs = new long[bucketCount];
        Map<Integer, long[]> bytesBySource = new LinkedHashMap<>();
        Map<Integer, List<KeySample.HeavyHitter>> heavyHitters = new LinkedHashMap<>();
        for (Map.Entry<Integer, Estimate> entry : estimates.entrySet()) {
            int source = entry.getKey();
            if (plan.stage(source).outputPartitioning().kind() != PartitioningKind.HASH) {
                continue;
            }
            Estimate estimate = entry.getValue();
            double scale = estimate.sampledBytes() == 0 ? 0 : (double) estimate.bytes() / estimate.sampledBytes();
            long[] bytes = new long[bucketCount];
            List<KeySample.HeavyHitter> hitters = new ArrayList<>();
            for (TaskLocation task : tasksByStage.get(source)) {
                KeySample sample = client.keySample(task);
                for (int i = 0; i < sample.fineBuckets().length; i++) {
                    int bucket = HashPartitioner.bucketOfFine(sample.fineBuckets()[i], bucketCount);
                    bytes[bucket] += (long) (sample.bytes()[i] * scale);
                }
                hitters.addAll(sample.heavyHitters());
            }
            int weight = buildStage.equals(Optional.of(source)) ? 2 : 1;
            for (int bucket = 0; bucket < bucketCount; bucket++) {
                costs[bucket] = saturatedAdd(costs[bucket], weight * bytes[bucket]);
            }
            bytesBySource.put(source, bytes);
            heavyHitters.put(source, hitters);
        }
        return new BucketCosts(costs, bytesBySource, heavyHitters);
    }

    /**
     * Estimated cost per bucket of a stage, and per hashed source its bytes per bucket and the heavy
     * hitters its tasks' samplers saw.
     */
    private record BucketCosts(
            long[] costs, Map<Integer, long[]> bytesBySource, Map<Integer, List<KeySample.HeavyHitter>> heavyHitters) {
        long total() {
            long total = 0;
            for (long cost : costs) {
                total = saturatedAdd(total, cost);
            }
            return total;
        }
    }

    /** Which buckets to split into how many pieces, the stage whose rows are split, and the decisions. */
    private record SkewSplits(Map<Integer, Integer> ways, OptionalInt probeStage, List<AqeDecision> decisions) {}

    /**
     * Finds the probe buckets of a partitioned join larger than {@code skew_factor} × the median and
     * {@code skew_min_bytes}; each is split into enough pieces to bring a piece near the target cost.
     * Only the probe side is split, and only when the join may replicate its build side: a join that
     * keeps unmatched build rows would emit them once per piece.
     */
    private SkewSplits skewSplits(Stage stage, BucketCosts buckets, long target) {
        Optional<JoinNode> join = partitionedJoin(stage.fragment());
        Optional<Integer> probe =
                join.flatMap(j -> remoteSourceUnder(j.probe())).map(RemoteSourceNode::stageId);
        if (probe.isEmpty() || !buckets.bytesBySource().containsKey(probe.get())) {
            return new SkewSplits(Map.of(), OptionalInt.empty(), List.of());
        }
        long[] probeBytes = buckets.bytesBySource().get(probe.get());
        long median = SkewedBuckets.median(probeBytes);
        long factor = settings.number(Setting.SKEW_FACTOR);
        long minBytes = settings.number(Setting.SKEW_MIN_BYTES);
        SortedMap<Integer, Integer> skewed =
                SkewedBuckets.find(probeBytes, buckets.costs(), factor, minBytes, target, maxTasks);
        Map<Integer, Integer> ways = new TreeMap<>();
        List<AqeDecision> decisions = new ArrayList<>();
        skewed.forEach((bucket, pieces) -> {
            long bytes = probeBytes[bucket];
            Map<String, Object> inputs = new LinkedHashMap<>();
            inputs.put("probe_stage", probe.get());
            inputs.put("bucket", bucket);
            inputs.put("bucket_bytes", bytes);
            inputs.put("median_bucket_bytes", median);
            inputs.put("skew_factor", factor);
            inputs.put("skew_min_bytes", minBytes);
            inputs.put("bucket_cost_bytes", buckets.costs()[bucket]);
            inputs.put("target_cost_bytes", target);
            String hitter = heavyHitter(buckets.heavyHitters().get(probe.get()), bucket, probeBytes.length)
                    .map(h -> {
                        inputs.put("heavy_hitter", h.key());
                        inputs.put("heavy_hitter_sampled_rows", h.rows());
                        return "; its heaviest key in the sample is " + h.key() + " (" + h.rows() + " sampled rows)";
                    })
                    .orElse("");
            String subject =
                    "probe bucket %d of stage %d is %d bytes, above skew_factor %d x median %d and skew_min_bytes %d"
                            .formatted(bucket, probe.get(), bytes, factor, median, minBytes);
            if (join.get().joinType().keepsUnmatchedBuildRows()) {
                decisions.add(AqeDecision.notAdopted(
                        stage.id(),
                        AqeDecision.SKEW_SPLIT,
                        "bucket " + bucket,
                        inputs,
                        subject + hitter + "; not split: a " + join.get().joinType()
                                + " join keeps unmatched build rows, which every piece would emit"));
                return;
            }
            inputs.put("pieces", pieces);
            ways.put(bucket, pieces);
            decisions.add(AqeDecision.adopted(
                    stage.id(),
                    AqeDecision.SKEW_SPLIT,
                    "bucket " + bucket,
                    pieces + " pieces",
                    inputs,
                    subject + hitter + "; split into " + pieces
                            + " tasks, each reading its share of the probe rows and the whole build bucket"));
        });
        return new SkewSplits(ways, OptionalInt.of(probe.get()), decisions);
    }

    /** The most frequent sampled key of the probe side that falls into {@code bucket}. */
    private static Optional<KeySample.HeavyHitter> heavyHitter(
            List<KeySample.HeavyHitter> hitters, int bucket, int bucketCount) {
        Map<String, KeySample.HeavyHitter> byKey = new LinkedHashMap<>();
        for (KeySample.HeavyHitter hitter : hitters) {
            if (HashPartitioner.bucketOfFine(hitter.fineBucket(), bucketCount) == bucket) {
                byKey.merge(
                        hitter.key(),
                        hitter,
                        (a, b) -> new KeySample.HeavyHitter(
                                a.key(), a.fineBucket(), a.rows() + b.rows(), a.maxOvercount() + b.maxOvercount()));
            }
        }
        return byKey.values().stream().max(java.util.Comparator.comparingLong(KeySample.HeavyHitter::rows));
    }

    /**
     * A partitioned join whose build side turns out smaller than {@code distributed.broadcast_max_bytes}
     * runs as a broadcast join: one join task per probe task, each reading its probe task's output
     * whole (no shuffle) and the whole build side.
     */
    private Optional<StageSchedule> broadcastSwitch(
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
        if (!fitsBroadcast(buildSide, threshold)) {
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
        AqeDecision decision = AqeDecision.adopted(
                stage.id(),
                AqeDecision.BROADCAST_SWITCH,
                "partitioned join, " + stage.plannedTaskCount() + " tasks",
                "broadcast join, " + probeTasks + " tasks",
                inputs,
                reason);
        Map<Integer, OutputBinding> bindings = Map.of(
                build.stageId(), OutputBinding.of(OutputPartitioning.BROADCAST, probeTasks),
                probe.stageId(), OutputBinding.of(OutputPartitioning.SINGLE, 1));
        List<StageSchedule.TaskReads> reads = new ArrayList<>();
        for (int task = 0; task < probeTasks; task++) {
            reads.add(new StageSchedule.TaskReads(
                    Map.of(
                            build.stageId(),
                            StageSchedule.SourceRead.all(List.of(task)),
                            probe.stageId(),
                            new StageSchedule.SourceRead(OptionalInt.of(task), List.of(0))),
                    "probe task " + task));
        }
        return Optional.of(new StageSchedule(stage.id(), stage.plannedTaskCount(), bindings, reads, List.of(decision)));
    }

    /** A build side is broadcast when its size is known (not a lower bound) and not above the threshold. */
    static boolean fitsBroadcast(Estimate buildSide, long broadcastMaxBytes) {
        return !buildSide.lowerBound() && buildSide.bytes() <= broadcastMaxBytes;
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

    /** The stage keeps its static task count, each task reading its own bucket of shuffled input. */
    private StageSchedule fixed(Stage stage, String reason) {
        int tasks = stage.plannedTaskCount();
        Map<Integer, OutputBinding> bindings = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            OutputPartitioning partitioning = plan.stage(source).outputPartitioning();
            bindings.put(
                    source, OutputBinding.of(partitioning, partitioning.kind() == PartitioningKind.SINGLE ? 1 : tasks));
        }
        List<StageSchedule.TaskReads> reads = new ArrayList<>();
        for (int task = 0; task < tasks; task++) {
            Map<Integer, StageSchedule.SourceRead> sources = new LinkedHashMap<>();
            boolean hashed = false;
            for (int source : stage.sourceStageIds()) {
                PartitioningKind kind = plan.stage(source).outputPartitioning().kind();
                hashed |= kind == PartitioningKind.HASH;
                sources.put(source, StageSchedule.SourceRead.all(List.of(kind == PartitioningKind.SINGLE ? 0 : task)));
            }
            reads.add(new StageSchedule.TaskReads(sources, hashed ? "bucket " + task : ""));
        }
        AqeDecision decision = AqeDecision.adopted(stage.id(), AqeDecision.TASK_COUNT, tasks, tasks, Map.of(), reason);
        return new StageSchedule(stage.id(), tasks, bindings, reads, List.of(decision));
    }

    /** A partitioned join holds its build side in memory: it costs twice its bytes. */
    private long cost(Stage stage, Map<Integer, Estimate> estimates) {
        Optional<Integer> buildStage = partitionedJoin(stage.fragment())
                .flatMap(join -> remoteSourceUnder(join.build()))
                .map(RemoteSourceNode::stageId);
        long cost = 0;
        for (Map.Entry<Integer, Estimate> entry : estimates.entrySet()) {
            long bytes = entry.getValue().bytes();
            cost = saturatedAdd(
                    cost, buildStage.equals(Optional.of(entry.getKey())) ? saturatedAdd(bytes, bytes) : bytes);
        }
        return cost;
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
