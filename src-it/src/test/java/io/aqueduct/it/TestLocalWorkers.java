package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worker processes {@code serve} spawns on its own machine. */
class TestLocalWorkers {
    private static final int LOCAL_WORKERS = 2;

    /**
     * Local workers share one machine: each reports its share of the cores, so that the default tasks per stage
     * (workers x cores) is the machine's cores, not workers times all of them.
     */
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

    /**
     * Spawned workers keep the memory they free for the next batches: malloc arenas that do not give their top back
     * to the kernel, and only two of them, which bounds what they keep (glibc's environment variables), and a parallel collector without adaptive generation sizes.
     */
    @Test
    void spawnedWorkersRunWithMemorySettingsThatKeepFreedPages() throws Exception {
        try (AqueductCluster cluster = AqueductCluster.builder()
                .name("local-worker-memory")
                .localWorkers(LOCAL_WORKERS)
                .start()) {
            for (String worker : cluster.workerUrls()) {
                long pid = cluster.workerPid(worker);
                assertThat(procEntries(pid, "environ"))
                        .as("environment of worker %s", worker)
                        .contains("MALLOC_TRIM_THRESHOLD_=268435456", "MALLOC_TOP_PAD_=67108864", "MALLOC_ARENA_MAX=2");
                assertThat(procEntries(pid, "cmdline"))
                        .as("command line of worker %s", worker)
                        .contains("-XX:+UseParallelGC", "-XX:-UseAdaptiveSizePolicy");
            }
        }
    }

    /** The NUL-separated entries of a Linux process file such as {@code /proc/<pid>/environ}. */
    private static String[] procEntries(long pid, String file) throws IOException {
        return Files.readString(Path.of("/proc", String.valueOf(pid), file)).split("\0");
    }
}
