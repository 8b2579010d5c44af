package io.aqueduct.server.cli;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.server.security.JdbcEndpointSecurity;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code aqueduct serve}: the embedded default, a coordinator and its local worker processes. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Start a coordinator and its workers.")
final class ServeCommand implements Callable<Integer> {
    static final String READY_PREFIX = "Aqueduct ready: ";
    static final String WARMUP_PREFIX = "Aqueduct warm-up: ";
    static final String WORKERS_PREFIX = "Aqueduct workers: ";
    static final String SECURITY_PREFIX = "Aqueduct JDBC endpoint: ";

    @Mixin
    ClusterOptions options = new ClusterOptions();

    @Mixin
    JdbcEndpointOptions endpoint = new JdbcEndpointOptions();

    @Override
    public Integer call() throws Exception {
        JdbcEndpointSecurity security = endpoint.security();
        EmbeddedCluster cluster;
        try {
            cluster = EmbeddedCluster.start(options, security, Optional.empty());
        } catch (AqueductException e) {
            System.err.println("aqueduct serve: " + e.getMessage());
            return 2;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            cluster.close();
                            stopped.countDown();
                        },
                        "aqueduct-shutdown"));
        System.out.println(WARMUP_PREFIX + cluster.warmUp());
        System.out.println(WORKERS_PREFIX + String.join(",", cluster.workerUrls()));
        System.out.println(SECURITY_PREFIX + security.describe());
        System.out.println(READY_PREFIX + cluster.jdbcUrl());
        System.out.flush();
        stopped.await();
        return 0;
    }
}
