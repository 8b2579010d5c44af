package io.aqueduct.server.finalplan;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.aqueduct.core.aqe.AqeDecision;
import io.aqueduct.core.aqe.DecisionInputs;
import io.aqueduct.core.aqe.ProducerSamples;
import io.aqueduct.core.exec.OperatorMetrics;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * EXPLAIN ANALYZE [VERBOSE] and the JSON of a fixed final plan (a shuffled leaf whose join consumer was switched to
 * a broadcast join, with skewed tasks) against golden files in {@code src/test/resources/golden/final-plan}, so that
 * a change to the final plan or its rendering shows as a diff. Rewrite them with
 * {@code -Daqueduct.golden.update=true} after an intended change.
 */
class TestFinalPlanRendering {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/final-plan");
    private static final boolean UPDATE = Boolean.getBoolean("aqueduct.golden.update");

    @Test
    void explainAnalyzeMatchesItsGoldenFile() throws IOException {
        assertGolden("explain-analyze.txt", String.join("\n", FinalPlanText.lines(plan(), false)) + "\n");
    }

    @Test
    void explainAnalyzeVerboseMatchesItsGoldenFile() throws IOException {
        assertGolden("explain-analyze-verbose.txt", String.join("\n", FinalPlanText.lines(plan(), true)) + "\n");
    }

    @Test
    void jsonMatchesItsGoldenFile() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        String pretty = mapper.writerWithDefaultPrettyPrinter()
                .writeValueAsString(mapper.readTree(FinalPlanJson.toJson(plan())));
        assertGolden("final-plan.json", pretty + "\n");
    }

    @Test
    void derivedFiguresComeFromTheStage() {
        StageRun leaf = plan().stages().get(0);

        assertThat(leaf.taskRowsIn()).containsExactly(100L, 500L);
        assertThat(leaf.medianTaskRowsIn()).isEqualTo(500);
        assertThat(leaf.skewWarning()).isFalse();
        assertThat(leaf.qError()).isEqualTo(2.0);
        assertThat(plan().stages().get(1).estimated()).isFalse();
        assertThat(plan().stages().get(1).qError()).isEqualTo(1.0);
    }

    private static void assertGolden(String name, String rendered) throws IOException {
        Path golden = GOLDEN.resolve(name);
        if (UPDATE) {
            Files.writeString(golden, rendered, UTF_8);
        }
        assertThat(Optional.of(golden).filter(Files::exists))
                .as("golden file %s (create it with -Daqueduct.golden.update=true)", golden)
                .isPresent();
        assertThat(rendered).isEqualTo(Files.readString(golden, UTF_8));
    }

    private static FinalPlan plan() {
        ProducerSamples.Estimate leafEstimate = new ProducerSamples.Estimate(300, 6_000, 0.5, 12_000, false);
        AqeDecision taskCount = AqeDecision.adopted(
                1,
                AqeDecision.TASK_COUNT,
                2,
                1,
                new DecisionInputs.TaskCount(Map.of(0, leafEstimate), 12_000, 16 << 20, 4),
                "estimated cost 12000 bytes / 16777216 bytes per partition = 1, clamped to [1, 4]");
        AqeDecision broadcast = AqeDecision.adopted(
                1,
                AqeDecision.BROADCAST_SWITCH,
                "partitioned join, 2 tasks",
                "broadcast join, 2 tasks",
                new DecisionInputs.BroadcastSwitch(Map.of(0, leafEstimate), 0, 40_000, 20_480, 2),
                "build side (stage 0) is 12000 bytes at runtime (planned 40000), not above broadcast_max_bytes 20480");
        StageRun leaf = new StageRun(
                0,
                StageOutput.switched(
                        new StageOutput.Boundary(StageOutput.Kind.BROADCAST, List.of(), 1),
                        StageOutput.Boundary.of(OutputPartitioning.hash(List.of(0)), 1)),
                2,
                2,
                6_000,
                List.of(),
                null,
                List.of(new OperatorRun(
                        0,
                        0,
                        "TableScan",
                        "TableScan tpch.tiny.nation [n_nationkey]",
                        600,
                        12_000,
                        2,
                        3_000_000,
                        3_000_000,
                        4_096,
                        Map.of())),
                List.of(task(0, "q.0.0", 100, 2_000, 0, 0), task(1, "q.0.1", 500, 10_000, 0, 0)));
        RemoteSourceNode planned =
                new RemoteSourceNode(0, new RowType(List.of("n_nationkey"), List.of(DataType.BIGINT)));
        StageRun root = new StageRun(
                1,
                StageOutput.asPlanned(StageOutput.Boundary.result()),
                2,
                1,
                -1,
                List.of(taskCount, broadcast),
                planned,
                List.of(new OperatorRun(
                        0, 0, "RemoteSource", "RemoteSource stage 0", 600, 12_000, 2, 1_000_000, 500_000, 0, Map.of())),
                List.of(task(0, "q.1.0", 600, 12_000, 10_000, 2_000)));
        return new FinalPlan(
                "q", "SELECT 1", "tester", FinalPlan.State.FINISHED, 1_000, 42, 600, null, List.of(leaf, root));
    }

    /** A task that received {@code networkBytes} from other workers and {@code localBytes} from its own. */
    private static TaskRun task(int index, String id, long rows, long bytes, long networkBytes, long localBytes) {
        return new TaskRun(
                index,
                id,
                "http://127.0.0.1:9001",
                "",
                "FINISHED",
                1,
                20,
                rows,
                rows,
                bytes,
                networkBytes,
                networkBytes == 0 ? 0 : 3,
                localBytes,
                8_192,
                List.of(new OperatorMetrics(0, "TableScan", rows, bytes, 1, 1_000_000, 1_000_000, 4_096, Map.of())),
                null);
    }
}
