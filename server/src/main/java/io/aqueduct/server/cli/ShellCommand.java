package io.aqueduct.server.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sqlline.SqlLine;

/** {@code aqueduct shell}: sqlline through the Aqueduct driver, on an embedded cluster by default. */
@Command(name = "shell", mixinStandardHelpOptions = true, description = "Open an SQL shell (sqlline).")
final class ShellCommand implements Callable<Integer> {
    private static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";

    @Option(names = "--url", description = "JDBC URL of a running coordinator; without it an embedded cluster starts.")
    String url;

    @Mixin
    ClusterOptions options = new ClusterOptions();

    @Override
    public Integer call() throws Exception {
        if (url != null) {
            return runShell(url);
        }
        options.port = 0;
        // The cluster's log lines would land between the results: they go to a file instead. Set
        // before the first logger exists, as slf4j-simple reads its settings once.
        Path logFile = Path.of(
                System.getProperty("java.io.tmpdir"),
                "aqueduct-shell-" + ProcessHandle.current().pid() + ".log");
        System.setProperty(LOG_FILE_PROPERTY, logFile.toString());
        System.out.println("Cluster log: " + logFile);
        try (EmbeddedCluster cluster = EmbeddedCluster.start(options, Optional.of(logFile))) {
            return runShell(cluster.jdbcUrl());
        }
    }

    private static int runShell(String jdbcUrl) throws Exception {
        SqlLine.Status status = new SqlLine()
                .begin(
                        new String[] {
                            "-d",
                            "io.aqueduct.jdbc.AqueductDriver",
                            "-u",
                            jdbcUrl,
                            "-n",
                            "",
                            "-p",
                            "",
                            // Aqueduct has no transactions: sqlline's default level would earn a warning.
                            "--isolation=TRANSACTION_NONE"
                        },
                        null,
                        true);
        return status == SqlLine.Status.OK ? 0 : 1;
    }
}
