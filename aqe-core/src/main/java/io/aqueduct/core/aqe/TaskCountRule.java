package io.aqueduct.core.aqe;

import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.stage.Stage;
import java.util.Map;

/**
 * The task count of a stage reading shuffled input, from its cost ({@link CostModel}: its inputs' bytes weighted by
 * the operators they pass) over {@code distributed.dynamic_bytes_per_partition}, clamped to
 * {@code [1, max_tasks_per_stage]}.
 */
public final class TaskCountRule implements AdaptiveRule {
    TaskCountRule() {}

    @Override
    public String name() {
        return AqeDecision.TASK_COUNT;
    }

    @Override
    public void apply(DecidingStage deciding) {
        Stage stage = deciding.stage();
        Map<Integer, ProducerSamples.Estimate> estimates = deciding.estimates();
        int maxTasks = deciding.maxTasks();
        long cost = CostModel.cost(stage, estimates);
        long bytesPerPartition = Math.max(1, deciding.settings().number(Setting.DYNAMIC_BYTES_PER_PARTITION));
        long wanted = CostModel.ceilDiv(cost, bytesPerPartition);
        int tasks = CostModel.taskCount(cost, bytesPerPartition, maxTasks);
        DecisionInputs inputs = new DecisionInputs.TaskCount(estimates, cost, bytesPerPartition, maxTasks);
        String bound = estimates.values().stream().anyMatch(ProducerSamples.Estimate::lowerBound)
                ? " (a producer whose output does not follow its scans had not finished: its size is a lower bound)"
                : "";
        deciding.decide(AqeDecision.adopted(
                stage.id(),
                AqeDecision.TASK_COUNT,
                stage.plannedTaskCount(),
                tasks,
                inputs,
                "estimated cost %d work units (input bytes weighted by operator) / %d per partition = %d, clamped to [1, %d]%s"
                        .formatted(cost, bytesPerPartition, wanted, maxTasks, bound)));
        deciding.taskCount(tasks);
    }
}
