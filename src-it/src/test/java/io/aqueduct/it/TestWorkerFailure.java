package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.aqueduct.it.cluster.AqueductCluster;
import java.io.IOException;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A worker that dies mid-query fails that query quickly with a clear error; the coordinator survives. */
class TestWorkerFailure {
    private static final String LONG_QUERY = "SELECT count(*) FROM tpch.sf1.lineitem WHERE l_comment LIKE '%x%'";
    private static final Duration FAILURE_DEADLINE = Duration.ofSeconds(30);
    private static final Duration TASK_START_DEADLINE = Duration.ofSeconds(30);

    @Test
    void killedWorkerFailsTheRunningQuery() throws Exception {
        ExecutorService client = Executors.newSingleThreadExecutor();
        try (AqueductCluster cluster = AqueductCluster.builder().name("worker-failure").start()) {
            String victim = cluster.workerUrls().get(0);
            String survivor = cluster.workerUrls().get(1);
            Future<Long> query = client.submit(() -> count(cluster, LONG_QUERY));
            awaitActiveTasks(cluster, victim, query);

            ProcessHandle victimProcess = ProcessHandle.of(cluster.workerPid(victim)).orElseThrow();
            assertThat(victimProcess.destroyForcibly()).isTrue();

            Throwable failed = catchThrowable(() -> query.get(FAILURE_DEADLINE.toSeconds(), TimeUnit.SECONDS));
            assertThat(failed).isInstanceOf(ExecutionException.class).cause().isInstanceOf(SQLException.class);
            SQLException error = (SQLException) failed.getCause();
            assertThat(error.getSQLState()).as("SQLState of: %s", error.getMessage()).isEqualTo("08006");
            assertThat(error.getMessage())
                    .doesNotContain("\n")
                    .contains(URI.create(victim).getAuthority());
            assertThat(cluster.isCoordinatorAlive()).isTrue();
            cluster.awaitWorkersIdle(List.of(survivor));
        } finally {
            client.shutdownNow();
        }
    }

    private static long count(AqueductCluster cluster, String sql) throws SQLException {
        try (Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            assertThat(resultSet.next()).isTrue();
            return resultSet.getLong(1);
        }
    }

    /** Polls the worker until it runs tasks of the query; fails if the query ends first or the deadline passes. */
    private static void awaitActiveTasks(AqueductCluster cluster, String worker, Future<?> query)
            throws InterruptedException {
        long deadline = System.nanoTime() + TASK_START_DEADLINE.toNanos();
        while (cluster.workerInfo(worker).activeTasks() == 0) {
            assertThat(query).as("query still running while waiting for its tasks").isNotDone();
            assertThat(System.nanoTime() - deadline)
                    .as("%s started no task within %s", worker, TASK_START_DEADLINE)
                    .isNegative();
            Thread.sleep(50);
        }
    }
}
