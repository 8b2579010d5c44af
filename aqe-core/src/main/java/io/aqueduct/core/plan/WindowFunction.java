package io.aqueduct.core.plan;

/**
 * Functions a {@link WindowNode} computes over each row's partition. Ranking functions read only the
 * order (peers are rows equal on the ORDER BY keys); offset and aggregate functions read their frame.
 * AVG never reaches execution: Calcite expands a windowed AVG into SUM and COUNT.
 */
public enum WindowFunction {
    ROW_NUMBER,
    RANK,
    DENSE_RANK,
    /** {@code (rank - 1) / (partition rows - 1)}, 0 for a partition of one row. DOUBLE. */
    PERCENT_RANK,
    /** Rows up to and including the row's last peer, divided by the partition's rows. DOUBLE. */
    CUME_DIST,
    /** {@code (buckets)}: the row's bucket 1..buckets, earlier buckets one row larger when rows do not divide evenly. */
    NTILE,
    /** {@code (value [, offset [, default]])}: the value {@code offset} (1) rows before, else default (NULL). */
    LAG,
    /** {@code (value [, offset [, default]])}: the value {@code offset} (1) rows after, else default (NULL). */
    LEAD,
    FIRST_VALUE,
    LAST_VALUE,
    /** {@code (value, n)}: the value of the frame's n-th row, NULL when the frame is shorter. */
    NTH_VALUE,
    /** No argument: rows in the frame; one argument: non-NULL values in the frame. Never NULL. */
    COUNT,
    /** NULL for a frame without non-NULL values. */
    SUM,
    /** Like SUM but 0 instead of NULL. */
    SUM0,
    MIN,
    MAX;

    /** Whether the function reads the rows of its frame (rather than the partition's order alone). */
    public boolean usesFrame() {
        return switch (this) {
            case FIRST_VALUE, LAST_VALUE, NTH_VALUE, COUNT, SUM, SUM0, MIN, MAX -> true;
            default -> false;
        };
    }
}
