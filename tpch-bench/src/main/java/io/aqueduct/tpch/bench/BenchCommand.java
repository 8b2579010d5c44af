package io.aqueduct.tpch.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aqueduct bench}: benchmarks run through the Aqueduct JDBC driver. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks Aqueduct through its JDBC driver.",
        subcommands = {TpchCommand.class, SkewCommand.class, FetchCommand.class, SoakCommand.class})
public final class BenchCommand implements Runnable {
    public static void main(String[] args) {
        // Always exit: DuckDB and the JDBC driver may leave non-daemon threads behind.
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        return new CommandLine(new BenchCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
