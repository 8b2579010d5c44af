package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A worker's memory now: the Arrow memory its tasks hold and the most they held at once since it started, the
 * limit of all its Arrow memory (tasks, split cache and memory catalog together), what its split cache holds and
 * may hold, and its JVM heap (used now, the sum of the heap pools' peaks, and the maximum).
 */
public record WorkerMemory(
        @JsonProperty("taskBytes") long taskBytes,
        @JsonProperty("taskPeakBytes") long taskPeakBytes,
        @JsonProperty("arrowLimitBytes") long arrowLimitBytes,
        @JsonProperty("splitCacheBytes") long splitCacheBytes,
        @JsonProperty("splitCacheCapacityBytes") long splitCacheCapacityBytes,
        @JsonProperty("heapUsedBytes") long heapUsedBytes,
        @JsonProperty("heapPeakBytes") long heapPeakBytes,
        @JsonProperty("heapMaxBytes") long heapMaxBytes) {}
