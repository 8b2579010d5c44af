package io.aqueduct.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The options of the embedded cluster that {@code serve} and {@code shell} start. */
class TestClusterOptions {
    @Test
    void theWarmUpIsOnByDefaultAndCanBeSkipped() {
        assertThat(parse().options.warmupSeconds).isPositive();
        assertThat(parse("--warmup-seconds", "0").options.warmupSeconds).isZero();
    }

    @Test
    void aNegativeWarmUpIsRefusedBeforeAnythingStarts() {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ServeCommand());
        command.setErr(new PrintWriter(err));

        assertThat(command.execute("--warmup-seconds", "-1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("--warmup-seconds must be 0 or more: -1");
    }

    private static ServeCommand parse(String... arguments) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(arguments);
        return serve;
    }
}
