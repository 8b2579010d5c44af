package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

class TestSkewCommand {
    @Test
    void defaults() {
        SkewCommand command = parse("skew");

        assertThat(command.size).isEqualTo(SkewSize.SMALL);
        assertThat(command.iterations).isEqualTo(3);
        assertThat(command.target.url).isEmpty();
        assertThat(command.output).isEmpty();
        assertThat(command.queries()).containsExactly("join_by_group", "join_count_by_key", "aggregate_by_key");
        assertThat(command.sharedSettings())
                .containsExactly(
                        Map.entry("distributed.broadcast_max_bytes", "0"),
                        Map.entry("distributed.skew_min_bytes", "1MB"));
    }

    @Test
    void everyOption() {
        SkewCommand command = parse(
                "skew",
                "--size",
                "tiny",
                "--iterations",
                "5",
                "--url",
                "jdbc:aqueduct://localhost:8765",
                "--queries",
                "aggregate_by_key,join_by_group",
                "--output",
                "out/skew",
                "--broadcast-max-bytes",
                "64KB",
                "--skew-min-bytes",
                "256kb");

        assertThat(command.size).isEqualTo(SkewSize.TINY);
        assertThat(command.iterations).isEqualTo(5);
        assertThat(command.target.url).contains("jdbc:aqueduct://localhost:8765");
        assertThat(command.queries()).containsExactly("aggregate_by_key", "join_by_group");
        assertThat(command.output).isEqualTo(Optional.of(Path.of("out/skew")));
        assertThat(command.broadcastMaxBytes).isEqualTo("64KB");
        assertThat(command.skewMinBytes).isEqualTo("256kb");
    }

    @Test
    void bothModesShareTheSettingsAndDifferInAdaptiveTaskCounts() {
        SkewCommand command = parse("skew", "--skew-min-bytes", "2MB");

        Properties on = command.sessionProperties(true);
        Properties off = command.sessionProperties(false);

        assertThat(on.getProperty("distributed.dynamic_task_count")).isEqualTo("true");
        assertThat(off.getProperty("distributed.dynamic_task_count")).isEqualTo("false");
        for (Properties session : new Properties[] {on, off}) {
            assertThat(session.getProperty("distributed.broadcast_max_bytes")).isEqualTo("0");
            assertThat(session.getProperty("distributed.skew_min_bytes")).isEqualTo("2MB");
        }
    }

    @Test
    void schemaUrlPointsAtTheSkewCatalog() {
        assertThat(AqueductUrls.schemaUrl("jdbc:aqueduct://localhost:8765?ssl=true", "skew", SkewSize.MEDIUM.schema()))
                .isEqualTo("jdbc:aqueduct://localhost:8765/skew/medium?ssl=true");
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> parse("skew", "--size", "huge"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--size");
        assertThatThrownBy(() -> parse("skew", "--queries", "join_by_group,q1"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("Skew queries are join_by_group, join_count_by_key, aggregate_by_key: q1");
        assertThatThrownBy(() -> parse("skew", "--skew-min-bytes", "1 megabyte"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("Expected a byte count such as 0, 1048576 or 1MB: 1 megabyte");
        assertThatThrownBy(() -> parse("skew", "--iterations", "0"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--iterations must be at least 1: 0");
    }

    private static SkewCommand parse(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        commandLine.parseArgs(args);
        return commandLine.getSubcommands().get("skew").getCommand();
    }
}
