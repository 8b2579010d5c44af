package io.aqueduct.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sqlline.SqlLine;

/** {@code aqueduct shell}: sqlline through the Aqueduct driver, on an embedded cluster by default. */
@Command(name = "shell", mixinStandardHelpOptions = true, description = "Open an SQL shell (sqlline).")
final class ShellCommand implements Callable<Integer> {
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
        try (EmbeddedCluster cluster = EmbeddedCluster.start(options)) {
            return runShell(cluster.jdbcUrl());
        }
    }

    private static int runShell(String jdbcUrl) throws Exception {
        SqlLine.Status status = new SqlLine()
                .begin(
                        new String[] {"-d", "io.aqueduct.jdbc.AqueductDriver", "-u", jdbcUrl, "-n", "", "-p", ""},
                        null,
                        true);
        return status == SqlLine.Status.OK ? 0 : 1;
    }
}
