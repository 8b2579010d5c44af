package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.stage.ClusterShape;
import io.aqueduct.core.stage.DistributedPlanner;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which side of a partitioned join has its skewed buckets split, by join type. */
class TestSkewSplitRule {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));
    private static final SettingValues SETTINGS =
            SettingValues.defaults().with("distributed.skew_factor", "5").with("distributed.skew_min_bytes", "1000");
    private static final int BUCKETS = 8;
    private static final int SKEWED_BUCKET = 3;

    @Test
    void splitsTheSkewedProbeSide() {
        Stage join = joinStage("INNER");

        SkewSplitRule.SkewSplits splits = apply(join, skewed(), uniform());

        assertThat(splits.splitStage())
                .hasValue(StageJoins.probeStage(join.fragment()).orElseThrow());
        assertThat(splits.ways()).containsOnlyKeys(SKEWED_BUCKET);
        assertThat(splits.decisions()).singleElement().satisfies(decision -> {
            assertThat(decision.adopted()).isTrue();
            assertThat(decision.inputs().view()).containsEntry("side", "probe");
        });
    }

    @Test
    void splitsTheSkewedBuildSideOfAnInnerJoin() {
        Stage join = joinStage("INNER");

        SkewSplitRule.SkewSplits splits = apply(join, uniform(), skewed());

        assertThat(splits.splitStage())
                .hasValue(StageJoins.buildStage(join.fragment()).orElseThrow());
        assertThat(splits.ways()).containsOnlyKeys(SKEWED_BUCKET);
        assertThat(splits.decisions()).singleElement().satisfies(decision -> assertThat(decision.reason())
                .contains("its share of the build rows and the whole probe bucket"));
    }

    @Test
    void doesNotSplitTheBuildSideOfAJoinThatKeepsUnmatchedProbeRows() {
        Stage join = joinStage("LEFT");

        SkewSplitRule.SkewSplits splits = apply(join, uniform(), skewed());

        assertThat(splits.ways()).isEmpty();
        assertThat(splits.splitStage()).isEmpty();
        assertThat(splits.decisions()).singleElement().satisfies(decision -> {
            assertThat(decision.adopted()).isFalse();
            assertThat(decision.reason()).contains("not split: a LEFT join");
        });
    }

    @Test
    void aRightJoinSplitsItsBuildSideWhenItsProbeSideCannotBe() {
        Stage join = joinStage("RIGHT");

        SkewSplitRule.SkewSplits splits = apply(join, skewed(), skewed());

        assertThat(splits.splitStage())
                .hasValue(StageJoins.buildStage(join.fragment()).orElseThrow());
        assertThat(splits.decisions()).extracting(AqeDecision::adopted).containsExactly(false, true);
    }

    @Test
    void uniformSidesAreNotSplit() {
        SkewSplitRule.SkewSplits splits = apply(joinStage("INNER"), uniform(), uniform());

        assertThat(splits.ways()).isEmpty();
        assertThat(splits.decisions()).isEmpty();
    }

    private static SkewSplitRule.SkewSplits apply(Stage join, long[] probeBytes, long[] buildBytes) {
        int probe = StageJoins.probeStage(join.fragment()).orElseThrow();
        int build = StageJoins.buildStage(join.fragment()).orElseThrow();
        long[] costs = new long[BUCKETS];
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            costs[bucket] = probeBytes[bucket] + 2 * buildBytes[bucket];
        }
        BucketCosts buckets = new BucketCosts(
                costs, Map.of(probe, probeBytes, build, buildBytes), Map.of(probe, List.of(), build, List.of()));
        long target = Arrays.stream(costs).sum() / 4;
        return SkewSplitRule.apply(join, buckets, target, SETTINGS, 8);
    }

    private static long[] uniform() {
        long[] bytes = new long[BUCKETS];
        Arrays.fill(bytes, 10_000);
        return bytes;
    }

    private static long[] skewed() {
        long[] bytes = uniform();
        bytes[SKEWED_BUCKET] = 200_000;
        return bytes;
    }

    /** The partitioned join stage of lineitem (probe side) joined to orders with the given join type. */
    private static Stage joinStage(String joinType) {
        PlanNode root = COMPILER.compile(
                        "SELECT o_orderkey, l_quantity FROM lineitem " + joinType
                                + " JOIN orders ON o_orderkey = l_orderkey",
                        "tpch",
                        "sf1")
                .plan(List.of());
        StagePlan plan = new DistributedPlanner(
                        new ClusterShape(2, 4, ClusterShape.DEFAULT_BYTES_PER_TASK, 0),
                        scan -> TPCH.statistics(scan.schema(), scan.table()),
                        scan -> TPCH.taskEstimator())
                .plan(root);
        Stage stage = plan.stages().stream()
                .filter(candidate ->
                        StageJoins.partitionedJoin(candidate.fragment()).isPresent())
                .findFirst()
                .orElseThrow();
        assertThat(StageJoins.partitionedJoin(stage.fragment()).orElseThrow().joinType())
                .hasToString(joinType);
        return stage;
    }
}
