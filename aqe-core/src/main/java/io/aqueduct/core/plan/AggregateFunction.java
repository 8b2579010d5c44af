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
    ANY_VALUE,
    /**
     * {@code (value, key)}: the value on the row of the group's largest key, rows with a NULL value or key skipped.
     * Not {@link #decomposable()}.
     */
    ARG_MAX,
    /** {@code (value, key)}: as {@link #ARG_MAX}, on the row of the smallest key. */
    ARG_MIN,
    /** The bitwise AND of the group's non-NULL INTEGER or BIGINT values; NULL without one. */
    BIT_AND,
    /** The bitwise OR, as {@link #BIT_AND}. */
    BIT_OR,
    /** The bitwise exclusive OR, as {@link #BIT_AND}. */
    BIT_XOR,
    /**
     * {@code (value [, separator])}: the group's non-NULL VARCHAR values joined by the separator (',' without one), in
     * the order they arrive. Not {@link #decomposable()}.
     */
    STRING_AGG,
    /**
     * {@code (value, fraction)}: the group's continuous percentile of its non-NULL DOUBLE values, interpolated between
     * the two nearest ranks; the fraction is a constant column. Not {@link #decomposable()}.
     */
    PERCENTILE_CONT,
    /**
     * {@code (value, fraction)}: the first of the group's non-NULL values, in ascending order, whose cumulative share of
     * the values reaches the fraction; the value's type. Not {@link #decomposable()}.
     */
    PERCENTILE_DISC,
    /**
     * The group's most frequent non-NULL value, the smallest of equally frequent ones; the value's type. Not {@link
     * #decomposable()}.
     */
    MODE;

    /**
     * Whether partial results of this function, computed where the rows are, combine into the result ({@link #merge()});
     * if not, the rows go to the aggregation by its group keys.
     */
    public boolean decomposable() {
        return switch (this) {
            case STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC, MODE, ARG_MAX, ARG_MIN -> false;
            default -> true;
        };
    }

    /** The function that combines partial results of this function. */
    public AggregateFunction merge() {
        return switch (this) {
            case COUNT, SUM0 -> SUM0;
            case SUM -> SUM;
            case MIN -> MIN;
            case MAX -> MAX;
            case SINGLE_VALUE -> SINGLE_VALUE;
            case ANY_VALUE -> ANY_VALUE;
            case BIT_AND -> BIT_AND;
            case BIT_OR -> BIT_OR;
            case BIT_XOR -> BIT_XOR;
            case STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC, MODE, ARG_MAX, ARG_MIN ->
                throw new IllegalStateException(this + " has no partial results to merge");
        };
    }
}
