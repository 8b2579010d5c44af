package io.aqueduct.core.sql;

import java.util.List;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.ImmutableIntList;

/**
 * Scans no column of a table whose consumer reads none of them: {@code count(*)} or {@code SELECT 1 FROM t}. Calcite's
 * field trimmer cannot express a scan of zero columns, so it leaves such a scan reading every column; this rule
 * replaces it with a projectable scan of the empty column list, whose batches carry only row counts.
 */
final class ScanWithoutColumnsRule extends RelRule<RuleConfig> {
    static final RelOptRule AGGREGATE = over(Aggregate.class);
    static final RelOptRule PROJECT = over(Project.class);

    /** The rule for scans read by a consumer of the given kind. */
    private static RelOptRule over(Class<? extends RelNode> consumer) {
        return new RuleConfig(
                        RelFactories.LOGICAL_BUILDER,
                        "ScanWithoutColumnsRule(" + consumer.getSimpleName() + ")",
                        b0 -> b0.operand(consumer)
                                .oneInput(b1 -> b1.operand(TableScan.class).noInputs()),
                        ScanWithoutColumnsRule::new)
                .toRule();
    }

    private ScanWithoutColumnsRule(RuleConfig config) {
        super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
        RelNode consumer = call.rel(0);
        TableScan scan = call.rel(1);
        ConnectorTable table = scan.getTable().unwrap(ConnectorTable.class);
        return table != null
                && !table.isSystem()
                && scan.getRowType().getFieldCount() > 0
                && usedFields(consumer).isEmpty();
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        RelNode consumer = call.rel(0);
        TableScan scan = call.rel(1);
        RelNode emptyScan = Bindables.BindableTableScan.create(
                scan.getCluster(), scan.getTable(), List.of(), ImmutableIntList.of());
        call.transformTo(consumer.copy(consumer.getTraitSet(), List.of(emptyScan)));
    }

    private static ImmutableBitSet usedFields(RelNode consumer) {
        if (consumer instanceof Project project) {
            return RelOptUtil.InputFinder.bits(project.getProjects(), null);
        }
        Aggregate aggregate = (Aggregate) consumer;
        ImmutableBitSet.Builder used = aggregate.getGroupSet().rebuild();
        for (AggregateCall call : aggregate.getAggCallList()) {
            used.addAll(call.getArgList());
            if (call.filterArg >= 0) {
                used.set(call.filterArg);
            }
        }
        return used.build();
    }
}
