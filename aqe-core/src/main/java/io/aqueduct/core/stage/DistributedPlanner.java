package io.aqueduct.core.stage;

import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateFunction;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.plan.JoinDistribution;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.LimitNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.UnionNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.plan.WindowNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Cuts a single-node plan into stages at the points where the required distribution of rows
 * changes: an aggregation splits into a partial step in the producing stage and a final step after a
 * Shuffle on its keys (or a Coalesce without keys); sorts, top-N and limits gather with a Coalesce,
 * keeping a partial top-N or limit below it; joins broadcast a small build side or shuffle both
 * sides on their keys; window functions shuffle on their partition keys (gather without). The root stage may run several tasks; the coordinator then gathers their
 * output for the client.
 *
 * <p>Static task counts: a leaf stage gets its count from its connector's {@link TaskEstimator} (one
 * task without one), a stage that
 * gathers gets one task, and a stage that reads shuffled input (a partitioned join, a grouped final
 * aggregation) one task per worker, or {@link ClusterShape#fixedTaskCount()} tasks when the shape has
 * one. Adaptive execution may replace these counts at runtime.
 */
public final class DistributedPlanner {
    private final ClusterShape cluster;
    private final StaticTaskCounts taskCounts;
    private final Function<TableScanNode, TableStatistics> statistics;
    private final Function<TableScanNode, Optional<TaskEstimator>> estimators;

    /**
     * @param statistics the statistics of a scanned table
     * @param estimators the task estimator of a scanned table's connector, if it has one
     */
    public DistributedPlanner(
            ClusterShape cluster,
            Function<TableScanNode, TableStatistics> statistics,
            Function<TableScanNode, Optional<TaskEstimator>> estimators) {
        this.cluster = cluster;
        this.taskCounts = new StaticTaskCounts(cluster);
        this.statistics = statistics;
        this.estimators = estimators;
    }

    public StagePlan plan(PlanNode root) {
        Builder builder = new Builder();
        Fragment top = builder.visit(root);
        builder.close(top, OutputPartitioning.SINGLE);
        return new StagePlan(builder.stages);
    }

    /** The stage being built: its plan so far and what is known of its tasks. */
    private record Fragment(PlanNode node, int taskCount, boolean leaf, List<Integer> sourceStageIds) {
        Fragment with(PlanNode newNode) {
            return new Fragment(newNode, taskCount, leaf, sourceStageIds);
        }

        /** This fragment, now also reading the output of stage {@code stageId}. */
        Fragment reading(int stageId, PlanNode newNode) {
            List<Integer> sources = new ArrayList<>(sourceStageIds);
            sources.add(stageId);
            return new Fragment(newNode, taskCount, leaf, sources);
        }

        boolean single() {
            return taskCount == 1;
        }

        /** This one-task fragment and another one-task fragment, run together as {@code newNode}. */
        Fragment merging(Fragment other, PlanNode newNode) {
            List<Integer> sources = new ArrayList<>(sourceStageIds);
            sources.addAll(other.sourceStageIds());
            return new Fragment(newNode, 1, leaf || other.leaf(), sources);
        }
    }

    private final class Builder {
        private final List<Stage> stages = new ArrayList<>();

        Fragment visit(PlanNode node) {
            if (node instanceof TableScanNode scan) {
                return new Fragment(
                        scan, taskCounts.leaf(estimators.apply(scan), statistics.apply(scan)), true, List.of());
            }
            if (node instanceof ValuesNode || node instanceof GenerateSeriesNode) {
                return new Fragment(node, 1, false, List.of());
            }
            if (node instanceof FilterNode filter) {
                Fragment source = visit(filter.source());
                return source.with(new FilterNode(source.node(), filter.predicate()));
            }
            if (node instanceof ProjectNode project) {
                Fragment source = visit(project.source());
                return source.with(new ProjectNode(source.node(), project.projections(), project.outputType()));
            }
            if (node instanceof TableWriteNode write) {
                // Each task stores what it produces, where it runs: no data moves for a write.
                Fragment source = visit(write.source());
                return source.with(write.withSources(List.of(source.node())));
            }
            if (node instanceof AggregateNode aggregate) {
                return aggregate(aggregate);
            }
            if (node instanceof SortNode sort) {
                Fragment source = gather(visit(sort.source()));
                return source.with(new SortNode(source.node(), sort.keys()));
            }
            if (node instanceof WindowNode window) {
                return window(window);
            }
            if (node instanceof TopNNode topN) {
                Fragment source = visit(topN.source());
                if (!source.single()) {
                    source = gather(source.with(new TopNNode(source.node(), topN.keys(), topN.count())));
                }
                return source.with(new TopNNode(source.node(), topN.keys(), topN.count()));
            }
            if (node instanceof LimitNode limit) {
                Fragment source = visit(limit.source());
                if (!source.single()) {
                    long partialCount = saturatedAdd(limit.offset(), limit.count());
                    source = gather(source.with(new LimitNode(source.node(), 0, partialCount)));
                }
                return source.with(new LimitNode(source.node(), limit.offset(), limit.count()));
            }
            if (node instanceof JoinNode join) {
                return join(join);
            }
            if (node instanceof UnionNode union) {
                return union(union);
            }
            throw new IllegalArgumentException(
                    "Cannot distribute " + node.getClass().getSimpleName());
        }

        /**
         * A small build side, or any build side of a single-task probe, is broadcast to the probe's
         * tasks and the probe side stays where it is. Otherwise both sides are shuffled on their keys
         * into the same number of partitions. A keyless join that must keep unmatched build rows
         * gathers its probe side to one task first.
         */
        private Fragment join(JoinNode join) {
            Fragment probe = visit(join.probe());
            Fragment build = visit(join.build());
            boolean keyless = join.probeKeys().isEmpty();
            boolean replicable = !join.joinType().keepsUnmatchedBuildRows();
            if (keyless && !replicable) {
                probe = gather(probe);
            }
            if (probe.single() && build.single()) {
                // One task on each side: join them in that one task, with no network hop between.
                return probe.merging(build, join.distributed(probe.node(), build.node(), JoinDistribution.BROADCAST));
            }
            boolean small = join.estimatedBuildBytes() <= cluster.broadcastMaxBytes();
            if (probe.single() || (replicable && (small || keyless))) {
                int buildStage = close(build, OutputPartitioning.BROADCAST);
                RemoteSourceNode remoteBuild =
                        new RemoteSourceNode(buildStage, build.node().outputType());
                return probe.reading(
                        buildStage, join.distributed(probe.node(), remoteBuild, JoinDistribution.BROADCAST));
            }
            int tasks = taskCounts.shuffled();
            int probeStage = close(probe, OutputPartitioning.hash(join.probeKeys()));
            int buildStage = close(build, OutputPartitioning.hash(join.buildKeys()));
            JoinNode partitioned = join.distributed(
                    new RemoteSourceNode(probeStage, probe.node().outputType()),
                    new RemoteSourceNode(buildStage, build.node().outputType()),
                    JoinDistribution.PARTITIONED);
            return new Fragment(partitioned, tasks, false, List.of(probeStage, buildStage));
        }

        /**
         * Each input becomes a stage of its own and one task reads them all, except that inputs of one
         * task each run in that task, with no network hop between.
         */
        private Fragment union(UnionNode union) {
            List<Fragment> inputs = union.inputs().stream().map(this::visit).toList();
            if (inputs.stream().allMatch(Fragment::single)) {
                Fragment merged = inputs.get(0);
                for (Fragment input : inputs.subList(1, inputs.size())) {
                    merged = merged.merging(input, merged.node());
                }
                return merged.with(
                        new UnionNode(inputs.stream().map(Fragment::node).toList(), union.outputType()));
            }
            List<PlanNode> remotes = new ArrayList<>();
            List<Integer> stageIds = new ArrayList<>();
            for (Fragment fragment : inputs) {
                int stageId = close(fragment, OutputPartitioning.SINGLE);
                stageIds.add(stageId);
                remotes.add(new RemoteSourceNode(stageId, fragment.node().outputType()));
            }
            return new Fragment(new UnionNode(remotes, union.outputType()), 1, false, stageIds);
        }

        /**
         * Each task must see whole partitions: the input is shuffled on the partition keys, or gathered to one
         * task when there are none. A single-task input stays where it is.
         */
        private Fragment window(WindowNode window) {
            Fragment source = visit(window.source());
            if (!source.single()) {
                source = window.partitionKeys().isEmpty()
                        ? gather(source)
                        : boundary(source, OutputPartitioning.hash(window.partitionKeys()), taskCounts.shuffled());
            }
            return source.with(window.withSources(List.of(source.node())));
        }

        private Fragment aggregate(AggregateNode aggregate) {
            Fragment source = visit(aggregate.source());
            if (!source.single() && !splittable(aggregate)) {
                source = gather(source);
            }
            if (source.single()) {
                return source.with(new AggregateNode(
                        source.node(), aggregate.groupKeys(), aggregate.aggregates(), aggregate.outputType()));
            }
            if (aggregate.aggregates().stream()
                    .anyMatch(call -> !call.function().decomposable())) {
                // Each group's rows meet in one task, which aggregates them in one step.
                Fragment shuffled =
                        boundary(source, OutputPartitioning.hash(aggregate.groupKeys()), taskCounts.shuffled());
                return shuffled.with(new AggregateNode(
                        shuffled.node(), aggregate.groupKeys(), aggregate.aggregates(), aggregate.outputType()));
            }
            AggregateNode partial = new AggregateNode(
                    source.node(), aggregate.groupKeys(), aggregate.aggregates(), aggregate.outputType());
            int keyCount = aggregate.groupKeys().size();
            List<Integer> keys = new ArrayList<>();
            for (int i = 0; i < keyCount; i++) {
                keys.add(i);
            }
            Fragment exchanged = keyCount == 0
                    ? gather(source.with(partial))
                    : boundary(source.with(partial), OutputPartitioning.hash(keys), taskCounts.shuffled());
            List<AggregateCall> merges = new ArrayList<>();
            for (int i = 0; i < aggregate.aggregates().size(); i++) {
                AggregateCall call = aggregate.aggregates().get(i);
                merges.add(new AggregateCall(call.function().merge(), List.of(keyCount + i), call.type()));
            }
            return exchanged.with(new AggregateNode(exchanged.node(), keys, merges, aggregate.outputType()));
        }

        /**
         * A global SINGLE_VALUE sees one row per partial step, so it must run in one step, and so must a global
         * aggregation of a function that is not decomposable.
         */
        private static boolean splittable(AggregateNode aggregate) {
            return !aggregate.groupKeys().isEmpty()
                    || aggregate.aggregates().stream()
                            .noneMatch(a -> a.function() == AggregateFunction.SINGLE_VALUE
                                    || !a.function().decomposable());
        }

        private Fragment gather(Fragment source) {
            return source.single() ? source : boundary(source, OutputPartitioning.SINGLE, 1);
        }

        /** Closes {@code source} as a stage and opens its consumer with {@code consumerTasks} tasks. */
        private Fragment boundary(Fragment source, OutputPartitioning partitioning, int consumerTasks) {
            int stageId = close(source, partitioning);
            RemoteSourceNode remote =
                    new RemoteSourceNode(stageId, source.node().outputType());
            return new Fragment(remote, consumerTasks, false, List.of(stageId));
        }

        int close(Fragment fragment, OutputPartitioning partitioning) {
            int id = stages.size();
            stages.add(new Stage(
                    id,
                    fragment.node(),
                    partitioning,
                    fragment.taskCount(),
                    fragment.sourceStageIds(),
                    fragment.leaf()));
            return id;
        }
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
