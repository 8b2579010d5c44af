package io.aqueduct.core.connector;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * What the optimizer knows of one column: its number of distinct non-null values and of nulls. Join sizes are
 * estimated from the distinct counts ({@code |R ⋈ S| = |R| · |S| / max(ndv(R.a), ndv(S.b))}).
 */
public record ColumnStatistics(long distinctCount, long nullCount) {
    public ColumnStatistics {
        checkArgument(distinctCount >= 0, "distinctCount is negative: %s", distinctCount);
        checkArgument(nullCount >= 0, "nullCount is negative: %s", nullCount);
    }
}
