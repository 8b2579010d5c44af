package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMdSelectivity;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The selectivity of an inner join's equality {@code l.a = r.b} from the columns' distinct counts, {@code 1 /
 * max(ndv(a), ndv(b))} (each value of the side with fewer values finds its matches among the other's), instead of
 * Calcite's fixed guess of 0.15 per equality, which makes a join on a low-cardinality column (customer and supplier
 * on their nation) look as selective as one on a key. Other conjuncts and join types keep Calcite's estimate. Public
 * because Calcite generates the code that calls it.
 */
public final class EquiJoinSelectivity extends RelMdSelectivity {
    @Override
    public @Nullable Double getSelectivity(Join join, RelMetadataQuery mq, @Nullable RexNode predicate) {
        if (join.getJoinType() != JoinRelType.INNER || predicate == null) {
            return super.getSelectivity(join, mq, predicate);
        }
        double equalities = 1;
        ImmutableBitSet.Builder leftKeys = ImmutableBitSet.builder();
        ImmutableBitSet.Builder rightKeys = ImmutableBitSet.builder();
        List<RexNode> others = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(predicate)) {
            Optional<Equality> equality = equality(join, mq, conjunct);
            if (equality.isPresent()) {
                equalities = Math.min(equalities, equality.get().selectivity());
                leftKeys.set(equality.get().left());
                rightKeys.set(equality.get().right());
            } else {
                others.add(conjunct);
            }
        }
        double selectivity = uniqueKeyBound(join, mq, leftKeys.build(), rightKeys.build(), equalities);
        if (!others.isEmpty()) {
            Double rest = super.getSelectivity(
                    join, mq, RexUtil.composeConjunction(join.getCluster().getRexBuilder(), others));
            selectivity *= rest == null ? 1 : rest;
        }
        return selectivity;
    }

    /** An equality of a left and a right column ({@code right} numbered within the right input). */
    private record Equality(int left, int right, double selectivity) {}

    /**
     * Several equalities between the same inputs are taken as correlated (a composite foreign key, such as
     * lineitem's part and supplier against partsupp): the most selective one counts ({@code selectivity}), and when
     * one side's join columns are unique each row of the other side matches at most one of its rows.
     */
    private static double uniqueKeyBound(
            Join join, RelMetadataQuery mq, ImmutableBitSet left, ImmutableBitSet right, double selectivity) {
        double bound = Math.min(1, selectivity);
        bound = uniqueSideBound(join.getRight(), right, mq, bound);
        return uniqueSideBound(join.getLeft(), left, mq, bound);
    }

    /**
     * {@code 1 / rows of side} when that is below {@code bound} and the side's {@code keys} are unique, else {@code
     * bound}. Uniqueness is asked only when it could lower the bound: it pulls predicates up through the whole input,
     * the most expensive metadata call of join ordering, which calls this for every join it considers.
     */
    private static double uniqueSideBound(RelNode side, ImmutableBitSet keys, RelMetadataQuery mq, double bound) {
        if (keys.isEmpty()) {
            return bound;
        }
        double unique = 1 / Math.max(1, mq.getRowCount(side));
        return unique < bound && Boolean.TRUE.equals(mq.areColumnsUnique(side, keys)) ? unique : bound;
    }

    private static Optional<Equality> equality(Join join, RelMetadataQuery mq, RexNode conjunct) {
        if (!conjunct.isA(SqlKind.EQUALS)) {
            return Optional.empty();
        }
        List<RexNode> operands = ((RexCall) conjunct).getOperands();
        if (!(RexUtil.removeCast(operands.get(0)) instanceof RexInputRef first)
                || !(RexUtil.removeCast(operands.get(1)) instanceof RexInputRef second)) {
            return Optional.empty();
        }
        int leftFields = join.getLeft().getRowType().getFieldCount();
        int left = Math.min(first.getIndex(), second.getIndex());
        int right = Math.max(first.getIndex(), second.getIndex());
        if (left >= leftFields || right < leftFields) {
            return Optional.empty();
        }
        Double leftDistinct = mq.getDistinctRowCount(join.getLeft(), ImmutableBitSet.of(left), null);
        Double rightDistinct = mq.getDistinctRowCount(join.getRight(), ImmutableBitSet.of(right - leftFields), null);
        if (leftDistinct == null || rightDistinct == null) {
            return Optional.empty();
        }
        return Optional.of(
                new Equality(left, right - leftFields, 1 / Math.max(1, Math.max(leftDistinct, rightDistinct))));
    }
}
