package io.aqueduct.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which input a stage's output streams from, if any. */
class TestDrivingInput {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));
    private static final String JOIN =
            "SELECT l_quantity, o_orderdate FROM lineitem JOIN orders ON l_orderkey = o_orderkey WHERE l_discount > 0.05";

    @Test
    void aFilteredScanUnderABroadcastJoinStreamsFromTheScan() {
        StagePlan plan = plan(JOIN, Long.MAX_VALUE);

        Optional<PlanNode> driving =
                DrivingInput.of(stageScanning(plan, "lineitem").fragment());

        assertThat(driving).get().isInstanceOfSatisfying(TableScanNode.class, scan -> assertThat(scan.table())
                .isEqualTo("lineitem"));
    }

    @Test
    void aPartitionedJoinStreamsFromItsProbeSideStage() {
        StagePlan plan = plan(JOIN, 0);
        Stage joinStage = plan.stages().stream()
                .filter(stage -> stage.sourceStageIds().size() == 2)
                .findFirst()
                .orElseThrow();
        JoinNode join = join(joinStage.fragment());

        assertThat(join.probe()).isInstanceOf(RemoteSourceNode.class);
        assertThat(DrivingInput.of(joinStage.fragment())).contains(join.probe());
    }

    @Test
    void aPartialAggregationOutputsAtTheEnd() {
        StagePlan plan = plan("SELECT l_orderkey, count(*) FROM lineitem GROUP BY l_orderkey", 0);

        assertThat(DrivingInput.of(stageScanning(plan, "lineitem").fragment())).isEmpty();
    }

    private static JoinNode join(PlanNode node) {
        if (node instanceof JoinNode join) {
            return join;
        }
        return join(node.sources().get(0));
    }

    private static StagePlan plan(String sql, long broadcastMaxBytes) {
        PlanNode root = COMPILER.compile(sql, "tpch", "sf1").plan(List.of());
        ClusterShape cluster = new ClusterShape(2, 4, ClusterShape.DEFAULT_BYTES_PER_TASK, broadcastMaxBytes);
        return new DistributedPlanner(
                        cluster, scan -> TPCH.statistics(scan.schema(), scan.table()), scan -> TPCH.taskEstimator())
                .plan(root);
    }

    private static Stage stageScanning(StagePlan plan, String table) {
        return plan.stages().stream()
                .filter(Stage::leaf)
                .filter(stage -> stage.fragment().toString().contains("table=" + table))
                .findFirst()
                .orElseThrow();
    }
}
