package io.aqueduct.it.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The tasks the workers of a cluster have run since a moment, from the recent task ids each worker reports: take
 * {@link #since} before the query, {@link #newTasks} after it.
 */
public final class RecentTasks {
    private final AqueductCluster cluster;
    private final Map<String, Set<String>> before;

    private RecentTasks(AqueductCluster cluster, Map<String, Set<String>> before) {
        this.cluster = cluster;
        this.before = before;
    }

    /** The workers' recent tasks now. */
    public static RecentTasks since(AqueductCluster cluster) {
        return new RecentTasks(
                cluster,
                cluster.workerUrls().stream()
                        .collect(Collectors.toMap(
                                Function.identity(),
                                url -> new HashSet<>(cluster.workerInfo(url).recentTaskIds()))));
    }

    /** The tasks run since {@link #since}. */
    public List<TaskId> newTasks() {
        List<TaskId> tasks = new ArrayList<>();
        for (String worker : cluster.workerUrls()) {
            for (String taskId : cluster.workerInfo(worker).recentTaskIds()) {
                if (!before.get(worker).contains(taskId)) {
                    tasks.add(TaskId.parse(taskId));
                }
            }
        }
        return tasks;
    }

    /** How many of the new tasks each stage ran, by stage id. */
    public Map<Integer, Long> newTasksPerStage() {
        return newTasks().stream().collect(Collectors.groupingBy(TaskId::stageId, Collectors.counting()));
    }
}
