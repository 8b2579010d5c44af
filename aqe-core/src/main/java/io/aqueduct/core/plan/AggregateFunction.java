package io.aqueduct.core.plan;

/**
 * Aggregate functions the hash aggregation computes. AVG and COUNT(DISTINCT) never reach execution:
 * Calcite rewrites them into these. Each function's partial result is one column that
 * {@link #merge()} combines in the final step.
 */
public enum AggregateFunction {
    /** No argument: counts rows; one argument: counts non-NULL values. BIGINT, never NULL. */
    COUNT,
    /** NULL when there is no non-NULL input. */
    SUM,
    /** Like SUM but 0 instead of NULL. */
    SUM0,
    MIN,
    MAX,
    /** Fails when a group has more than one row (scalar subqueries). */
    SINGLE_VALUE,
    /** Any one value of the group. */
    ANY_VALUE;

    /** The function that combines partial results of this function. */
    public AggregateFunction merge() {
        return switch (this) {
            case COUNT, SUM0 -> SUM0;
            case SUM -> SUM;
            case MIN -> MIN;
            case MAX -> MAX;
            case SINGLE_VALUE -> SINGLE_VALUE;
            case ANY_VALUE -> ANY_VALUE;
        };
    }
}
