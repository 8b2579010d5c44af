package io.aqueduct.core.connector;

/**
 * Estimated size of a table: rows and bytes as held in Arrow vectors, and how many parts a scan of it can usefully
 * be split into ({@link #ANY_SPLIT_COUNT} when any count of parts holds rows, as for generated tables; a Parquet
 * table has one part per row group, and more tasks than that would read nothing).
 */
public record TableStatistics(long rowCount, long sizeBytes, int splitCount) {
    public static final int ANY_SPLIT_COUNT = Integer.MAX_VALUE;

    public TableStatistics {
        if (splitCount < 1) {
            throw new IllegalArgumentException("splitCount must be positive: " + splitCount);
        }
    }

    /** A table that splits into any number of parts. */
    public TableStatistics(long rowCount, long sizeBytes) {
        this(rowCount, sizeBytes, ANY_SPLIT_COUNT);
    }
}
