package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adaptive loop end to end on in-process workers: every rule's path through {@link StageScheduler}, with real
 * tasks, samples and exchanges but no sockets. Each adaptive answer is compared with the same query run with
 * static task counts.
 */
class TestAdaptiveLoop {
    private static final String GROUP_BY = "SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY l_orderkey";
    /** The planner guesses a quarter of orders pass the LIKE (about 30 KB), above 20 KB; about 1% do. */
    private static final String SELECTIVE_JOIN = "SELECT count(*), sum(l_quantity) FROM lineitem"
            + " JOIN orders ON l_orderkey = o_orderkey WHERE o_comment LIKE '%special%requests%'";
    /** The planner takes each comparison to pass a fraction of the orders (about 15 KB); all of them pass. */
    private static final String PLANNED_BROADCAST = "SELECT count(*), sum(l_quantity), sum(o_totalprice)"
            + " FROM lineitem JOIN (SELECT * FROM orders WHERE o_totalprice > 0 AND o_custkey > 0"
            + " AND o_shippriority >= 0 AND o_orderdate > DATE '1900-01-01') o ON l_orderkey = o_orderkey";
    /** A join of the skewed fact table (one key holds about 30% of its rows) with its dimension. */
    private static final String SKEWED_JOIN = "SELECT d.d_group, count(*) AS n, sum(f.f_value) AS total"
            + " FROM skew.tiny.fact f JOIN skew.tiny.dim d ON f.f_key = d.d_key GROUP BY d.d_group";

    /**
     * The planner takes each date comparison to pass half of the orders (a quarter, 3,750, pass both: more than the
     * 1,500 customers, which it builds on); 4% do (about 570).
     */
    private static final String MISESTIMATED_JOIN = "SELECT c_custkey, c_name, c_address, o_orderkey, o_totalprice"
            + " FROM customer JOIN orders ON c_custkey = o_custkey"
            + " WHERE o_orderdate >= DATE '1993-10-01' AND o_orderdate < DATE '1994-01-01'";
    /** As {@link #MISESTIMATED_JOIN}, the orders preserved, a customer matching only below a twentieth of the price. */
    private static final String OUTER_JOIN_WITH_RESIDUAL = "SELECT o_orderkey, o_totalprice, c_name"
            + " FROM orders LEFT JOIN customer ON o_custkey = c_custkey AND c_acctbal * 20 < o_totalprice"
            + " WHERE o_orderdate >= DATE '1993-10-01' AND o_orderdate < DATE '1994-01-01'";
    /** Every join stays partitioned, so that the sides of a partitioned join are what adaptive execution sees. */
    private static final SettingValues PARTITIONED =
            SettingValues.defaults().with("distributed.broadcast_max_bytes", "0");

    private static final SettingValues STATIC = SettingValues.defaults()
            .with("distributed.dynamic_task_count", "false")
            .with("distributed.fixed_task_count", "4");

    private BufferAllocator allocator;
    private InProcessQueries queries;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator(2L << 30);
        queries = new InProcessQueries(allocator);
    }

    @AfterEach
    void tearDown() {
        queries.close();
        allocator.close();
    }

    @Test
    void sizesAShuffledStageFromItsProducersSamples() {
        InProcessQueries.Run small = run(GROUP_BY, budget("16KB"));
        InProcessQueries.Run large = run(GROUP_BY, budget("64MB"));

        AqeDecision many = sized(small);
        assertThat(Integer.parseInt(many.after())).isGreaterThan(1);
        assertThat(many.reason()).startsWith("estimated cost ").contains("work units");
        assertThat(sized(large).after()).isEqualTo("1");
        assertThat(small.rows())
                .hasSize(15_000)
                .isEqualTo(large.rows())
                .isEqualTo(run(GROUP_BY, STATIC).rows());
    }

    @Test
    void coalescesBucketsIntoContiguousRanges() {
        InProcessQueries.Run run = run(GROUP_BY, budget("64KB"));

        AqeDecision coalesce = run.adopted(AqeDecision.COALESCE).get(0);
        StageSchedule consumer = run.schedule(coalesce.stageId());
        int tasks = Integer.parseInt(coalesce.before());
        DecisionInputs.Coalesce inputs = (DecisionInputs.Coalesce) coalesce.inputs();
        assertThat(inputs.buckets()).isEqualTo(tasks * 4);
        assertThat(inputs.bucketsPerTask()).isEqualTo(4);
        assertThat(inputs.view()).containsEntry("buckets", tasks * 4).containsKey("task_buckets");
        assertThat(consumer.taskCount()).isEqualTo(Integer.parseInt(coalesce.after()));
        assertThat(consumer.tasks())
                .allSatisfy(task -> assertThat(task.buckets()).startsWith("bucket"));
        assertThat(run.rows()).isEqualTo(run(GROUP_BY, STATIC).rows());
    }

    @Test
    void keepsStaticCountsWhenTurnedOff() {
        InProcessQueries.Run run = run(GROUP_BY, STATIC);

        assertThat(run.schedules())
                .allSatisfy(schedule -> assertThat(schedule.taskCount()).isEqualTo(schedule.plannedTasks()));
        assertThat(run.decisions(AqeDecision.TASK_COUNT))
                .allSatisfy(decision -> assertThat(decision.reason()).contains("dynamic_task_count is off"));
    }

    @Test
    void splitsTheSkewedBucketOfAJoin() {
        SettingValues skew = SettingValues.defaults()
                .with("distributed.broadcast_max_bytes", "0")
                .with("distributed.skew_min_bytes", "10KB")
                .with("distributed.dynamic_bytes_per_partition", "256KB");
        InProcessQueries.Run run = run(SKEWED_JOIN, skew);

        AqeDecision split = run.adopted(AqeDecision.SKEW_SPLIT).get(0);
        DecisionInputs.SkewSplit inputs = (DecisionInputs.SkewSplit) split.inputs();
        assertThat(inputs.side()).isEqualTo("probe");
        assertThat(inputs.heavyHitter().orElseThrow().key()).isEqualTo("1");
        assertThat(inputs.skewMinBytes()).isEqualTo(10L * 1024);
        assertThat(inputs.bucketBytes()).isGreaterThan(inputs.skewFactor() * inputs.medianBucketBytes());
        assertThat(inputs.pieces().orElseThrow()).isGreaterThanOrEqualTo(2);
        assertThat(inputs.view()).containsEntry("heavy_hitter", "1").containsKey("pieces");
        assertThat(run.schedule(split.stageId()).tasks())
                .anySatisfy(task -> assertThat(task.buckets()).contains("piece"));
        assertThat(run.rows())
                .isNotEmpty()
                .isEqualTo(run(SKEWED_JOIN, STATIC.with("distributed.broadcast_max_bytes", "0"))
                        .rows());
        // One piece per probe task: each piece takes one probe task's rows of the bucket, on that task's worker.
        StageSchedule schedule = run.schedule(split.stageId());
        List<TaskLocation> probeTasks = run.tasksByStage().get(inputs.sideStage());
        assertThat(inputs.pieces().orElseThrow()).isEqualTo(probeTasks.size());
        assertThat(schedule.bindings().get(inputs.sideStage()).splitMode()).isEqualTo(OutputBinding.SplitMode.ALIGNED);
        List<TaskLocation> joinTasks = run.tasksByStage().get(split.stageId());
        for (int task = 0; task < schedule.taskCount(); task++) {
            StageSchedule.SourceRead probe =
                    schedule.tasks().get(task).sources().get(inputs.sideStage());
            if (schedule.tasks().get(task).buckets().contains("piece")) {
                TaskLocation producer = probeTasks.get(probe.onlyProducer().orElseThrow());
                assertThat(joinTasks.get(task).workerUrl()).isEqualTo(producer.workerUrl());
            } else {
                assertThat(probe.onlyProducer()).isEmpty();
            }
        }
    }

    @Test
    void switchesAPartitionedJoinToBroadcastWhenItsBuildSideIsSmall() {
        SettingValues smallBroadcasts = SettingValues.defaults().with("distributed.broadcast_max_bytes", "20KB");
        InProcessQueries.Run run = run(SELECTIVE_JOIN, smallBroadcasts);

        AqeDecision broadcast = run.adopted(AqeDecision.BROADCAST_SWITCH).get(0);
        assertThat(broadcast.before()).startsWith("partitioned join");
        assertThat(broadcast.after()).startsWith("broadcast join");
        assertThat(run.rows()).isEqualTo(run(SELECTIVE_JOIN, STATIC).rows());
        // Each join task reads one probe task whole, on that task's worker.
        StageSchedule switched = run.schedule(broadcast.stageId());
        List<TaskLocation> joinTasks = run.tasksByStage().get(broadcast.stageId());
        for (int task = 0; task < switched.taskCount(); task++) {
            StageSchedule.TaskReads reads = switched.tasks().get(task);
            Map.Entry<Integer, StageSchedule.SourceRead> probe = reads.sources().entrySet().stream()
                    .filter(source -> source.getValue().onlyProducer().isPresent())
                    .findFirst()
                    .orElseThrow();
            TaskLocation producer = run.tasksByStage()
                    .get(probe.getKey())
                    .get(probe.getValue().onlyProducer().getAsInt());
            assertThat(joinTasks.get(task).workerUrl()).isEqualTo(producer.workerUrl());
        }
    }

    @Test
    void switchesAPlannedBroadcastJoinToPartitionedAndReplans() {
        SettingValues smallBroadcasts = SettingValues.defaults().with("distributed.broadcast_max_bytes", "64KB");
        InProcessQueries.Run run = run(PLANNED_BROADCAST, smallBroadcasts);

        AqeDecision partitioned = run.adopted(AqeDecision.PARTITIONED_SWITCH).get(0);
        DecisionInputs.PartitionedSwitch inputs = (DecisionInputs.PartitionedSwitch) partitioned.inputs();
        assertThat(inputs.buildSide().bytes()).isGreaterThan(inputs.broadcastMaxBytes());
        assertThat(inputs.plannerEstimatedBuildBytes()).isLessThanOrEqualTo(64L * 1024);
        assertThat(inputs.broadcastMaxBytes()).isEqualTo(64L * 1024);
        // The probe side was cut into a stage of its own, which ran.
        Set<Integer> planned = stageIds(run.plannedPlan().stages());
        Set<Integer> added = stageIds(run.finalPlan().stages());
        added.removeAll(planned);
        assertThat(added).isNotEmpty();
        assertThat(run.schedules()).anySatisfy(schedule -> assertThat(added).contains(schedule.stageId()));
        assertThat(run.rows()).isEqualTo(run(PLANNED_BROADCAST, STATIC).rows());
    }

    @Test
    void keepsAPlannedBroadcastJoinWhoseBuildSideIsSmall() {
        InProcessQueries.Run run = run(PLANNED_BROADCAST, SettingValues.defaults());

        AqeDecision kept = run.decisions(AqeDecision.PARTITIONED_SWITCH).get(0);
        assertThat(kept.adopted()).isFalse();
        assertThat(kept.reason()).endsWith("stays broadcast");
        assertThat(stageIds(run.finalPlan().stages()))
                .isEqualTo(stageIds(run.plannedPlan().stages()));
    }

    @Test
    void aBroadcastBuildSideSurelySmallIsNotSampledBeforeItsProbeSideStarts() {
        // nation: 25 rows, a few KB by its statistics, far below an eighth of the default broadcast_max_bytes.
        String join = "SELECT n_name, count(*) FROM customer JOIN nation ON c_nationkey = n_nationkey GROUP BY n_name";

        InProcessQueries.Run unchecked = run(join, SettingValues.defaults());
        InProcessQueries.Run checked =
                run(join, SettingValues.defaults().with("distributed.broadcast_max_bytes", "8KB"));

        assertThat(unchecked.decisions(AqeDecision.PARTITIONED_SWITCH)).isEmpty();
        assertThat(checked.decisions(AqeDecision.PARTITIONED_SWITCH)).isNotEmpty();
        assertThat(unchecked.rows())
                .hasSize(25)
                .isEqualTo(checked.rows())
                .isEqualTo(run(join, STATIC).rows());
    }

    @Test
    void buildsAPartitionedJoinOnItsProbeSideWhenItsBuildSideTurnsOutTheLarger() {
        InProcessQueries.Run run = run(MISESTIMATED_JOIN, PARTITIONED);

        AqeDecision swap = run.adopted(AqeDecision.JOIN_SWAP).get(0);
        DecisionInputs.JoinSwap inputs = (DecisionInputs.JoinSwap) swap.inputs();
        assertThat(inputs.buildSide().rows())
                .isGreaterThan(2 * inputs.probeSide().rows());
        assertThat(inputs.buildSide().bytes()).isGreaterThan(inputs.probeSide().bytes());
        assertThat(swap.reason()).contains("the build side is the larger");
        assertThat(buildStage(run.plannedPlan(), swap.stageId())).isEqualTo(inputs.buildStage());
        assertThat(buildStage(run.finalPlan(), swap.stageId())).isEqualTo(inputs.probeStage());
        assertThat(run.schedule(swap.stageId()).decisions()).contains(swap);
        assertThat(run.rows())
                .hasSizeGreaterThan(100)
                .isEqualTo(run(MISESTIMATED_JOIN, STATIC.with("distributed.broadcast_max_bytes", "0"))
                        .rows());
    }

    @Test
    void anOuterJoinWithAResidualConditionBuildsOnItsPreservedSideWhenTheOtherIsLarger() {
        InProcessQueries.Run run = run(OUTER_JOIN_WITH_RESIDUAL, PARTITIONED);

        AqeDecision swap = run.adopted(AqeDecision.JOIN_SWAP).get(0);
        JoinNode ran = StageJoins.partitionedJoin(
                        run.finalPlan().stage(swap.stageId()).fragment())
                .orElseThrow();
        assertThat(ran.joinType()).isEqualTo(JoinType.RIGHT);
        assertThat(ran.residual()).isNotNull();
        assertThat(run.rows())
                .anySatisfy(row -> assertThat(row.get(2)).isNull())
                .isEqualTo(run(OUTER_JOIN_WITH_RESIDUAL, STATIC.with("distributed.broadcast_max_bytes", "0"))
                        .rows());
    }

    @Test
    void keepsTheSidesOfAJoinWhoseBuildSideIsTheSmaller() {
        InProcessQueries.Run run = run(SELECTIVE_JOIN, PARTITIONED);

        assertThat(run.decisions(AqeDecision.JOIN_SWAP))
                .isNotEmpty()
                .noneMatch(AqeDecision::adopted)
                .allSatisfy(kept -> assertThat(kept.reason()).contains("keeps its sides"));
        assertThat(run.finalPlan()).isEqualTo(run.plannedPlan());
    }

    @Test
    void aTaskThatCannotBeCreatedMidStageFailsTheQueryAndNoTaskRemains() {
        queries.workers()
                .failTasks(spec -> spec.taskIndex() == 1 && spec.taskCount() > 1
                        ? Optional.of(
                                new AqueductException(ErrorCode.WORKER_UNAVAILABLE, "worker lost: " + spec.taskId()))
                        : Optional.empty());

        assertThatThrownBy(() -> run(GROUP_BY, budget("16KB")))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WORKER_UNAVAILABLE))
                .hasMessageStartingWith("worker lost: ")
                .hasMessageEndingWith(".1");
        assertThat(queries.workers().activeTasks()).isZero();
    }

    @Test
    void aTaskFailingWhileItsStageRunsFailsTheQueryWithItsErrorAndNoTaskRemains() {
        // Every order's first line item divides by zero, while the consumer waits for the producers' samples.
        String failing =
                "SELECT l_orderkey, count(*) FROM lineitem WHERE l_linenumber / (l_linenumber - 1) >= 0 GROUP BY l_orderkey";

        assertThatThrownBy(() -> run(failing, budget("16KB")))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DIVISION_BY_ZERO));
        assertThat(queries.workers().activeTasks()).isZero();
    }

    /** The task count decided from the producers' samples: the shuffled stage's. */
    private static AqeDecision sized(InProcessQueries.Run run) {
        return run.adopted(AqeDecision.TASK_COUNT).stream()
                .filter(decision -> decision.inputs() instanceof DecisionInputs.TaskCount)
                .findFirst()
                .orElseThrow();
    }

    private InProcessQueries.Run run(String sql, SettingValues settings) {
        return queries.run("tiny", sql, settings);
    }

    private static SettingValues budget(String bytesPerPartition) {
        return SettingValues.defaults().with("distributed.dynamic_bytes_per_partition", bytesPerPartition);
    }

    /** The stage the partitioned join of stage {@code stageId} builds on. */
    private static int buildStage(StagePlan plan, int stageId) {
        return StageJoins.buildStage(plan.stage(stageId).fragment()).orElseThrow();
    }

    private static Set<Integer> stageIds(java.util.List<Stage> stages) {
        return stages.stream().map(Stage::id).collect(Collectors.toSet());
    }
}
