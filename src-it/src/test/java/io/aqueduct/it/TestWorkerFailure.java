package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.TaskId;
import io.aqueduct.it.cluster.WorkerInfo;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * With {@code query.max_attempts=1}, a worker that dies mid-query fails that query quickly with a clear
 * error; the coordinator survives. (With more attempts the query runs again: {@link TestWorkerLoss}.)
 */
class TestWorkerFailure {
    private static final String LONG_QUERY = "SELECT count(*) FROM tpch.sf1.lineitem WHERE l_comment LIKE '%x%'";
    private static final Duration FAILURE_DEADLINE = Duration.ofSeconds(30);
    private static final Duration TASK_START_DEADLINE = Duration.ofSeconds(30);

    @Test
    void killedWorkerFailsTheRunningQuery() throws Exception {
        ExecutorService client = Executors.newSingleThreadExecutor();
        try (AqueductCluster cluster =
                AqueductCluster.builder().name("worker-failure").start()) {
            String victim = cluster.workerUrls().get(0);
            String survivor = cluster.workerUrls().get(1);
            Future<Long> query = client.submit(() -> count(cluster, LONG_QUERY));
            awaitRunningOnBothWorkers(cluster, query);

            ProcessHandle victimProcess =
                    ProcessHandle.of(cluster.workerPid(victim)).orElseThrow();
            assertThat(victimProcess.destroyForcibly()).isTrue();

            Throwable failed = catchThrowable(() -> query.get(FAILURE_DEADLINE.toSeconds(), TimeUnit.SECONDS));
            assertThat(failed).isInstanceOf(ExecutionException.class).cause().isInstanceOf(SQLException.class);
            SQLException error = (SQLException) failed.getCause();
            assertThat(error.getSQLState())
                    .as("SQLState of: %s", error.getMessage())
                    .isEqualTo("08006");
            assertThat(error.getMessage())
                    .doesNotContain("\n")
                    .contains(URI.create(victim).getAuthority())
                    .contains("query.max_attempts");
            assertThat(cluster.isCoordinatorAlive()).isTrue();
            // The failed query's tasks on the surviving worker are canceled and their memory freed.
            cluster.awaitWorkersIdle(List.of(survivor));
        } finally {
            client.shutdownNow();
        }
    }

    private static long count(AqueductCluster cluster, String sql) throws SQLException {
        Properties singleAttempt = new Properties();
        singleAttempt.setProperty("query.max_attempts", "1");
        try (Connection connection = cluster.connect(singleAttempt);
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getLong(1);
        }
    }

    /**
     * Polls until the query's tasks run on both workers and span two stages. Stages are scheduled
     * producers first, so the query's last (root) stage exists by then and the kill hits a running
     * query, not one still being scheduled. Fails if the query ends first or the deadline passes.
     */
    private static void awaitRunningOnBothWorkers(AqueductCluster cluster, Future<?> query)
            throws InterruptedException {
        long deadline = System.nanoTime() + TASK_START_DEADLINE.toNanos();
        while (!runningOnBothWorkersInTwoStages(cluster)) {
            assertThat(query)
                    .as("query still running while waiting for its tasks")
                    .isNotDone();
            assertThat(System.nanoTime() - deadline)
                    .as("tasks in two stages on both workers within %s", TASK_START_DEADLINE)
                    .isNegative();
            Thread.sleep(50);
        }
    }

    /** The cluster is fresh: every task id it reports belongs to the one query. */
    private static boolean runningOnBothWorkersInTwoStages(AqueductCluster cluster) {
        List<WorkerInfo> infos =
                cluster.workerUrls().stream().map(cluster::workerInfo).toList();
        long stages = infos.stream()
                .flatMap(info -> info.recentTaskIds().stream())
                .map(taskId -> TaskId.parse(taskId).stageId())
                .distinct()
                .count();
        return stages >= 2 && infos.stream().allMatch(info -> info.activeTasks() > 0);
    }
}
