package io.aqueduct.core.connector;

/** Estimated size of a table: rows and bytes as held in Arrow vectors. */
public record TableStatistics(long rowCount, long sizeBytes) {}
