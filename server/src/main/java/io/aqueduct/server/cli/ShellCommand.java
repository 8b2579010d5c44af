package io.aqueduct.server.cli;

import io.aqueduct.server.security.JdbcEndpointSecurity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    /** The widest line of a table the shell prints when its input or output is not a terminal. */
    private static final int PIPED_MAX_WIDTH = 10_000;

    @Option(names = "--url", description = "JDBC URL of a running coordinator; without it an embedded cluster starts.")
    String url;

    @Option(
            names = {"-n", "--user"},
            description = "User for a coordinator started with --auth-file; the shell asks for the password"
                    + " unless --password gives it.")
    String user;

    @Option(
            names = {"-p", "--password"},
            description = "Password of --user (visible to other local users in the process list: prefer the prompt).")
    String password;

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
        try (EmbeddedCluster cluster =
                EmbeddedCluster.start(options, JdbcEndpointSecurity.NONE, Optional.of(logFile))) {
            return runShell(cluster.jdbcUrl());
        }
    }

    private int runShell(String jdbcUrl) throws Exception {
        SqlLine.Status status = new SqlLine().begin(sqllineArguments(jdbcUrl), null, true);
        return status == SqlLine.Status.OK ? 0 : 1;
    }

    /** Without a user, empty credentials keep sqlline from prompting; with one, sqlline prompts for a missing password. */
    private String[] sqllineArguments(String jdbcUrl) {
        List<String> arguments = new ArrayList<>(List.of("-d", "io.aqueduct.jdbc.AqueductDriver", "-u", jdbcUrl));
        arguments.addAll(List.of("-n", user == null ? "" : user));
        if (password != null || user == null) {
            arguments.addAll(List.of("-p", password == null ? "" : password));
        }
        // Aqueduct has no transactions: sqlline's default level would earn a warning.
        arguments.add("--isolation=TRANSACTION_NONE");
        // An error prints its message and SQLState, not a stack trace.
        arguments.add("--verbose=false");
        if (System.console() == null) {
            // Statements piped in: sqlline's terminal has no width, and would cut every column of a table to nothing.
            arguments.add("--maxWidth=" + PIPED_MAX_WIDTH);
        }
        return arguments.toArray(String[]::new);
    }
}
