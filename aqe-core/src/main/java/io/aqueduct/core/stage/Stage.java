package io.aqueduct.core.stage;

import io.aqueduct.core.plan.PlanNode;
import java.util.List;

/**
 * A subtree of the plan between network boundaries. Its tasks run {@code fragment}, each on a share of
 * the input (leaf splits or shuffle partitions), and route output as {@code outputPartitioning} says.
 *
 * @param plannedTaskCount the static task count derived from statistics before execution
 * @param sourceStageIds the stages whose output this stage's remote sources read
 * @param leaf whether the fragment scans a table (its tasks split the table between them)
 */
public record Stage(
        int id,
        PlanNode fragment,
        OutputPartitioning outputPartitioning,
        int plannedTaskCount,
        List<Integer> sourceStageIds,
        boolean leaf) {
    public Stage {
        sourceStageIds = List.copyOf(sourceStageIds);
    }
}
