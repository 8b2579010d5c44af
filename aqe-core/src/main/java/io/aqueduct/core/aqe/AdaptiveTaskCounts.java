package io.aqueduct.core.aqe;

import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.BroadcastJoinRepartition;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;

/**
 * Decides how each stage runs when it is about to start: its task count and what each task reads. The
 * stages that need no samples keep their static count here; the others are decided by the
 * {@link AdaptiveRules}, which this class applies and whose per-query state it keeps.
 *
 * <p>A stage that reads shuffled input is sized from its producers' samples: each producer task
 * holds its first output (late-bound head) until sampled; its final output is extrapolated by
 * completion ({@link ProducerSamples}: driving rows read ÷ expected, 1 once the input ended); the stage's cost (each
 * input's bytes weighted by the operators it passes, {@link CostModel}) over {@code distributed.dynamic_bytes_per_partition}
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

    /**
     * The share of {@code broadcast_max_bytes} a table's estimated size may take for a build side scanning it to be
     * kept broadcast unchecked: an eighth, in case the estimate is low.
     */
    static final double SURE_FIT_SHARE = 1.0 / 8;

    /**
     * The build stages whose broadcast joins were checked against their runtime size, or need no check
     * ({@link #buildSurelyFits}).
     */
    private final Set<Integer> checkedBuildStages = new HashSet<>();
    /** The estimates {@link #checkJoins} made of a stage's sources, by stage id, until {@link #decide} takes them. */
    private final Map<Integer, Map<Integer, ProducerSamples.Estimate>> estimatedBeforeStart = new HashMap<>();
    /** The rules that re-planned each stage at runtime, by stage id: none re-plans a stage twice. */
    private final Map<Integer, Set<String>> replannedBy = new HashMap<>();

    public AdaptiveTaskCounts(SettingValues settings, int maxTasks, ProducerSamples samples) {
        this.settings = settings;
        this.maxTasks = maxTasks;
        this.samples = samples;
    }

    /**
     * Whether deciding the stage waits for its producers' samples (those of a shuffled input, or the
     * build side of a broadcast join not checked yet); else it can start right away.
     */
    public boolean needsSamples(StagePlan plan, Stage stage) {
        return !sampledProducers(plan, stage).isEmpty();
    }

    /**
     * The producer stages whose samples deciding the stage waits for, in source order: every source of a stage
     * reading shuffled input, else the build sides of its broadcast joins not checked yet; empty if it can start
     * right away.
     */
    public Set<Integer> sampledProducers(StagePlan plan, Stage stage) {
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            return Set.of();
        }
        if (readsShuffles(plan, stage)) {
            return new LinkedHashSet<>(stage.sourceStageIds());
        }
        Set<Integer> buildStages = new LinkedHashSet<>();
        uncheckedBroadcastJoins(plan, stage)
                .forEach(join -> buildStages.add(BroadcastJoinRepartition.buildStageId(join)));
        return buildStages;
    }

    /**
     * Waits, on any thread, until producer stage {@code producerId}'s tasks are sampled enough for deciding a
     * consumer not to wait for them any more ({@link ProducerSamples#awaitSampled}).
     */
    public void awaitSampled(
            StagePlan plan,
            int producerId,
            Map<Integer, List<TaskLocation>> tasksByStage,
            BooleanSupplier abandoned,
            Executor calls) {
        samples.awaitSampled(plan.stage(producerId), tasksByStage, abandoned, calls);
    }

    private static boolean readsShuffles(StagePlan plan, Stage stage) {
        return !stage.leaf() && !stage.sourceStageIds().isEmpty() && !gathers(plan, stage) && !feedsBroadcast(stage);
    }

    /** The stage's broadcast joins still to be checked; one whose build side surely fits counts as checked. */
    private List<JoinNode> uncheckedBroadcastJoins(StagePlan plan, Stage stage) {
        List<JoinNode> unchecked = new ArrayList<>();
        for (JoinNode join : BroadcastJoinRepartition.candidates(plan, stage)) {
            int buildStage = BroadcastJoinRepartition.buildStageId(join);
            if (checkedBuildStages.contains(buildStage)) {
                continue;
            }
            if (buildSurelyFits(plan, join)) {
                checkedBuildStages.add(buildStage);
                continue;
            }
            unchecked.add(join);
        }
        return unchecked;
    }

    /**
     * Whether a broadcast join's build side stays broadcast without a look at its sample: its stage filters and picks
     * columns of one table (so it outputs at most the table), which its statistics put at no more than {@link
     * #SURE_FIT_SHARE} of {@code broadcast_max_bytes}. Waiting for such a sample (nation, region) only held back the
     * probe side's stage.
     */
    private boolean buildSurelyFits(StagePlan plan, JoinNode join) {
        Stage build = plan.stage(BroadcastJoinRepartition.buildStageId(join));
        Optional<TableScanNode> scan = scanOnlyFilteredAndPicked(build.fragment());
        if (!build.leaf() || scan.isEmpty()) {
            return false;
        }
        long tableBytes = samples.statistics(scan.get()).sizeBytes();
        return tableBytes > 0 && tableBytes <= settings.number(Setting.BROADCAST_MAX_BYTES) * SURE_FIT_SHARE;
    }

    /** The table a fragment reads, if it does nothing but filter its rows and pick its columns. */
    private static Optional<TableScanNode> scanOnlyFilteredAndPicked(PlanNode fragment) {
        if (fragment instanceof TableScanNode scan) {
            return Optional.of(scan);
        }
        if (fragment instanceof FilterNode filter) {
            return scanOnlyFilteredAndPicked(filter.source());
        }
        if (fragment instanceof ProjectNode project
                && project.projections().stream().allMatch(InputReference.class::isInstance)) {
            return scanOnlyFilteredAndPicked(project.source());
        }
        return Optional.empty();
    }

    /** What checking a stage's joins found: the re-planned plan if one changed, and the decisions. */
    public record JoinCheck(Optional<StagePlan> replanned, List<AqeDecision> decisions) {}

    /**
     * Checks the stage's joins against their sides' runtime sizes (waiting for their samples), before it is
     * decided: its broadcast joins, outermost first, the first whose build side is larger than {@code
     * broadcast_max_bytes} being switched to a partitioned join ({@link PartitionedSwitchRule}), which re-cuts the
     * plan; then its partitioned join, whose sides are exchanged if its build side is the larger ({@link
     * JoinSwapRule}). A re-planned stage is then decided anew in the new plan (and a new probe side's stage in turn).
     * Each broadcast join is checked once.
     */
    public JoinCheck checkJoins(
            StagePlan plan, Stage stage, Map<Integer, List<TaskLocation>> tasksByStage, Executor calls) {
        if (!settings.bool(Setting.DYNAMIC_TASK_COUNT)) {
            return new JoinCheck(Optional.empty(), List.of());
        }
        // A partitioned join's sides, sampled already (the stage waited for them), for JoinSwapRule; kept for
        // deciding the stage right after, which then needs no new round trip to its producers.
        Map<Integer, ProducerSamples.Estimate> sampled = Map.of();
        if (readsShuffles(plan, stage)
                && StageJoins.partitionedJoin(stage.fragment()).isPresent()) {
            sampled = estimates(plan, stage, tasksByStage, calls);
            estimatedBeforeStart.put(stage.id(), sampled);
        }
        DecidingStage deciding = new DecidingStage(
                plan,
                stage,
                tasksByStage,
                settings,
                maxTasks,
                samples::keySample,
                calls,
                source -> samples.await(plan.stage(source), tasksByStage, calls),
                sampled,
                uncheckedBroadcastJoins(plan, stage),
                replannedBy(stage));
        apply(AdaptiveRules.BEFORE_START, deciding);
        for (AqeDecision decision : deciding.decisions()) {
            if (decision.inputs() instanceof DecisionInputs.PartitionedSwitch checked) {
                checkedBuildStages.add(checked.buildStage());
            }
            if (decision.adopted()) {
                replannedBy.computeIfAbsent(stage.id(), id -> new HashSet<>()).add(decision.rule());
            }
        }
        return new JoinCheck(deciding.replanned(), deciding.decisions());
    }

    private Set<String> replannedBy(Stage stage) {
        return replannedBy.getOrDefault(stage.id(), Set.of());
    }

    private static void apply(List<AdaptiveRule> rules, DecidingStage deciding) {
        for (AdaptiveRule rule : rules) {
            rule.apply(deciding);
            if (deciding.settled()) {
                return;
            }
        }
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

    /**
     * How the stage runs, with the decisions that chose it; may wait for producers' samples. {@code calls} runs the
     * round trips to the producers' tasks, those of one look all at once.
     */
    public StageSchedule decide(
            StagePlan plan, Stage stage, Map<Integer, List<TaskLocation>> tasksByStage, Executor calls) {
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
        Map<Integer, ProducerSamples.Estimate> estimates = Optional.ofNullable(estimatedBeforeStart.remove(stage.id()))
                .filter(before -> before.keySet().equals(Set.copyOf(stage.sourceStageIds())))
                .orElseGet(() -> estimates(plan, stage, tasksByStage, calls));
        DecidingStage deciding = new DecidingStage(
                plan,
                stage,
                tasksByStage,
                settings,
                maxTasks,
                samples::keySample,
                calls,
                source -> samples.await(plan.stage(source), tasksByStage, calls),
                estimates,
                List.of(),
                replannedBy(stage));
        apply(AdaptiveRules.SHUFFLED_INPUT, deciding);
        return deciding.schedule().orElseThrow();
    }

    /** Every source's estimate, waiting for its samples; all at once, as each is a round trip to its tasks. */
    private Map<Integer, ProducerSamples.Estimate> estimates(
            StagePlan plan, Stage stage, Map<Integer, List<TaskLocation>> tasksByStage, Executor calls) {
        List<Integer> sources = stage.sourceStageIds();
        List<ProducerSamples.Estimate> sampled =
                ParallelCalls.each(sources, source -> samples.await(plan.stage(source), tasksByStage, calls), calls);
        Map<Integer, ProducerSamples.Estimate> estimates = new LinkedHashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            estimates.put(sources.get(i), sampled.get(i));
        }
        return estimates;
    }

    /** The stage keeps its static task count, each task reading its own bucket of shuffled input. */
    private StageSchedule fixed(StagePlan plan, Stage stage, String reason) {
        int tasks = stage.plannedTaskCount();
        AqeDecision decision = AqeDecision.adopted(
                stage.id(), AqeDecision.TASK_COUNT, tasks, tasks, new DecisionInputs.None(), reason);
        return CoalescedSchedule.schedule(
                plan,
                stage,
                tasks,
                BucketAssignment.oneBucketPerTask(tasks),
                new long[tasks],
                OptionalInt.empty(),
                0,
                List.of(decision));
    }
}
