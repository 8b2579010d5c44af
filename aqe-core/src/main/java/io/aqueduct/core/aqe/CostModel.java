package io.aqueduct.core.aqe;

import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.PlanNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.RemoteSourceNode;
import io.aqueduct.core.plan.SortNode;
import io.aqueduct.core.plan.TopNNode;
import io.aqueduct.core.plan.WindowNode;
import io.aqueduct.core.stage.Stage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a stage costs, in work units (one unit: probing a hash table with one byte of input), from its producers'
 * estimated output and the operators each input passes through in the stage's fragment: receiving it over the
 * network, filters and projections, a hash join's build (inserting and holding it) or probe, hash aggregation, sorts
 * and windows at n log n; and the task count that cost asks for.
 *
 * <p>An input is charged for every operator between its remote source and the fragment's root, except that a join's
 * build side stops at the join: what the join outputs follows its probe side, which is charged for the operators
 * above it.
 */
public final class CostModel {
    /** Deserializing a received byte (Arrow IPC), relative to a probe. */
    static final double NETWORK = 0.5;

    /** A filter or projection evaluates its expressions over each batch once. */
    static final double ROW_WISE = 0.25;

    /** A hash join's probe side: hash, locate, gather the matches. */
    static final double PROBE = 1.0;

    /** A hash join's build side: hash, insert and keep every row (its memory is held for the stage's duration). */
    static final double BUILD = 2.0;

    /** Hash aggregation: hash, locate the group, update its accumulators. */
    static final double AGGREGATE = 1.0;

    /** A top-N keeps a small heap: about one comparison per row. */
    static final double TOP_N = 0.25;

    /** The rows at which a sort costs {@link #PROBE} per byte: it grows with log2 of the rows from there. */
    private static final double SORT_REFERENCE_LOG2_ROWS = 20;

    private CostModel() {}

    /** The stage's cost from its sources' estimates. */
    public static long cost(Stage stage, Map<Integer, ProducerSamples.Estimate> estimates) {
        Map<Integer, Double> weights = weights(stage.fragment(), estimates);
        long cost = 0;
        for (Map.Entry<Integer, ProducerSamples.Estimate> entry : estimates.entrySet()) {
            cost = saturatedAdd(cost, weighted(entry.getValue().bytes(), weights.getOrDefault(entry.getKey(), 1.0)));
        }
        return cost;
    }

    /**
     * The work per byte of each source stage the fragment reads: {@link #NETWORK} plus the weight of every operator
     * its rows pass through (see the class comment).
     */
    static Map<Integer, Double> weights(PlanNode fragment, Map<Integer, ProducerSamples.Estimate> estimates) {
        Map<Integer, Double> weights = new LinkedHashMap<>();
        collect(fragment, 0, estimates, weights);
        return weights;
    }

    /** {@code bytes × weight}, rounded up and saturated. */
    static long weighted(long bytes, double weight) {
        double cost = Math.ceil(bytes * weight);
        return cost >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) cost;
    }

    /** Walks down from {@code node}, {@code above} being the weight of the operators above it on the path. */
    private static void collect(
            PlanNode node, double above, Map<Integer, ProducerSamples.Estimate> estimates, Map<Integer, Double> out) {
        if (node instanceof RemoteSourceNode remote) {
            out.merge(remote.stageId(), NETWORK + above, Math::max);
            return;
        }
        if (node instanceof JoinNode join) {
            collect(join.probe(), above + PROBE, estimates, out);
            collect(join.build(), BUILD, estimates, out);
            return;
        }
        double here = above + weight(node, estimates);
        for (PlanNode source : node.sources()) {
            collect(source, here, estimates, out);
        }
    }

    private static double weight(PlanNode node, Map<Integer, ProducerSamples.Estimate> estimates) {
        if (node instanceof FilterNode || node instanceof ProjectNode) {
            return ROW_WISE;
        }
        if (node instanceof AggregateNode) {
            return AGGREGATE;
        }
        if (node instanceof TopNNode) {
            return TOP_N;
        }
        if (node instanceof SortNode) {
            return sortWeight(inputRows(node, estimates));
        }
        if (node instanceof WindowNode) {
            return sortWeight(inputRows(node, estimates)) + AGGREGATE;
        }
        return 0;
    }

    /** n log n per row, relative to a sort of 2^20 rows. */
    static double sortWeight(long rows) {
        return PROBE * Math.max(1, Math.log(Math.max(2, rows)) / Math.log(2)) / SORT_REFERENCE_LOG2_ROWS;
    }

    /** The estimated rows of the remote sources under {@code node}. */
    private static long inputRows(PlanNode node, Map<Integer, ProducerSamples.Estimate> estimates) {
        if (node instanceof RemoteSourceNode remote) {
            ProducerSamples.Estimate estimate = estimates.get(remote.stageId());
            return estimate == null ? 0 : estimate.rows();
        }
        long rows = 0;
        for (PlanNode source : node.sources()) {
            rows = saturatedAdd(rows, inputRows(source, estimates));
        }
        return rows;
    }

    /** {@code clamp(ceil(cost / bytesPerPartition), 1, maxTasks)}. */
    public static int taskCount(long cost, long bytesPerPartition, int maxTasks) {
        return (int) Math.max(1, Math.min(ceilDiv(cost, bytesPerPartition), maxTasks));
    }

    static long ceilDiv(long value, long divisor) {
        return value / divisor + (value % divisor == 0 ? 0 : 1);
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
