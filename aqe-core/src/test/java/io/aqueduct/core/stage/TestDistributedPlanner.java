package io.aqueduct.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Static task counts of the distributed planner, with and without a fixed task count. */
class TestDistributedPlanner {
    private static final TpchConnector TPCH = new TpchConnector();
    private static final QueryCompiler COMPILER = new QueryCompiler(List.of(TPCH));

    /** A partitioned join, a grouped aggregation after it, and a sort that gathers the result. */
    private static final String JOIN_AGGREGATE_SORT = "SELECT o_orderpriority, count(*) FROM orders"
            + " JOIN lineitem ON o_orderkey = l_orderkey GROUP BY o_orderpriority ORDER BY o_orderpriority";

    /** Two workers, at most 4 tasks per stage, nothing broadcast: every join is partitioned. */
    private static final ClusterShape CLUSTER = new ClusterShape(2, 4, ClusterShape.DEFAULT_BYTES_PER_TASK, 0);

    @Test
    void withoutFixedCountStagesReadingShuffledInputRunOneTaskPerWorker() {
        StagePlan plan = plan(CLUSTER, JOIN_AGGREGATE_SORT);

        assertThat(tasksByRole(plan))
                .containsEntry(Role.PARTITIONED_JOIN, List.of(2))
                .containsEntry(Role.FINAL_AGGREGATION, List.of(2))
                .containsEntry(Role.GATHER, List.of(1));
    }

    @Test
    void fixedCountSizesEveryStageReadingShuffledInputAndKeepsLeavesAndGathers() {
        StagePlan unfixed = plan(CLUSTER, JOIN_AGGREGATE_SORT);
        StagePlan fixed = plan(CLUSTER.withFixedTaskCount(3), JOIN_AGGREGATE_SORT);

        assertThat(tasksByRole(fixed))
                .containsEntry(Role.PARTITIONED_JOIN, List.of(3))
                .containsEntry(Role.FINAL_AGGREGATION, List.of(3))
                .containsEntry(Role.GATHER, List.of(1))
                .containsEntry(Role.LEAF, tasksByRole(unfixed).get(Role.LEAF));
        assertThat(tasksByRole(fixed).get(Role.LEAF)).hasSize(2).allSatisfy(tasks -> assertThat(tasks)
                .isPositive());
    }

    @Test
    void fixedCountIsNotClampedByMaxTasksPerStage() {
        StagePlan plan = plan(CLUSTER.withFixedTaskCount(8), JOIN_AGGREGATE_SORT);

        assertThat(tasksByRole(plan))
                .containsEntry(Role.PARTITIONED_JOIN, List.of(8))
                .containsEntry(Role.FINAL_AGGREGATION, List.of(8));
        assertThat(tasksByRole(plan).get(Role.LEAF))
                .allSatisfy(tasks -> assertThat(tasks).isLessThanOrEqualTo(4));
    }

    @Test
    void fixedCountOfOneKeepsEverythingAboveTheJoinInItsOneTask() {
        StagePlan plan = plan(CLUSTER.withFixedTaskCount(1), JOIN_AGGREGATE_SORT);

        // The single join task aggregates and sorts in place: no Shuffle or Coalesce above it.
        assertThat(tasksByRole(plan)).containsOnlyKeys(Role.LEAF, Role.PARTITIONED_JOIN);
        assertThat(plan.root().plannedTaskCount()).isEqualTo(1);
        assertThat(roleOf(plan, plan.root())).isEqualTo(Role.PARTITIONED_JOIN);
        assertThat(plan.stages())
                .hasSize(plan(CLUSTER, JOIN_AGGREGATE_SORT).stages().size() - 2);
    }

    @Test
    void fixedCountLeavesGlobalAggregatesInOneTask() {
        StagePlan plan = plan(CLUSTER.withFixedTaskCount(3), "SELECT sum(l_quantity) FROM lineitem");

        assertThat(plan.root().plannedTaskCount()).isEqualTo(1);
        assertThat(tasksByRole(plan)).containsOnlyKeys(Role.LEAF, Role.GATHER);
    }

    @Test
    void leavesTakeTheirConnectorsEstimateAndRunAsOneTaskWithoutAnEstimator() {
        PlanNode root = COMPILER.compile(JOIN_AGGREGATE_SORT, "tpch", "sf1").plan(List.of());
        StagePlan estimated = plan(CLUSTER, JOIN_AGGREGATE_SORT);
        StagePlan withoutEstimator = new DistributedPlanner(
                        CLUSTER, scan -> TPCH.statistics(scan.schema(), scan.table()), scan -> Optional.empty())
                .plan(root);

        // SF 1's orders and lineitem are hundreds of MB: the estimator wants the most tasks allowed.
        assertThat(tasksByRole(estimated).get(Role.LEAF)).containsOnly(CLUSTER.maxTasksPerStage());
        assertThat(tasksByRole(withoutEstimator).get(Role.LEAF)).containsOnly(1);
    }

    @Test
    void oneTaskOnEachSideOfAJoinRunsAsOneStage() {
        StagePlan plan = plan(CLUSTER, "SELECT n_name, r_name FROM nation JOIN region ON n_regionkey = r_regionkey");

        assertThat(plan.stages()).hasSize(1);
        assertThat(plan.root().leaf()).isTrue();
        assertThat(scans(plan.root().fragment())).isEqualTo(2);
    }

    @Test
    void aUnionOfOneTaskInputsRunsAsOneStage() {
        StagePlan plan = plan(CLUSTER, "SELECT n_name FROM nation UNION ALL SELECT r_name FROM region");

        assertThat(plan.stages()).hasSize(1);
        assertThat(scans(plan.root().fragment())).isEqualTo(2);
    }

    @Test
    void aUnionWithALargerInputGathersEveryInputFromItsOwnStage() {
        StagePlan plan = plan(CLUSTER, "SELECT n_name FROM nation UNION ALL SELECT c_name FROM customer");

        assertThat(plan.stages()).hasSize(3);
        assertThat(plan.root().sourceStageIds()).hasSize(2);
    }

    @Test
    void aWindowReadsItsInputShuffledOnThePartitionKeys() {
        StagePlan plan = plan(
                CLUSTER, "SELECT o_custkey, rank() OVER (PARTITION BY o_custkey ORDER BY o_totalprice) FROM orders");

        Stage window = stageWith(plan, WindowNode.class);
        WindowNode node = find(window.fragment(), WindowNode.class);
        assertThat(node.partitionKeys()).hasSize(1);
        assertThat(window.plannedTaskCount()).isEqualTo(2);
        assertThat(window.sourceStageIds()).singleElement().satisfies(id -> {
            OutputPartitioning input = plan.stage(id).outputPartitioning();
            assertThat(input.kind()).isEqualTo(PartitioningKind.HASH);
            assertThat(input.keys()).isEqualTo(node.partitionKeys());
        });
    }

    @Test
    void aWindowWithoutPartitionKeysGathersItsInput() {
        StagePlan plan = plan(CLUSTER, "SELECT o_orderkey, row_number() OVER (ORDER BY o_totalprice) FROM orders");

        Stage window = stageWith(plan, WindowNode.class);
        assertThat(window.plannedTaskCount()).isEqualTo(1);
        assertThat(window.sourceStageIds()).singleElement().satisfies(id -> assertThat(
                        plan.stage(id).outputPartitioning().kind())
                .isEqualTo(PartitioningKind.SINGLE));
    }

    private static Stage stageWith(StagePlan plan, Class<? extends PlanNode> kind) {
        return plan.stages().stream()
                .filter(stage -> contains(stage.fragment(), kind))
                .findFirst()
                .orElseThrow();
    }

    private static <T extends PlanNode> T find(PlanNode node, Class<T> kind) {
        if (kind.isInstance(node)) {
            return kind.cast(node);
        }
        return node.sources().stream()
                .filter(source -> contains(source, kind))
                .map(source -> find(source, kind))
                .findFirst()
                .orElseThrow();
    }

    private static boolean contains(PlanNode node, Class<? extends PlanNode> kind) {
        return kind.isInstance(node) || node.sources().stream().anyMatch(source -> contains(source, kind));
    }

    private static long scans(PlanNode node) {
        return (node instanceof io.aqueduct.core.plan.TableScanNode ? 1 : 0)
                + node.sources().stream()
                        .mapToLong(TestDistributedPlanner::scans)
                        .sum();
    }

    @Test
    void rejectsNegativeFixedCount() {
        assertThatThrownBy(() -> CLUSTER.withFixedTaskCount(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fixedTaskCount must not be negative: -1");
        assertThat(ClusterShape.of(2, 2).fixedTaskCount()).isZero();
    }

    private enum Role {
        LEAF,
        GATHER,
        PARTITIONED_JOIN,
        FINAL_AGGREGATION
    }

    private static StagePlan plan(ClusterShape cluster, String sql) {
        PlanNode root = COMPILER.compile(sql, "tpch", "sf1").plan(List.of());
        return new DistributedPlanner(
                        cluster, scan -> TPCH.statistics(scan.schema(), scan.table()), scan -> TPCH.taskEstimator())
                .plan(root);
    }

    /** Planned task counts of the stages of each role, in stage order. */
    private static Map<Role, List<Integer>> tasksByRole(StagePlan plan) {
        return plan.stages().stream()
                .collect(Collectors.groupingBy(
                        stage -> roleOf(plan, stage),
                        Collectors.mapping(Stage::plannedTaskCount, Collectors.toList())));
    }

    private static Role roleOf(StagePlan plan, Stage stage) {
        if (stage.leaf()) {
            return Role.LEAF;
        }
        Function<Integer, PartitioningKind> inputKind =
                id -> plan.stage(id).outputPartitioning().kind();
        if (stage.sourceStageIds().stream().map(inputKind).allMatch(kind -> kind == PartitioningKind.SINGLE)) {
            return Role.GATHER;
        }
        return containsPartitionedJoin(stage.fragment()) ? Role.PARTITIONED_JOIN : Role.FINAL_AGGREGATION;
    }

    private static boolean containsPartitionedJoin(PlanNode node) {
        return (node instanceof JoinNode join && join.distribution() == JoinDistribution.PARTITIONED)
                || node.sources().stream().anyMatch(TestDistributedPlanner::containsPartitionedJoin);
    }
}
