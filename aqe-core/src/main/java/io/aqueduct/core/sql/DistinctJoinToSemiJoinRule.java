package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * An inner join with the distinct keys of an input ({@code SELECT DISTINCT k FROM x}, what Calcite's decorrelator
 * makes of {@code EXISTS (SELECT * FROM x WHERE x.k = t.k)}) on exactly those keys is a semi join of the other side
 * with that input: each row of the other side meets each distinct key at most once, and the key columns equal the
 * other side's. TPC-H Q4 groups 3 M lineitems into 1.3 M order keys to join them with the orders of one quarter;
 * as a semi join, which the plan converter builds on the smaller orders side, lineitem only streams through.
 *
 * <p>Applies when the other side is estimated smaller than the distinct keys, so that building on it pays.
 */
final class DistinctJoinToSemiJoinRule extends RelRule<RuleConfig> {
    static final RelOptRule INSTANCE = new RuleConfig(
                    RelFactories.LOGICAL_BUILDER,
                    "DistinctJoinToSemiJoinRule",
                    b0 -> b0.operand(Join.class)
                            .predicate(join -> join.getJoinType() == JoinRelType.INNER)
                            .anyInputs(),
                    DistinctJoinToSemiJoinRule::new)
            .toRule();

    private DistinctJoinToSemiJoinRule(RuleConfig config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Join join = call.rel(0);
        JoinInfo info = join.analyzeCondition();
        if (!info.isEqui() || info.nullExclusionFlags.contains(false) || !sameKeyTypes(join, info)) {
            return;
        }
        RelMetadataQuery metadata = call.getMetadataQuery();
        if (isDistinctOn(join.getLeft(), info.leftKeys, join.getRight(), metadata)) {
            call.transformTo(semiJoined(join, true, info));
        } else if (isDistinctOn(join.getRight(), info.rightKeys, join.getLeft(), metadata)) {
            call.transformTo(semiJoined(join, false, info));
        }
    }

    /** Whether each pair of keys has one type but for nullability, so a key column can stand for the other. */
    private static boolean sameKeyTypes(Join join, JoinInfo info) {
        List<RelDataTypeField> left = join.getLeft().getRowType().getFieldList();
        List<RelDataTypeField> right = join.getRight().getRowType().getFieldList();
        for (int i = 0; i < info.leftKeys.size(); i++) {
            if (!SqlTypeUtil.equalSansNullability(
                    join.getCluster().getTypeFactory(),
                    left.get(info.leftKeys.get(i)).getType(),
                    right.get(info.rightKeys.get(i)).getType())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code side} is an aggregation without aggregate functions whose grouping columns are exactly
     * {@code keys}, one each, and {@code other} is estimated to have fewer rows.
     */
    private static boolean isDistinctOn(RelNode side, List<Integer> keys, RelNode other, RelMetadataQuery metadata) {
        if (!(side.stripped() instanceof Aggregate aggregate)
                || !aggregate.getAggCallList().isEmpty()
                || aggregate.getGroupType() != Aggregate.Group.SIMPLE
                || keys.size() != aggregate.getGroupCount()
                || keys.stream().distinct().count() != keys.size()
                || aggregate.getInput().stripped() instanceof Join input && input.getJoinType() == JoinRelType.SEMI) {
            return false;
        }
        Double otherRows = metadata.getRowCount(other);
        Double distinctRows = metadata.getRowCount(aggregate);
        return otherRows != null && distinctRows != null && otherRows < distinctRows;
    }

    /**
     * The other side semi-joined with the aggregation's input on the grouping columns, projected to the join's
     * columns: each key column of the aggregation becomes the other side's key column it equals.
     */
    private static RelNode semiJoined(Join join, boolean distinctOnLeft, JoinInfo info) {
        Aggregate aggregate = (Aggregate) (distinctOnLeft ? join.getLeft() : join.getRight()).stripped();
        RelNode other = distinctOnLeft ? join.getRight() : join.getLeft();
        List<Integer> distinctKeys = distinctOnLeft ? info.leftKeys : info.rightKeys;
        List<Integer> otherKeys = distinctOnLeft ? info.rightKeys : info.leftKeys;
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(join.getCluster(), null);
        builder.push(other).push(aggregate.getInput());
        List<RexNode> equalities = new ArrayList<>();
        for (int i = 0; i < distinctKeys.size(); i++) {
            int groupedColumn = aggregate.getGroupSet().nth(distinctKeys.get(i));
            equalities.add(builder.equals(builder.field(2, 0, otherKeys.get(i)), builder.field(2, 1, groupedColumn)));
        }
        builder.semiJoin(equalities);
        // The semi join's fields are the other side's; the aggregation's field f is the other key it was joined to.
        int[] otherKeyOfGroupField = new int[aggregate.getGroupCount()];
        for (int i = 0; i < distinctKeys.size(); i++) {
            otherKeyOfGroupField[distinctKeys.get(i)] = otherKeys.get(i);
        }
        int otherCount = other.getRowType().getFieldCount();
        int distinctCount = aggregate.getRowType().getFieldCount();
        List<RelDataTypeField> fields = join.getRowType().getFieldList();
        RexBuilder rexBuilder = join.getCluster().getRexBuilder();
        List<RexNode> projections = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            int offset = distinctOnLeft ? i - distinctCount : i;
            RexNode value = offset >= 0 && offset < otherCount
                    ? builder.field(offset)
                    : builder.field(otherKeyOfGroupField[distinctOnLeft ? i : i - otherCount]);
            projections.add(
                    value.getType().equals(fields.get(i).getType())
                            ? value
                            : rexBuilder.makeCast(fields.get(i).getType(), value, true, false));
        }
        return builder.project(projections, join.getRowType().getFieldNames(), true)
                .build();
    }
}
