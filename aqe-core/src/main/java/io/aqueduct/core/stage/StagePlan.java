package io.aqueduct.core.stage;

import io.aqueduct.core.plan.PlanNode;
import java.util.List;
import java.util.Optional;

/**
 * The stages of one query, children before parents; the root stage, last, feeds the client through
 * the coordinator.
 */
public record StagePlan(List<Stage> stages) {
    public StagePlan {
        stages = List.copyOf(stages);
    }

    public Stage root() {
        return stages.get(stages.size() - 1);
    }

    public Stage stage(int id) {
        return find(id).orElseThrow();
    }

    public Optional<Stage> find(int id) {
        return stages.stream().filter(s -> s.id() == id).findFirst();
    }

    /** This plan with stage {@code stageId} running {@code fragment}, which reads the same stages, instead. */
    public StagePlan withFragment(int stageId, PlanNode fragment) {
        return new StagePlan(stages.stream()
                .map(stage -> stage.id() != stageId
                        ? stage
                        : new Stage(
                                stage.id(),
                                fragment,
                                stage.outputPartitioning(),
                                stage.plannedTaskCount(),
                                stage.sourceStageIds(),
                                stage.leaf()))
                .toList());
    }

    /** The stages that read {@code stageId}'s output (exactly one for every stage but the root). */
    public Stage consumerOf(int stageId) {
        return stages.stream()
                .filter(s -> s.sourceStageIds().contains(stageId))
                .findFirst()
                .orElseThrow();
    }
}
