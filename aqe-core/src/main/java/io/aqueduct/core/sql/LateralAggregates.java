package io.aqueduct.core.sql;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Turns {@code FROM t, LATERAL (SELECT max(x) FROM u WHERE u.k = t.k)} into the LEFT JOIN LATERAL it is equal to:
 * an aggregate without GROUP BY yields one row per outer row, so no outer row is lost either way, and with every
 * column of it nullable the two have the same type. Calcite's decorrelator handles the left form and fails its own
 * type check on the inner one ("Decorrelation produced a relation with a different type").
 */
final class LateralAggregates {
    private LateralAggregates() {}

    static RelNode asLeftCorrelates(RelNode root) {
        return root.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                if (visited instanceof Correlate correlate
                        && correlate.getJoinType() == JoinRelType.INNER
                        && oneRowPerOuterRow(correlate.getRight())
                        && correlate.getRight().getRowType().getFieldList().stream()
                                .map(RelDataTypeField::getType)
                                .allMatch(type -> type.isNullable())) {
                    return correlate.copy(
                            correlate.getTraitSet(),
                            correlate.getLeft(),
                            correlate.getRight(),
                            correlate.getCorrelationId(),
                            correlate.getRequiredColumns(),
                            JoinRelType.LEFT);
                }
                return visited;
            }
        });
    }

    /** An aggregate without grouping keys, under projections only. */
    static boolean oneRowPerOuterRow(RelNode rel) {
        RelNode node = rel;
        while (node instanceof Project project) {
            node = project.getInput();
        }
        return node instanceof Aggregate aggregate && aggregate.getGroupSet().isEmpty();
    }
}
