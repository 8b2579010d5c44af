package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
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
 * Takes the condition of {@code JOIN LATERAL (...) t ON condition} (and a HAVING over the lateral rows) out of the
 * lateral side, where Calcite's decorrelator mishandles it: given {@code ON t.c = r.r_regionkey + 5} over
 * {@code SELECT count(*) c}, it compared the outer side with itself ({@code r_regionkey = r_regionkey + 5}) and lost
 * every row; given a condition over a {@code max(...)} it failed its own type check.
 *
 * <ul>
 *   <li>An inner join filters the joined rows by the condition instead: the condition keeps or drops each pair of an
 *       outer row and a lateral row either way.
 *   <li>A LEFT join of an aggregate without GROUP BY (one lateral row per outer row) keeps that row's columns where the
 *       condition holds and makes them NULL elsewhere, which is what the outer join does with them.
 * </ul>
 */
final class LateralJoinConditions {
    private LateralJoinConditions() {}

    static RelNode outsideLateralSides(RelNode root) {
        return root.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                if (!(visited instanceof Correlate correlate) || !(correlate.getRight() instanceof Filter filter)) {
                    return visited;
                }
                if (correlate.getJoinType() == JoinRelType.INNER) {
                    return filteringJoinedRows(correlate, filter);
                }
                if (correlate.getJoinType() == JoinRelType.LEFT
                        && LateralAggregates.oneRowPerOuterRow(filter.getInput())) {
                    return nullingUnmatchedColumns(correlate, filter);
                }
                return visited;
            }
        });
    }

    private static RelNode filteringJoinedRows(Correlate correlate, Filter filter) {
        return LogicalFilter.create(withoutCondition(correlate, filter), overJoinedRows(correlate, filter));
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
        return correlate.copy(
                correlate.getTraitSet(),
                correlate.getLeft(),
                filter.getInput(),
                correlate.getCorrelationId(),
                correlate.getRequiredColumns(),
                correlate.getJoinType());
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
