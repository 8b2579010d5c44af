package io.aqueduct.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;

/**
 * Correlated {@code EXISTS} and {@code NOT EXISTS} whose subquery only filters a table by the outer row, as in TPC-H
 * Q21 ({@code EXISTS (SELECT * FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <>
 * l1.l_suppkey)}), become semi and anti joins on that filter, the correlation's equalities as keys and the rest as
 * the join's residual. Calcite's decorrelator would instead join the subquery with the distinct outer values, which
 * computes the outer query once more per subquery (Q21 read lineitem seven times).
 *
 * <p>It runs after subquery removal, which turns {@code EXISTS} into a correlate with the distinct {@code TRUE}s of
 * the subquery: an inner correlate where only the existence counts, a left one whose indicator a filter above tests
 * with {@code IS NULL} ({@code NOT EXISTS}) or {@code IS NOT NULL}. Correlates of other shapes are left to the
 * decorrelator, and so are tests whose correlation is only equalities (TPC-H Q4, Q22), which it plans as a join
 * with the distinct keys of the table.
 */
final class ExistsToSemiJoins extends RelHomogeneousShuttle {
    private final RelBuilder builder;

    private ExistsToSemiJoins(RelBuilder builder) {
        this.builder = builder;
    }

    /**
     * {@code rel} with each existence test of the shape above as a semi or anti join, or {@code rel} as it is when
     * a correlate would be left beside them: Calcite's decorrelator does not remap the condition of a semi or anti
     * join above a correlate it replaces (the condition kept the correlate's field offsets and lost the join's
     * right side), so such a query is left to the decorrelator whole.
     */
    static RelNode rewrite(RelNode rel, RelBuilder builder) {
        RelNode rewritten = rel.accept(new ExistsToSemiJoins(builder));
        return containsCorrelate(rewritten) ? rel : rewritten;
    }

    private static boolean containsCorrelate(RelNode rel) {
        return rel instanceof Correlate || rel.getInputs().stream().anyMatch(ExistsToSemiJoins::containsCorrelate);
    }

    @Override
    public RelNode visit(RelNode other) {
        RelNode rel = super.visit(other);
        if (rel instanceof Correlate correlate && correlate.getJoinType() == JoinRelType.INNER) {
            return existenceTest(correlate)
                    .map(test -> join(correlate, test, JoinRelType.SEMI))
                    .orElse(rel);
        }
        if (rel instanceof Filter filter
                && filter.getInput() instanceof Correlate correlate
                && correlate.getJoinType() == JoinRelType.LEFT) {
            return existenceTest(correlate)
                    .flatMap(test -> testedIndicator(filter, correlate).map(tested -> {
                        JoinRelType type = tested.getKind() == SqlKind.IS_NULL ? JoinRelType.ANTI : JoinRelType.SEMI;
                        List<RexNode> rest = new ArrayList<>(RelOptUtil.conjunctions(filter.getCondition()));
                        rest.remove(tested);
                        return builder.push(join(correlate, test, type))
                                .filter(rest)
                                .build();
                    }))
                    .orElse(rel);
        }
        return rel;
    }

    /**
     * What the subquery of a correlate tests: rows of {@code table} that pass {@code tableFilter} and meet
     * {@code condition} with the outer row; {@code values} are the constants it selects.
     */
    private record ExistenceTest(
            RelNode table, List<RexNode> tableFilter, List<RexNode> condition, List<RexLiteral> values) {}

    /**
     * The test when {@code correlate}'s right side is the distinct constants of a filter of an uncorrelated input by
     * the outer row, through projections that read no outer column.
     */
    private static Optional<ExistenceTest> existenceTest(Correlate correlate) {
        if (!(correlate.getRight() instanceof Aggregate distinct)
                || !distinct.getAggCallList().isEmpty()
                || distinct.getGroupSets().size() != 1
                || !(distinct.getInput() instanceof Project constants)) {
            return Optional.empty();
        }
        List<RexLiteral> values = new ArrayList<>();
        for (int field : distinct.getGroupSet()) {
            if (!(constants.getProjects().get(field) instanceof RexLiteral literal) || literal.isNull()) {
                return Optional.empty();
            }
            values.add(literal);
        }
        RelNode below = constants.getInput();
        while (below instanceof Project project
                && RelOptUtil.getVariablesUsed(project).isEmpty()) {
            below = project.getInput();
        }
        if (!(below instanceof Filter filter)
                || !RelOptUtil.getVariablesUsed(filter.getInput()).isEmpty()
                || !Set.of(correlate.getCorrelationId()).containsAll(RelOptUtil.getVariablesUsed(filter))) {
            return Optional.empty();
        }
        // Conjuncts that do not read the outer row filter the table before the join (Calcite pushes none into
        // an anti join's right side).
        List<RexNode> local = new ArrayList<>();
        List<RexNode> correlated = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
            (RexUtil.containsCorrelation(conjunct) ? correlated : local).add(conjunct);
        }
        int outerFields = correlate.getLeft().getRowType().getFieldCount();
        OuterFieldsAsInputs outerAsInputs = new OuterFieldsAsInputs(
                correlate.getCorrelationId(), correlate.getLeft().getRowType().getFieldList());
        List<RexNode> condition = correlated.stream()
                .map(conjunct -> RexUtil.shift(conjunct, outerFields).accept(outerAsInputs))
                .toList();
        // Equalities alone the decorrelator plans well: the distinct keys of the table joined with the outer rows,
        // whose smaller side builds the hash table. A semi or anti join would build on the table.
        RexNode joinCondition =
                RexUtil.composeConjunction(correlate.getCluster().getRexBuilder(), condition);
        if (JoinInfo.of(correlate.getLeft(), filter.getInput(), joinCondition).isEqui()) {
            return Optional.empty();
        }
        return Optional.of(new ExistenceTest(filter.getInput(), local, condition, values));
    }

    /** The conjunct of {@code filter} that tests the indicator of {@code correlate}'s subquery, if one does. */
    private static Optional<RexNode> testedIndicator(Filter filter, Correlate correlate) {
        int outerFields = correlate.getLeft().getRowType().getFieldCount();
        List<RexNode> conjuncts = RelOptUtil.conjunctions(filter.getCondition());
        Optional<RexNode> tested = conjuncts.stream()
                .filter(conjunct -> (conjunct.getKind() == SqlKind.IS_NULL || conjunct.getKind() == SqlKind.IS_NOT_NULL)
                        && ((RexCall) conjunct).getOperands().get(0) instanceof RexInputRef ref
                        && ref.getIndex() >= outerFields)
                .findFirst();
        // The other conjuncts must not read the subquery's columns: the join drops them.
        boolean othersReadOuterOnly = conjuncts.stream()
                .filter(conjunct -> tested.map(t -> t != conjunct).orElse(true))
                .allMatch(conjunct -> RelOptUtil.InputFinder.bits(conjunct).length() <= outerFields);
        return othersReadOuterOnly ? tested : Optional.empty();
    }

    /**
     * The semi or anti join of the outer rows with the test's table, then the correlate's columns: the outer ones and
     * the subquery's constants, which are NULL for the rows an anti join keeps.
     */
    private RelNode join(Correlate correlate, ExistenceTest test, JoinRelType type) {
        RexBuilder rexBuilder = correlate.getCluster().getRexBuilder();
        builder.push(correlate.getLeft())
                .push(test.table())
                .filter(test.tableFilter())
                .join(type, test.condition());
        List<RexNode> columns = new ArrayList<>(builder.fields());
        List<RelDataTypeField> subqueryFields =
                correlate.getRight().getRowType().getFieldList();
        for (int i = 0; i < subqueryFields.size(); i++) {
            RelDataTypeField field = correlate.getRowType().getFieldList().get(columns.size());
            columns.add(
                    type == JoinRelType.ANTI
                            ? rexBuilder.makeNullLiteral(field.getType())
                            : rexBuilder.makeCast(field.getType(), test.values().get(i), true, false));
        }
        return builder.project(columns, correlate.getRowType().getFieldNames(), true)
                .build();
    }

    /** The outer row's fields, read through the correlation variable, as input references of the join's left side. */
    private static final class OuterFieldsAsInputs extends RexShuttle {
        private final CorrelationId correlation;
        private final List<RelDataTypeField> outerFields;

        OuterFieldsAsInputs(CorrelationId correlation, List<RelDataTypeField> outerFields) {
            this.correlation = correlation;
            this.outerFields = outerFields;
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess access) {
            if (access.getReferenceExpr() instanceof RexCorrelVariable variable && variable.id.equals(correlation)) {
                int index = access.getField().getIndex();
                return new RexInputRef(index, outerFields.get(index).getType());
            }
            return super.visitFieldAccess(access);
        }
    }
}
