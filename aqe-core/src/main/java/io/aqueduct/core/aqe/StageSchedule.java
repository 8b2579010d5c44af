package io.aqueduct.core.aqe;

import io.aqueduct.core.protocol.OutputBinding;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * How a stage runs, as decided when it is about to start: its task count, how each producer stage
 * routes into it, what each task reads, and the decisions that led there.
 *
 * @param bindings per source stage, the output binding its producer tasks get
 * @param tasks per task, what it reads from each source stage
 */
public record StageSchedule(
        int stageId,
        int plannedTasks,
        Map<Integer, OutputBinding> bindings,
        List<TaskReads> tasks,
        List<AqeDecision> decisions) {
    public StageSchedule {
        bindings = Map.copyOf(bindings);
        tasks = List.copyOf(tasks);
        decisions = List.copyOf(decisions);
    }

    public int taskCount() {
        return tasks.size();
    }

    /**
     * What one task reads: per source stage, which partitions of its producer tasks (every producer's,
     * or one producer's when its output is forwarded whole), the buckets that stands for, and its estimated cost
     * (work units, 0 when not estimated), by which tasks are spread over the workers.
     */
    public record TaskReads(Map<Integer, SourceRead> sources, String buckets, long estimatedCost) {
        public TaskReads {
            sources = Map.copyOf(sources);
        }
    }

    /** Partitions read from each producer task of a source, or only from producer {@code onlyProducer}. */
    public record SourceRead(OptionalInt onlyProducer, List<Integer> partitions) {
        public SourceRead {
            partitions = List.copyOf(partitions);
        }

        public static SourceRead all(List<Integer> partitions) {
            return new SourceRead(OptionalInt.empty(), partitions);
        }
    }

    /** This schedule with {@code earlier} decisions about the stage, taken before it was decided, first. */
    StageSchedule after(List<AqeDecision> earlier) {
        List<AqeDecision> all = new java.util.ArrayList<>(earlier);
        all.addAll(decisions);
        return new StageSchedule(stageId, plannedTasks, bindings, tasks, all);
    }

    /** The decision of the given rule, if one was taken. */
    public java.util.Optional<AqeDecision> decision(String rule) {
        return decisions.stream().filter(d -> d.rule().equals(rule)).findFirst();
    }
}
