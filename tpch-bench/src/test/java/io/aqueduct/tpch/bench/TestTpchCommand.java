package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

class TestTpchCommand {
    @Test
    void defaults() {
        TpchCommand command = parse("tpch", "--sf", "0.1");

        assertThat(command.scaleFactor).isEqualTo(ScaleFactor.SF0_1);
        assertThat(command.iterations).isEqualTo(3);
        assertThat(command.compare).isEmpty();
        assertThat(command.target.url).isEmpty();
        assertThat(command.queries()).hasSize(22).startsWith(1).endsWith(22);
        assertThat(command.output).isEmpty();
    }

    @Test
    void everyOption() {
        TpchCommand command = parse(
                "tpch",
                "--sf",
                "1",
                "--iterations",
                "5",
                "--compare",
                "duckdb",
                "--url",
                "jdbc:aqueduct://localhost:8765",
                "--queries",
                "1,3,5",
                "--output",
                "out/run");

        assertThat(command.scaleFactor).isEqualTo(ScaleFactor.SF1);
        assertThat(command.iterations).isEqualTo(5);
        assertThat(command.compare).contains(TpchCommand.Baseline.DUCKDB);
        assertThat(command.target.url).contains("jdbc:aqueduct://localhost:8765");
        assertThat(command.queries()).containsExactly(1, 3, 5);
        assertThat(command.output).isEqualTo(Optional.of(Path.of("out/run")));
    }

    @Test
    void formatAndDataFolder() {
        TpchCommand defaults = parse("tpch", "--sf", "0.1");
        assertThat(defaults.format).isEqualTo(TpchCommand.DataFormat.generated);
        assertThat(defaults.dataFolder).isEqualTo(Path.of("data"));
        TpchCommand parquet = parse("tpch", "--sf", "1", "--format", "parquet", "--data", "/tmp/lake");
        assertThat(parquet.format).isEqualTo(TpchCommand.DataFormat.parquet);
        assertThat(parquet.dataFolder).isEqualTo(Path.of("/tmp/lake"));
    }

    @Test
    void scaleFactorsAreComparedAsNumbers() {
        assertThat(parse("tpch", "--sf", "0.01").scaleFactor).isEqualTo(ScaleFactor.SF0_01);
        assertThat(parse("tpch", "--sf", "1.0").scaleFactor).isEqualTo(ScaleFactor.SF1);
        assertThat(ScaleFactor.SF0_01.schema()).isEqualTo("tiny");
        assertThat(ScaleFactor.SF0_1.schema()).isEqualTo("sf0_1");
    }

    @Test
    void rejectsBadValues() {
        assertThatThrownBy(() -> parse("tpch", "--sf", "0.5"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("Unsupported scale factor 0.5");
        assertThatThrownBy(() -> parse("tpch"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--sf");
        assertThatThrownBy(() -> parse("tpch", "--sf", "1", "--iterations", "0"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--iterations must be at least 1: 0");
        assertThatThrownBy(() -> parse("tpch", "--sf", "1", "--queries", "1,23"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("TPC-H queries are numbered 1 to 22: 23");
        assertThatThrownBy(() -> parse("tpch", "--sf", "1", "--compare", "postgres"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--compare");
    }

    @Test
    void aqeFixedTriesTheDefaultCountsOrTheGivenOnes() {
        TpchCommand defaults = parse("tpch", "--sf", "0.01", "--aqe", "fixed");
        TpchCommand given = parse("tpch", "--sf", "0.01", "--aqe", "fixed", "--fixed-tasks", "8,2,2,4");

        assertThat(parse("tpch", "--sf", "0.01").aqeMode()).isEqualTo(TpchCommand.AqeMode.on);
        assertThat(defaults.aqeMode()).isEqualTo(TpchCommand.AqeMode.fixed);
        assertThat(defaults.fixedTaskCounts()).containsExactly(1, 2, 4, 8);
        assertThat(given.fixedTaskCounts()).containsExactly(2, 4, 8);
    }

    @Test
    void fixedTasksAloneImpliesAqeFixed() {
        TpchCommand command = parse("tpch", "--sf", "0.01", "--fixed-tasks", "3,6");

        assertThat(command.aqeMode()).isEqualTo(TpchCommand.AqeMode.fixed);
        assertThat(command.fixedTaskCounts()).containsExactly(3, 6);
    }

    @Test
    void fixedTasksConflictsWithAnotherExplicitAqeMode() {
        TpchCommand command = parse("tpch", "--sf", "0.01", "--aqe", "both", "--fixed-tasks", "2");

        assertThatThrownBy(command::aqeMode)
                .isInstanceOf(ParameterException.class)
                .hasMessage(
                        "--fixed-tasks runs AQE off with fixed task counts: it goes with --aqe fixed, not --aqe both");
    }

    @Test
    void rejectsTaskCountsBelowOne() {
        assertThatThrownBy(() -> parse("tpch", "--sf", "0.01", "--fixed-tasks", "2,0"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("Fixed task counts are whole numbers of at least 1: 0");
        assertThatThrownBy(() -> parse("tpch", "--sf", "0.01", "--aqe", "sometimes"))
                .isInstanceOf(ParameterException.class)
                .hasMessageContaining("--aqe");
    }

    @Test
    void sessionPropertiesSetAFixedCountOnlyWhenAsked() {
        assertThat(TpchCommand.sessionProperties(true, 0))
                .containsExactly(Map.entry("distributed.dynamic_task_count", "true"));
        assertThat(TpchCommand.sessionProperties(false, 4))
                .containsOnly(
                        Map.entry("distributed.dynamic_task_count", "false"),
                        Map.entry("distributed.fixed_task_count", "4"));
    }

    @Test
    void schemaUrlAppendsTheScaleFactorsSchema() {
        assertThat(AqueductUrls.schemaUrl("jdbc:aqueduct://localhost:8765", ScaleFactor.SF0_1))
                .isEqualTo("jdbc:aqueduct://localhost:8765/tpch/sf0_1");
        assertThat(AqueductUrls.schemaUrl("jdbc:aqueduct://host:1/?ssl=true", ScaleFactor.SF0_01))
                .isEqualTo("jdbc:aqueduct://host:1/tpch/tiny?ssl=true");
        assertThatThrownBy(() -> AqueductUrls.schemaUrl("jdbc:aqueduct://host:1/tpch/sf1", ScaleFactor.SF1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the bench picks the schema");
    }

    private static TpchCommand parse(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        commandLine.parseArgs(args);
        return commandLine.getSubcommands().get("tpch").getCommand();
    }
}
