package io.aqueduct.core.aqe;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A stage about to start, as the {@link AdaptiveRule}s see it and decide it: its plan and producers' tasks, the
 * session's settings, its producers' estimates, and what the rules applied so far decided (task count, bucket
 * costs, skew splits, decisions). A rule settles the stage with a schedule ({@link #settle}) or a re-cut plan
 * ({@link #replan}). One per stage and decision round, on the scheduling thread.
 */
public final class DecidingStage {
    private final StagePlan plan;
    private final Stage stage;
    private final Map<Integer, List<TaskLocation>> tasksByStage;
    private final SettingValues settings;
    private final int maxTasks;
    private final Function<TaskLocation, KeySample> keySamples;
    private final Executor calls;
    private final Function<Integer, ProducerSamples.Estimate> sample;
    private final Map<Integer, ProducerSamples.Estimate> estimates;
    private final List<JoinNode> broadcastJoinsToCheck;
    private final Set<String> replannedBy;

    private final List<AqeDecision> decisions = new ArrayList<>();
    private Optional<StageSchedule> schedule = Optional.empty();
    private Optional<StagePlan> replanned = Optional.empty();
    private int taskCount;
    private BucketCosts buckets;
    private SkewSplitRule.SkewSplits skew = SkewSplitRule.SkewSplits.NONE;

    /**
     * @param keySamples a producer task's key profile
     * @param calls runs the round trips to the producers' tasks, those of one look all at once
     * @param sample waits for a producer stage's samples and returns its estimate
     * @param estimates the estimates of the stage's sources, when they were sampled (empty before)
     * @param broadcastJoinsToCheck the stage's broadcast joins whose build side was not checked yet
     * @param replannedBy the rules that already re-planned the stage at runtime (none re-plans it twice)
     */
    DecidingStage(
            StagePlan plan,
            Stage stage,
            Map<Integer, List<TaskLocation>> tasksByStage,
            SettingValues settings,
            int maxTasks,
            Function<TaskLocation, KeySample> keySamples,
            Executor calls,
            Function<Integer, ProducerSamples.Estimate> sample,
            Map<Integer, ProducerSamples.Estimate> estimates,
            List<JoinNode> broadcastJoinsToCheck,
            Set<String> replannedBy) {
        this.plan = plan;
        this.stage = stage;
        this.tasksByStage = tasksByStage;
        this.settings = settings;
        this.maxTasks = maxTasks;
        this.keySamples = keySamples;
        this.calls = calls;
        this.sample = sample;
        this.estimates = estimates;
        this.broadcastJoinsToCheck = List.copyOf(broadcastJoinsToCheck);
        this.replannedBy = Set.copyOf(replannedBy);
    }

    public StagePlan plan() {
        return plan;
    }

    public Stage stage() {
        return stage;
    }

    public Map<Integer, List<TaskLocation>> tasksByStage() {
        return tasksByStage;
    }

    public SettingValues settings() {
        return settings;
    }

    public int maxTasks() {
        return maxTasks;
    }

    /** The estimates of the stage's sources, in source order. */
    public Map<Integer, ProducerSamples.Estimate> estimates() {
        return estimates;
    }

    /** Waits for the samples of producer stage {@code stageId} and returns its estimate. */
    ProducerSamples.Estimate awaitEstimate(int stageId) {
        return sample.apply(stageId);
    }

    List<JoinNode> broadcastJoinsToCheck() {
        return broadcastJoinsToCheck;
    }

    /** Whether rule {@code rule} (an {@link AqeDecision} rule name) already re-planned the stage at runtime. */
    boolean replannedBy(String rule) {
        return replannedBy.contains(rule);
    }

    void decide(AqeDecision decision) {
        decisions.add(decision);
    }

    void decideAll(List<AqeDecision> more) {
        decisions.addAll(more);
    }

    /** The decisions taken so far, in order. */
    public List<AqeDecision> decisions() {
        return List.copyOf(decisions);
    }

    void taskCount(int tasks) {
        this.taskCount = tasks;
    }

    /** The task count the task count rule chose: the tasks the stage's buckets are cut for. */
    int taskCount() {
        return taskCount;
    }

    int bucketsPerTask() {
        return (int) Math.max(1, Math.min(settings.number(Setting.BUCKETS_PER_TASK), 1024));
    }

    int bucketCount() {
        return Math.min(taskCount * bucketsPerTask(), HashPartitioner.FINE_BUCKETS);
    }

    /** The cost of each bucket from the producers' key samples, measured once. */
    BucketCosts buckets() {
        if (buckets == null) {
            buckets = BucketCosts.measure(plan, stage, estimates, tasksByStage, bucketCount(), keySamples, calls);
        }
        return buckets;
    }

    /** The target cost per task: the buckets' total over the task count. */
    long targetCost() {
        return Math.max(1, CostModel.ceilDiv(buckets().total(), taskCount));
    }

    void skew(SkewSplitRule.SkewSplits splits) {
        this.skew = splits;
    }

    SkewSplitRule.SkewSplits skew() {
        return skew;
    }

    void settle(StageSchedule settled) {
        schedule = Optional.of(settled);
    }

    void replan(StagePlan recut) {
        replanned = Optional.of(recut);
    }

    /** The schedule a rule settled the stage with, if one did. */
    public Optional<StageSchedule> schedule() {
        return schedule;
    }

    /** The re-cut plan, if a rule re-cut it: the stage is then decided anew in it. */
    public Optional<StagePlan> replanned() {
        return replanned;
    }

    /** Whether a rule settled the stage, so the rules after it do not apply. */
    boolean settled() {
        return schedule.isPresent() || replanned.isPresent();
    }
}
