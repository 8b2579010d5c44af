package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which producer fragments' output follows their leaves, so that it can be extrapolated by completion. */
class TestStreamingFragment {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));

    @Test
    void aFilteredScanUnderABroadcastJoinStreams() {
        assertThat(StreamingFragment.outputTracksLeaves(leafFragment(
                        "SELECT l_quantity, o_orderdate FROM lineitem JOIN orders ON l_orderkey = o_orderkey"
                                + " WHERE l_discount > 0.05",
                        Long.MAX_VALUE)))
                .isTrue();
    }

    @Test
    void aPartialAggregationOutputsAtTheEnd() {
        assertThat(StreamingFragment.outputTracksLeaves(
                        leafFragment("SELECT l_orderkey, count(*) FROM lineitem GROUP BY l_orderkey", 0)))
                .isFalse();
    }

    /** The fragment of the plan's first stage that scans lineitem. */
    private static PlanNode leafFragment(String sql, long broadcastMaxBytes) {
        PlanNode root = COMPILER.compile(sql, "tpch", "sf1").plan(List.of());
        ClusterShape cluster = new ClusterShape(2, 4, ClusterShape.DEFAULT_BYTES_PER_TASK, broadcastMaxBytes);
        return new DistributedPlanner(
                        cluster, scan -> TPCH.statistics(scan.schema(), scan.table()), scan -> TPCH.taskEstimator())
                .plan(root).stages().stream()
                        .filter(Stage::leaf)
                        .filter(stage -> stage.fragment().toString().contains("lineitem"))
                        .findFirst()
                        .orElseThrow()
                        .fragment();
    }
}
