package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.cluster.TaskId;
import io.aqueduct.tpch.TpchQueries;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A query really runs distributed: its tasks span several stages and both worker processes. */
@ExtendWith(SharedCluster.class)
class TestDistributedExecution {
    private final AqueductCluster cluster;

    TestDistributedExecution(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void query1RunsInSeveralStagesOnBothWorkers() throws SQLException {
        Map<String, Set<String>> before = recentTasksByWorker();
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(TpchQueries.query(1))) {
            assertThat(countRows(resultSet)).isEqualTo(4);
        }
        Map<String, List<TaskId>> newTasks = new HashMap<>();
        recentTasksByWorker()
                .forEach((worker, after) -> newTasks.put(
                        worker,
                        after.stream()
                                .filter(taskId -> !before.get(worker).contains(taskId))
                                .map(TaskId::parse)
                                .toList()));

        List<TaskId> allNewTasks =
                newTasks.values().stream().flatMap(List::stream).toList();
        assertThat(allNewTasks.stream().map(TaskId::queryId).distinct())
                .as("query ids of the tasks that ran during Q1")
                .hasSize(1);
        assertThat(newTasks)
                .allSatisfy((worker, tasks) ->
                        assertThat(tasks).as("Q1 tasks on worker %s", worker).isNotEmpty());
        assertThat(allNewTasks.stream().map(TaskId::stageId).collect(Collectors.toSet()))
                .as("stages of Q1's tasks")
                .hasSizeGreaterThanOrEqualTo(2);
    }

    private Map<String, Set<String>> recentTasksByWorker() {
        Map<String, Set<String>> tasks = new HashMap<>();
        for (String worker : cluster.workerUrls()) {
            tasks.put(worker, new HashSet<>(cluster.workerInfo(worker).recentTaskIds()));
        }
        return tasks;
    }

    private static int countRows(ResultSet resultSet) throws SQLException {
        int rows = 0;
        while (resultSet.next()) {
            rows++;
        }
        return rows;
    }
}
