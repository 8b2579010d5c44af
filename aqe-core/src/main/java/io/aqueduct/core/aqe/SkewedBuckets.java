package io.aqueduct.core.aqe;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Spark-style skew detection on one side of a join: a bucket is skewed when it is larger than both
 * {@code skewFactor} × the median bucket and {@code skewMinBytes}. A skewed bucket is cut into
 * enough pieces to bring each near the target cost per task, at most {@code maxPieces}: one piece
 * when the bucket is within the target, as one task may read it whole (splitting it would only copy
 * the other side's bucket to more tasks).
 */
public final class SkewedBuckets {
    private SkewedBuckets() {}

    /** The skewed buckets of {@code sideBytes}, each with its number of pieces. */
    static SortedMap<Integer, Integer> find(
            long[] sideBytes, long[] bucketCosts, long skewFactor, long skewMinBytes, long targetCost, int maxPieces) {
        long median = median(sideBytes);
        SortedMap<Integer, Integer> pieces = new TreeMap<>();
        for (int bucket = 0; bucket < sideBytes.length; bucket++) {
            long bytes = sideBytes[bucket];
            if (bytes > skewMinBytes && (double) bytes > (double) skewFactor * median) {
                long wanted = (bucketCosts[bucket] + Math.max(1, targetCost) - 1) / Math.max(1, targetCost);
                pieces.put(bucket, (int) Math.max(1, Math.min(wanted, maxPieces)));
            }
        }
        return pieces;
    }

    static long median(long[] values) {
        if (values.length == 0) {
            return 0;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
