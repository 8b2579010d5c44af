package io.aqueduct.core.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import java.util.Map;
import java.util.TreeMap;

/**
 * The coordinator's word to a late-bound producer task: how to route its output, into which
 * partitions. A gather has one partition; a broadcast one per consumer task, each getting every
 * row; a hash shuffle one per bucket, except that a bucket listed in {@code splitBuckets} gets that
 * many partitions: with {@link SplitMode#SPLIT} its rows are spread over them (the skewed side of a
 * join), with {@link SplitMode#REPLICATE} each gets all of them (the other side, read whole by
 * every piece).
 *
 * @param partitioning how to route, which may differ from the plan's when a decision changed the
 *     boundary (a shuffle switched to broadcast or forward)
 * @param bucketCount hash buckets, or for a broadcast the consumer tasks
 */
public record OutputBinding(
        OutputPartitioning partitioning, int bucketCount, Map<Integer, Integer> splitBuckets, SplitMode splitMode) {
    /** What a producer task's late-bound head samples for its consumer to be decided from. */
    public static final long SAMPLE_BUDGET_BYTES = 4L << 20;

    /**
     * What a late-bound head holds before it waits for its binding: more than the sample budget, so that the producer
     * keeps producing while the coordinator decides its consumer from the sample (a few round trips to workers)
     * instead of stalling at the budget.
     */
    public static final long HOLD_LIMIT_BYTES = 4 * SAMPLE_BUDGET_BYTES;

    /** What the partitions of a split bucket receive. */
    public enum SplitMode {
        /** Each of the bucket's row chunks goes to the next of its partitions in turn. */
        SPLIT,
        /** Every partition of the bucket receives all of its rows. */
        REPLICATE,
        /**
         * Each producer task sends all of its rows of the bucket to one of its partitions, task {@code i} to partition
         * {@code i} (modulo the bucket's partitions): the piece reading them can run on that task's worker.
         */
        ALIGNED
    }

    @JsonCreator
    public OutputBinding(
            @JsonProperty("partitioning") OutputPartitioning partitioning,
            @JsonProperty("bucketCount") int bucketCount,
            @JsonProperty("splitBuckets") Map<Integer, Integer> splitBuckets,
            @JsonProperty("splitMode") SplitMode splitMode) {
        if (bucketCount <= 0 || bucketCount > HashPartitioner.FINE_BUCKETS) {
            throw new IllegalArgumentException("bucketCount out of range: " + bucketCount);
        }
        if (partitioning.kind() == PartitioningKind.SINGLE && bucketCount != 1) {
            throw new IllegalArgumentException("A gather has one partition, not " + bucketCount);
        }
        splitBuckets = new TreeMap<>(splitBuckets == null ? Map.of() : splitBuckets);
        splitBuckets.forEach((bucket, ways) -> {
            if (bucket < 0 || bucket >= bucketCount || ways < 1) {
                throw new IllegalArgumentException("Bad split of bucket " + bucket + " into " + ways);
            }
        });
        this.partitioning = partitioning;
        this.bucketCount = bucketCount;
        this.splitBuckets = java.util.Collections.unmodifiableMap(splitBuckets);
        this.splitMode = splitMode == null ? SplitMode.SPLIT : splitMode;
    }

    /** One partition per bucket ({@code partitions} of them for a broadcast, one for a gather). */
    public static OutputBinding of(OutputPartitioning partitioning, int partitions) {
        return new OutputBinding(partitioning, partitions, Map.of(), SplitMode.SPLIT);
    }

    /** The number of output partitions: every bucket's, split ones counting each of their pieces. */
    @JsonIgnore
    public int partitionCount() {
        int extra = splitBuckets.values().stream().mapToInt(ways -> ways - 1).sum();
        return bucketCount + extra;
    }

    /** The partitions of {@code bucket} are {@code firstPartition(bucket)} to that plus {@code ways(bucket) - 1}. */
    public int firstPartition(int bucket) {
        return firstPartition(splitBuckets, bucket);
    }

    /** The first partition of {@code bucket} when the buckets in {@code splitBuckets} have that many partitions. */
    public static int firstPartition(Map<Integer, Integer> splitBuckets, int bucket) {
        int partition = bucket;
        for (Map.Entry<Integer, Integer> split : splitBuckets.entrySet()) {
            if (split.getKey() < bucket) {
                partition += split.getValue() - 1;
            }
        }
        return partition;
    }

    public int ways(int bucket) {
        return splitBuckets.getOrDefault(bucket, 1);
    }
}
