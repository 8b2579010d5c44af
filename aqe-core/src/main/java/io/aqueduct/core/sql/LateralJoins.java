package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * LATERAL joins rewritten into the equal forms Calcite's decorrelator handles.
 *
 * <ul>
 *   <li>The condition of {@code JOIN LATERAL (...) t ON condition} (and a HAVING over the lateral rows) leaves the
 *       lateral side, where the decorrelator mishandled it: given {@code ON t.c = r.r_regionkey + 5} over {@code
 *       SELECT count(*) c}, it compared the outer side with itself ({@code r_regionkey = r_regionkey + 5}) and lost
 *       every row. An inner join filters the joined rows by the condition instead: the condition keeps or drops each
 *       pair of an outer row and a lateral row either way. A LEFT join of an aggregate without GROUP BY (one lateral
 *       row per outer row) keeps that row's columns where the condition holds and makes them NULL elsewhere, which is
 *       what the outer join does with them.
 *   <li>{@code FROM t, LATERAL (SELECT max(x) FROM u WHERE u.k = t.k)} is the LEFT JOIN LATERAL it is equal to: an
 *       aggregate without GROUP BY yields one row per outer row, so no outer row is lost either way, and with every
 *       column of it nullable the two have the same type. The decorrelator failed its own type check on the inner
 *       form ("Decorrelation produced a relation with a different type").
 * </ul>
 */
final class LateralJoins {
    private LateralJoins() {}

    static RelNode forDecorrelation(RelNode root) {
        return root.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                return visited instanceof Correlate correlate ? rewritten(correlate) : visited;
            }
        });
    }

    private static RelNode rewritten(Correlate correlate) {
        if (correlate.getRight() instanceof Filter filter) {
            if (correlate.getJoinType() == JoinRelType.INNER) {
                return LogicalFilter.create(
                        leftIfAggregate(withoutCondition(correlate, filter)), overJoinedRows(correlate, filter));
            }
            if (correlate.getJoinType() == JoinRelType.LEFT && oneRowPerOuterRow(filter.getInput())) {
                return nullingUnmatchedColumns(correlate, filter);
            }
        }
        return leftIfAggregate(correlate);
    }

    private static Correlate leftIfAggregate(Correlate correlate) {
        boolean allNullable = correlate.getRight().getRowType().getFieldList().stream()
                .map(RelDataTypeField::getType)
                .allMatch(type -> type.isNullable());
        if (correlate.getJoinType() != JoinRelType.INNER || !oneRowPerOuterRow(correlate.getRight()) || !allNullable) {
            return correlate;
        }
        return copy(correlate, correlate.getRight(), JoinRelType.LEFT);
    }

    /** An aggregate without grouping keys, under projections only. */
    private static boolean oneRowPerOuterRow(RelNode rel) {
        RelNode node = rel;
        while (node instanceof Project project) {
            node = project.getInput();
        }
        return node instanceof Aggregate aggregate && aggregate.getGroupSet().isEmpty();
    }

    private static RelNode nullingUnmatchedColumns(Correlate correlate, Filter filter) {
        RexBuilder rexBuilder = correlate.getCluster().getRexBuilder();
        RexNode condition = overJoinedRows(correlate, filter);
        int outerColumns = correlate.getLeft().getRowType().getFieldCount();
        List<RelDataTypeField> columns = correlate.getRowType().getFieldList();
        List<RexNode> projections = new ArrayList<>();
        for (int column = 0; column < columns.size(); column++) {
            RexNode value = new RexInputRef(column, columns.get(column).getType());
            projections.add(
                    column < outerColumns
                            ? value
                            : rexBuilder.makeCall(
                                    SqlStdOperatorTable.CASE,
                                    condition,
                                    value,
                                    rexBuilder.makeNullLiteral(value.getType())));
        }
        return LogicalProject.create(
                withoutCondition(correlate, filter), List.of(), projections, correlate.getRowType(), Set.of());
    }

    private static Correlate withoutCondition(Correlate correlate, Filter filter) {
        return copy(correlate, filter.getInput(), correlate.getJoinType());
    }

    private static Correlate copy(Correlate correlate, RelNode right, JoinRelType joinType) {
        return correlate.copy(
                correlate.getTraitSet(),
                correlate.getLeft(),
                right,
                correlate.getCorrelationId(),
                correlate.getRequiredColumns(),
                joinType);
    }

    /** The filter's condition over the join's rows: the outer side's columns first, then the lateral side's. */
    private static RexNode overJoinedRows(Correlate correlate, Filter filter) {
        int outerColumns = correlate.getLeft().getRowType().getFieldCount();
        return RexUtil.shift(filter.getCondition(), outerColumns)
                .accept(new OuterColumns(correlate.getCorrelationId()));
    }

    /** Replaces the outer row's fields ({@code $cor0.r_regionkey}) with the joined row's columns of the outer side. */
    private static final class OuterColumns extends RexShuttle {
        private final CorrelationId correlation;

        OuterColumns(CorrelationId correlation) {
            this.correlation = correlation;
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess fieldAccess) {
            if (fieldAccess.getReferenceExpr() instanceof RexCorrelVariable variable
                    && variable.id.equals(correlation)) {
                return new RexInputRef(fieldAccess.getField().getIndex(), fieldAccess.getType());
            }
            return super.visitFieldAccess(fieldAccess);
        }
    }
}
