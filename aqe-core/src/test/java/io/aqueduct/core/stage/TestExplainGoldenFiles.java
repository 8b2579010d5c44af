package io.aqueduct.core.stage;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.tpch.TpchConnector;
import io.aqueduct.tpch.TpchQueries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The distributed plan of each TPC-H query at SF 1 on two workers of two cores, as EXPLAIN shows it, against its
 * golden file in {@code src/test/resources/golden/explain}: a change to planning shows as a diff of that file.
 * Run with {@code -Daqueduct.golden.update=true} to rewrite the files after an intended change, and review the
 * diff.
 */
class TestExplainGoldenFiles {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/explain");
    private static final boolean UPDATE = Boolean.getBoolean("aqueduct.golden.update");
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));
    private static final ClusterShape CLUSTER = ClusterShape.of(2, 2);

    static List<Integer> queries() {
        return TpchQueries.numbers();
    }

    @ParameterizedTest(name = "q{0}")
    @MethodSource("queries")
    void planMatchesItsGoldenFile(int number) throws IOException {
        StagePlan plan = new DistributedPlanner(
                        CLUSTER, scan -> TPCH.statistics(scan.schema(), scan.table()), scan -> TPCH.taskEstimator())
                .plan(COMPILER.compile(TpchQueries.query(number), "tpch", "sf1").plan(List.of()));
        String rendered = String.join("\n", StagePlanPrinter.lines(plan)) + "\n";
        Path golden = GOLDEN.resolve("q%02d.txt".formatted(number));
        if (UPDATE) {
            Files.writeString(golden, rendered, UTF_8);
        }

        assertThat(Optional.of(golden).filter(Files::exists))
                .as("golden file %s (create it with -Daqueduct.golden.update=true)", golden)
                .isPresent();
        assertThat(rendered).isEqualTo(Files.readString(golden, UTF_8));
    }
}
