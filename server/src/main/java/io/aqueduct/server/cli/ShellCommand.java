package io.aqueduct.server.cli;

import java.util.ArrayList;
import java.util.List;
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
        try (EmbeddedCluster cluster = EmbeddedCluster.start(options)) {
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
        return arguments.toArray(String[]::new);
    }
}
