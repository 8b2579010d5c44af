package io.aqueduct.core.sql;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Util;

/**
 * {@code INTERSECT ALL} and {@code EXCEPT ALL} as their distinct forms over rows numbered within their
 * duplicates: each input gains {@code ROW_NUMBER() OVER (PARTITION BY every column)}, so the n-th copy of a
 * row in one input meets only the n-th copy in the other. The distinct set operation then keeps
 * min(m, n) copies (INTERSECT) or max(m - n, 0) (EXCEPT), as SQL requires, and the number is projected
 * away. Calcite's {@code INTERSECT_TO_DISTINCT} and {@code MINUS_TO_DISTINCT} plan the distinct forms.
 *
 * <pre>{@code
 * SELECT a FROM t INTERSECT ALL SELECT a FROM u
 * -- becomes
 * SELECT a FROM (SELECT a, ROW_NUMBER() OVER (PARTITION BY a) FROM t
 *                INTERSECT SELECT a, ROW_NUMBER() OVER (PARTITION BY a) FROM u)
 * }</pre>
 */
final class SetOperationAllRule extends RelRule<RuleConfig> {
    static final RelOptRule INSTANCE = new RuleConfig(
                    RelFactories.LOGICAL_BUILDER,
                    "SetOperationAllRule",
                    b -> b.operand(SetOp.class)
                            .predicate(SetOperationAllRule::numberable)
                            .anyInputs(),
                    SetOperationAllRule::new)
            .toRule();

    /**
     * INTERSECT ALL of any number of inputs keeps the least count, as numbering does; EXCEPT ALL of three
     * inputs subtracts both counts, which numbering does not, so only the binary form (what SQL text gives) is
     * rewritten.
     */
    private static boolean numberable(SetOp setOp) {
        return setOp.all
                && (setOp instanceof Intersect
                        || (setOp instanceof Minus && setOp.getInputs().size() == 2));
    }

    private SetOperationAllRule(RuleConfig config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        SetOp setOp = call.rel(0);
        RelBuilder builder = call.builder();
        int fieldCount = setOp.getRowType().getFieldCount();
        for (RelNode input : setOp.getInputs()) {
            builder.push(input);
            RexNode occurrence = builder.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
                    .over()
                    .partitionBy(builder.fields())
                    .toRex();
            builder.projectPlus(builder.alias(occurrence, "$occurrence"));
        }
        int inputCount = setOp.getInputs().size();
        if (setOp instanceof Intersect) {
            builder.intersect(false, inputCount);
        } else {
            builder.minus(false, inputCount);
        }
        builder.project(
                Util.first(builder.fields(), fieldCount), setOp.getRowType().getFieldNames(), true);
        call.transformTo(builder.build());
    }
}
