package io.aqueduct.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code aqueduct shell} with statements piped in, as a script runs it: the tables it prints hold the rows. */
@ExtendWith(SharedCluster.class)
class TestShellCommand {
    private final AqueductCluster cluster;

    TestShellCommand(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @Test
    void pipedStatementsPrintWholeTables() throws Exception {
        String output = AqueductCluster.runCommand(
                "SELECT n_name, n_nationkey FROM nation ORDER BY n_nationkey LIMIT 3;\n"
                        + "SELECT n_comment FROM nation WHERE n_nationkey = 0;\n!quit\n",
                "shell",
                "--url",
                cluster.jdbcUrl() + "/tpch/tiny");
        assertThat(output)
                .contains("|  n_name   | n_nationkey |")
                .contains("| ALGERIA   | 0           |")
                .contains("| BRAZIL    | 2           |")
                .contains("3 rows selected")
                // The whole comment: nothing cut to the width of a terminal, which piped output has none of.
                .contains(" haggle. carefully final deposits detect slyly agai |");
    }
}
