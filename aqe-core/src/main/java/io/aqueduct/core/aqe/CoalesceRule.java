package io.aqueduct.core.aqe;

import io.aqueduct.core.stage.Stage;
import java.util.Arrays;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Spark-style coalescing: the stage's tasks read contiguous ranges of hash buckets of about the target cost each
 * ({@link BucketAssignment}), and one task each piece of a split bucket; settles the stage's schedule.
 */
public final class CoalesceRule implements AdaptiveRule {
    CoalesceRule() {}

    @Override
    public String name() {
        return AqeDecision.COALESCE;
    }

    @Override
    public void apply(DecidingStage deciding) {
        BucketCosts buckets = deciding.buckets();
        long target = deciding.targetCost();
        SkewSplitRule.SkewSplits skew = deciding.skew();
        BucketAssignment assignment = BucketAssignment.plan(buckets.costs(), skew.ways(), target, deciding.maxTasks());
        long[] taskCosts = assignment.taskCosts(buckets.costs());
        deciding.decide(decision(
                deciding.stage(),
                deciding.taskCount(),
                deciding.bucketCount(),
                deciding.bucketsPerTask(),
                target,
                deciding.maxTasks(),
                taskCosts,
                assignment));
        deciding.settle(CoalescedSchedule.schedule(
                deciding.plan(),
                deciding.stage(),
                deciding.bucketCount(),
                assignment,
                taskCosts,
                skew.splitStage(),
                alignableProducerTasks(deciding, skew.splitStage()),
                deciding.decisions()));
    }

    /**
     * The producer tasks of the split side if their shares of a split bucket can be trusted to be even, else 0: a
     * scan stage's tasks read equal shares of its table, while the tasks of a stage reading shuffled input may
     * themselves be skewed, so that one piece per producer task would not spread the bucket evenly.
     */
    private static int alignableProducerTasks(DecidingStage deciding, OptionalInt splitStage) {
        if (splitStage.isEmpty()
                || !deciding.plan().stage(splitStage.getAsInt()).leaf()) {
            return 0;
        }
        return deciding.tasksByStage().get(splitStage.getAsInt()).size();
    }

    /** The coalescing decision: buckets, target and the estimated cost each task got. */
    static AqeDecision decision(
            Stage stage,
            int tasks,
            int bucketCount,
            int bucketsPerTask,
            long target,
            int maxTasks,
            long[] taskCosts,
            BucketAssignment assignment) {
        long[] sorted = taskCosts.clone();
        Arrays.sort(sorted);
        DecisionInputs inputs = new DecisionInputs.Coalesce(
                bucketCount,
                bucketsPerTask,
                target,
                assignment.targetCost(),
                sorted[0],
                sorted[sorted.length / 2],
                sorted[sorted.length - 1],
                assignment.tasks().stream()
                        .map(BucketAssignment.TaskBuckets::describe)
                        .collect(Collectors.joining("; ")));
        String reason = ("%d buckets (%d tasks x %d buckets per task) read by %d tasks: contiguous ranges of at most"
                        + " %d cost bytes (target %d%s), and one per piece of a split bucket%s; estimated cost per"
                        + " task min %d, median %d, max %d")
                .formatted(
                        bucketCount,
                        tasks,
                        bucketsPerTask,
                        assignment.tasks().size(),
                        assignment.targetCost(),
                        target,
                        assignment.targetCost() > target ? ", raised to stay within max_tasks_per_stage" : "",
                        assignment.tasks().size() > maxTasks
                                ? " (the pieces take the stage above max_tasks_per_stage " + maxTasks
                                        + ": each split bucket keeps two pieces beside the one range left)"
                                : "",
                        sorted[0],
                        sorted[sorted.length / 2],
                        sorted[sorted.length - 1]);
        return AqeDecision.adopted(
                stage.id(), AqeDecision.COALESCE, tasks, assignment.tasks().size(), inputs, reason);
    }
}
