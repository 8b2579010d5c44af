package io.aqueduct.core.sql;

import org.apache.calcite.plan.RelOptRule;

/** Aqueduct's own planner rules, next to Calcite's {@code CoreRules}. */
final class AqueductRules {
    /** {@code count(*)} over a table scans no column. */
    static final RelOptRule AGGREGATE_SCAN_WITHOUT_COLUMNS = ScanWithoutColumnsRule.AGGREGATE;

    /** A projection of constants over a table scans no column. */
    static final RelOptRule PROJECT_SCAN_WITHOUT_COLUMNS = ScanWithoutColumnsRule.PROJECT;

    /** A small input joined with an aggregation on its grouping keys filters the aggregation's input. */
    static final RelOptRule AGGREGATE_SEMI_JOIN = AggregateSemiJoinRule.INSTANCE;

    /** An inner join with the distinct keys of an input on those keys is a semi join with that input. */
    static final RelOptRule DISTINCT_JOIN_TO_SEMI_JOIN = DistinctJoinToSemiJoinRule.INSTANCE;

    private AqueductRules() {}
}
