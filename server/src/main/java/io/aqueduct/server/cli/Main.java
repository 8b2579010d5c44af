package io.aqueduct.server.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code aqueduct} launcher. */
@Command(
        name = "aqueduct",
        mixinStandardHelpOptions = true,
        versionProvider = Main.VersionProvider.class,
        description = "Aqueduct: a JDBC driver backed by an adaptive distributed SQL engine.",
        subcommands = {ServeCommand.class, WorkerCommand.class, ShellCommand.class, HashPasswordCommand.class})
public final class Main implements Runnable {
    public static void main(String[] args) {
        int exitCode = new CommandLine(new Main()).execute(args);
        if (exitCode != 0) {
            System.exit(exitCode);
        }
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Aqueduct " + Version.current()};
        }
    }
}
