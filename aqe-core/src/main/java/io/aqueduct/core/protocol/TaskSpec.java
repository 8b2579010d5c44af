package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.stage.OutputPartitioning;
import java.util.Map;

/**
 * Everything a worker needs to run one task of a stage: the fragment, its share of the leaf input
 * ({@code taskIndex} of {@code taskCount}), where its remote sources read (by stage id), and how to
 * route its output into {@code outputPartitionCount} partitions.
 */
public record TaskSpec(
        String taskId,
        String queryId,
        int stageId,
        int taskIndex,
        int taskCount,
        PlanNode fragment,
        Map<Integer, RemoteSource> remoteSources,
        OutputPartitioning outputPartitioning,
        int outputPartitionCount,
        long memoryLimitBytes) {
    @JsonCreator
    public TaskSpec(
            @JsonProperty("taskId") String taskId,
            @JsonProperty("queryId") String queryId,
            @JsonProperty("stageId") int stageId,
            @JsonProperty("taskIndex") int taskIndex,
            @JsonProperty("taskCount") int taskCount,
            @JsonProperty("fragment") PlanNode fragment,
            @JsonProperty("remoteSources") Map<Integer, RemoteSource> remoteSources,
            @JsonProperty("outputPartitioning") OutputPartitioning outputPartitioning,
            @JsonProperty("outputPartitionCount") int outputPartitionCount,
            @JsonProperty("memoryLimitBytes") long memoryLimitBytes) {
        this.taskId = taskId;
        this.queryId = queryId;
        this.stageId = stageId;
        this.taskIndex = taskIndex;
        this.taskCount = taskCount;
        this.fragment = fragment;
        this.remoteSources = Map.copyOf(remoteSources);
        this.outputPartitioning = outputPartitioning;
        this.outputPartitionCount = outputPartitionCount;
        this.memoryLimitBytes = memoryLimitBytes;
    }
}
