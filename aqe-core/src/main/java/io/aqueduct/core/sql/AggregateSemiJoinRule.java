package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;

/**
 * An inner join of a grouped aggregation with a much smaller input on the grouping keys aggregates only the rows
 * whose keys that input holds: a semi join with it goes under the aggregation. TPC-H Q17 joins the average quantity
 * of every part (200,000 groups over all of lineitem) with the 200 parts of one brand and container; with the semi
 * join, lineitem is filtered by those parts before it is grouped. Exact: the join drops the other groups anyway.
 * A semi join of the aggregation on its grouping keys moves under it whole.
 *
 * <p>The smaller input is computed twice, so it must be estimated at most a {@link #REDUCTION}th of the
 * aggregation's input.
 */
final class AggregateSemiJoinRule extends RelRule<RuleConfig> {
    static final RelOptRule INSTANCE = new RuleConfig(
                    RelFactories.LOGICAL_BUILDER,
                    "AggregateSemiJoinRule",
                    b0 -> b0.operand(Join.class)
                            .predicate(join ->
                                    join.getJoinType() == JoinRelType.INNER || join.getJoinType() == JoinRelType.SEMI)
                            .anyInputs(),
                    AggregateSemiJoinRule::new)
            .toRule();

    /** How many times smaller than the aggregation's input the other side of the join must be estimated. */
    private static final double REDUCTION = 10;

    private AggregateSemiJoinRule(RuleConfig config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Join join = call.rel(0);
        JoinInfo info = join.analyzeCondition();
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        for (int i = 0; i < info.leftKeys.size(); i++) {
            // A key that matches NULLs (IS NOT DISTINCT FROM) keeps a NULL group, which the semi join would drop.
            if (info.nullExclusionFlags.get(i)) {
                leftKeys.add(info.leftKeys.get(i));
                rightKeys.add(info.rightKeys.get(i));
            }
        }
        if (leftKeys.isEmpty()) {
            return;
        }
        RelMetadataQuery metadata = call.getMetadataQuery();
        boolean semi = join.getJoinType() == JoinRelType.SEMI;
        Optional<RelNode> left = reduced(join.getLeft(), leftKeys, join.getRight(), rightKeys, semi, metadata);
        if (semi) {
            // The semi join under the aggregation is all of it when its condition is only those keys.
            if (left.isPresent() && info.isEqui() && leftKeys.size() == info.leftKeys.size()) {
                call.transformTo(left.get());
            }
            return;
        }
        Optional<RelNode> right = reduced(join.getRight(), rightKeys, join.getLeft(), leftKeys, false, metadata);
        if (left.isPresent() || right.isPresent()) {
            call.transformTo(
                    join.copy(join.getTraitSet(), List.of(left.orElse(join.getLeft()), right.orElse(join.getRight()))));
        }
    }

    /**
     * {@code side}, an aggregation (or a projection of one) joined on {@code keys} with {@code other}'s
     * {@code otherKeys}, with its input semi-joined with {@code other} on the grouping keys those keys read (all of
     * them if {@code everyKey}).
     */
    private static Optional<RelNode> reduced(
            RelNode side,
            List<Integer> keys,
            RelNode other,
            List<Integer> otherKeys,
            boolean everyKey,
            RelMetadataQuery metadata) {
        RelNode stripped = side.stripped();
        Project project = stripped instanceof Project p ? p : null;
        if (!((project == null ? stripped : project.getInput().stripped()) instanceof Aggregate aggregate)
                || aggregate.getGroupSets().size() != 1
                || aggregate.getInput().stripped() instanceof Join input && input.getJoinType() == JoinRelType.SEMI) {
            return Optional.empty();
        }
        List<Integer> groupedColumns = new ArrayList<>();
        List<Integer> matchingKeys = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            int field = keys.get(i);
            if (project != null) {
                field = project.getProjects().get(field) instanceof RexInputRef ref
                        ? ref.getIndex()
                        : Integer.MAX_VALUE;
            }
            if (field < aggregate.getGroupCount()) {
                groupedColumns.add(aggregate.getGroupSet().nth(field));
                matchingKeys.add(otherKeys.get(i));
            } else if (everyKey) {
                return Optional.empty();
            }
        }
        if (groupedColumns.isEmpty()) {
            return Optional.empty();
        }
        KeySource filter = KeySource.smallest(other, matchingKeys, metadata);
        Double filterRows = metadata.getRowCount(filter.input());
        Double inputRows = metadata.getRowCount(aggregate.getInput());
        if (filterRows == null || inputRows == null || filterRows * REDUCTION > inputRows) {
            return Optional.empty();
        }
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(side.getCluster(), null);
        builder.push(aggregate.getInput()).push(filter.input());
        List<RexNode> equalities = new ArrayList<>();
        for (int i = 0; i < groupedColumns.size(); i++) {
            equalities.add(builder.equals(
                    builder.field(2, 0, groupedColumns.get(i)),
                    builder.field(2, 1, filter.keys().get(i))));
        }
        RelNode semiJoined = builder.semiJoin(equalities).build();
        RelNode reducedAggregate = aggregate.copy(aggregate.getTraitSet(), List.of(semiJoined));
        return Optional.of(
                project == null ? reducedAggregate : project.copy(project.getTraitSet(), List.of(reducedAggregate)));
    }

    /**
     * An input whose columns {@code keys} hold every value the key columns of the join's other side hold: that side
     * itself, or, below it, the input of a filter, of a projection of those columns, or of an inner or semi join that
     * takes the key columns from that input (a join only drops that input's rows). The semi join needs no more than
     * the key values, so the smallest such input filters as well as the whole side and costs less to compute twice;
     * of equal estimates, the one below a join, which it saves. TPC-H Q2 joins the minimum cost per European part
     * (160,000 partsupp rows grouped) with partsupp joined with the few parts of one size and type; those parts alone
     * are the filter.
     */
    private record KeySource(RelNode input, List<Integer> keys) {
        static KeySource smallest(RelNode side, List<Integer> keys, RelMetadataQuery metadata) {
            KeySource smallest = new KeySource(side, keys);
            Double smallestRows = metadata.getRowCount(side);
            boolean joinPassed = false;
            KeySource current = smallest;
            for (KeySource below = current.below(); below != null; current = below, below = below.below()) {
                joinPassed |= current.input().stripped() instanceof Join;
                Double rows = metadata.getRowCount(below.input());
                if (rows != null
                        && (smallestRows == null || rows < smallestRows || joinPassed && rows.equals(smallestRows))) {
                    smallest = below;
                    smallestRows = rows;
                    joinPassed = false;
                }
            }
            return smallest;
        }

        /** The input one level down that holds the key values, or null. */
        private KeySource below() {
            RelNode node = input.stripped();
            if (node instanceof Filter filter) {
                return new KeySource(filter.getInput(), keys);
            }
            if (node instanceof Project project) {
                List<Integer> inputKeys = new ArrayList<>();
                for (int key : keys) {
                    if (!(project.getProjects().get(key) instanceof RexInputRef ref)) {
                        return null;
                    }
                    inputKeys.add(ref.getIndex());
                }
                return new KeySource(project.getInput(), inputKeys);
            }
            if (node instanceof Join join
                    && (join.getJoinType() == JoinRelType.INNER || join.getJoinType() == JoinRelType.SEMI)) {
                int leftFields = join.getLeft().getRowType().getFieldCount();
                if (keys.stream().allMatch(key -> key < leftFields)) {
                    return new KeySource(join.getLeft(), keys);
                }
                if (keys.stream().allMatch(key -> key >= leftFields)) {
                    return new KeySource(
                            join.getRight(),
                            keys.stream().map(key -> key - leftFields).toList());
                }
            }
            return null;
        }
    }
}
