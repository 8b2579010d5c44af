package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The local workers of {@code serve} share one machine: each reports its share of the cores, so that the default tasks
 * per stage (workers x cores) is the machine's cores, not workers times all of them.
 */
class TestLocalWorkerCores {
    private static final int LOCAL_WORKERS = 2;

    @Test
    void eachLocalWorkerReportsItsShareOfTheMachine() throws Exception {
        int machine = Runtime.getRuntime().availableProcessors();
        try (AqueductCluster cluster = AqueductCluster.builder()
                        .name("local-worker-cores")
                        .localWorkers(LOCAL_WORKERS)
                        .start();
                Connection connection = cluster.connect();
                Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT cores FROM sys.workers")) {
            List<Integer> cores = new ArrayList<>();
            while (resultSet.next()) {
                cores.add(resultSet.getInt(1));
            }

            assertThat(cores).hasSize(LOCAL_WORKERS).containsOnly(Math.max(1, machine / LOCAL_WORKERS));
        }
    }
}
