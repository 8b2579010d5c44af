package io.aqueduct.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Re-cutting a stage so that one of its broadcast joins runs partitioned. */
class TestBroadcastJoinRepartition {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));
    /** Every build side is broadcast. */
    private static final ClusterShape BROADCAST_ALL =
            new ClusterShape(2, 4, ClusterShape.DEFAULT_BYTES_PER_TASK, Long.MAX_VALUE);

    /** Two broadcast joins in the lineitem scan's stage, under a partial aggregation. */
    private static final String TWO_JOINS = "SELECT o_orderpriority, count(*) FROM lineitem"
            + " JOIN orders ON l_orderkey = o_orderkey JOIN part ON l_partkey = p_partkey"
            + " GROUP BY o_orderpriority";

    @Test
    void findsTheBroadcastJoinsOfAStageOutermostFirst() {
        StagePlan plan = plan(TWO_JOINS);
        Stage probeStage = stageWithBroadcastJoins(plan);

        List<JoinNode> candidates = BroadcastJoinRepartition.candidates(plan, probeStage);

        assertThat(candidates).hasSize(2);
        assertThat(contains(candidates.get(0).probe(), candidates.get(1))).isTrue();
    }

    @Test
    void aStageOfOneTaskHasNoCandidates() {
        StagePlan plan = plan(TWO_JOINS);
        Stage probeStage = stageWithBroadcastJoins(plan);
        Stage oneTask = new Stage(
                probeStage.id(),
                probeStage.fragment(),
                probeStage.outputPartitioning(),
                1,
                probeStage.sourceStageIds(),
                probeStage.leaf());

        assertThat(BroadcastJoinRepartition.candidates(plan, oneTask)).isEmpty();
    }

    @Test
    void cutsTheProbeSideIntoANewStageAndShufflesBothSides() {
        StagePlan plan = plan(TWO_JOINS);
        Stage stage = stageWithBroadcastJoins(plan);
        JoinNode outer = BroadcastJoinRepartition.candidates(plan, stage).get(0);
        int buildStageId = ((RemoteSourceNode) outer.build()).stageId();

        StagePlan replanned = BroadcastJoinRepartition.apply(plan, stage.id(), outer);

        int newId = plan.stages().size();
        Stage probe = replanned.stage(newId);
        Stage join = replanned.stage(stage.id());
        Stage build = replanned.stage(buildStageId);
        assertThat(replanned.stages()).hasSize(plan.stages().size() + 1);
        assertThat(replanned.root()).isEqualTo(plan.root());
        // The probe side keeps the scan, the inner broadcast join and its build stage.
        assertThat(probe.fragment()).isEqualTo(outer.probe());
        assertThat(probe.outputPartitioning()).isEqualTo(OutputPartitioning.hash(outer.probeKeys()));
        assertThat(probe.leaf()).isTrue();
        assertThat(probe.plannedTaskCount()).isEqualTo(stage.plannedTaskCount());
        assertThat(probe.sourceStageIds()).doesNotContain(buildStageId).hasSize(1);
        // The join reads the new probe stage and the build stage, now shuffled on the build keys.
        assertThat(join.leaf()).isFalse();
        assertThat(join.sourceStageIds()).containsExactly(newId, buildStageId);
        assertThat(join.outputPartitioning()).isEqualTo(stage.outputPartitioning());
        assertThat(partitionedJoins(join.fragment())).singleElement().satisfies(partitioned -> {
            assertThat(partitioned.probe())
                    .isEqualTo(new RemoteSourceNode(newId, outer.probe().outputType()));
            assertThat(partitioned.build()).isEqualTo(outer.build());
            assertThat(partitioned.probeKeys()).isEqualTo(outer.probeKeys());
        });
        assertThat(build.outputPartitioning()).isEqualTo(OutputPartitioning.hash(outer.buildKeys()));
        // Producers still come before their consumers.
        List<Integer> order = replanned.stages().stream().map(Stage::id).toList();
        assertThat(order.indexOf(newId)).isLessThan(order.indexOf(stage.id()));
        assertThat(BroadcastJoinRepartition.candidates(replanned, join)).isEmpty();
        assertThat(BroadcastJoinRepartition.candidates(replanned, probe)).hasSize(1);
    }

    @Test
    void anInnerJoinLeavesTheOuterBroadcastInPlace() {
        StagePlan plan = plan(TWO_JOINS);
        Stage stage = stageWithBroadcastJoins(plan);
        JoinNode inner = BroadcastJoinRepartition.candidates(plan, stage).get(1);

        StagePlan replanned = BroadcastJoinRepartition.apply(plan, stage.id(), inner);

        Stage join = replanned.stage(stage.id());
        assertThat(partitionedJoins(join.fragment())).hasSize(1);
        assertThat(BroadcastJoinRepartition.candidates(replanned, join)).hasSize(1);
        assertThat(join.sourceStageIds()).hasSize(3);
    }

    private static StagePlan plan(String sql) {
        PlanNode root = COMPILER.compile(sql, "tpch", "sf1").plan(List.of());
        return new DistributedPlanner(
                        BROADCAST_ALL,
                        scan -> TPCH.statistics(scan.schema(), scan.table()),
                        scan -> TPCH.taskEstimator())
                .plan(root);
    }

    private static Stage stageWithBroadcastJoins(StagePlan plan) {
        return plan.stages().stream()
                .filter(stage -> stage.sourceStageIds().size() == 2 && stage.leaf())
                .findFirst()
                .orElseThrow();
    }

    private static boolean contains(PlanNode node, PlanNode target) {
        return node == target || node.sources().stream().anyMatch(source -> contains(source, target));
    }

    private static List<JoinNode> partitionedJoins(PlanNode node) {
        List<JoinNode> joins = new ArrayList<>();
        if (node instanceof JoinNode join && join.distribution() == JoinDistribution.PARTITIONED) {
            joins.add(join);
        }
        node.sources().forEach(source -> joins.addAll(partitionedJoins(source)));
        return joins;
    }
}
