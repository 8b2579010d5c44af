package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TestSkewedBuckets {
    private static final long MIB = 1L << 20;

    @Test
    void splitsABucketAboveFactorTimesMedianAndMinBytes() {
        long[] bytes = uniform(16, 10 * MIB);
        bytes[7] = 300 * MIB;

        var skewed = SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, 40 * MIB, 32);

        assertThat(skewed).containsOnlyKeys(7);
        // 300 MiB over a 40 MiB target per task: 8 pieces.
        assertThat(skewed.get(7)).isEqualTo(8);
    }

    @Test
    void leavesUniformBucketsAlone() {
        long[] bytes = uniform(16, 100 * MIB);

        assertThat(SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, 100 * MIB, 32)).isEmpty();
    }

    @Test
    void aLargeBucketBelowFactorTimesMedianIsNotSkewed() {
        long[] bytes = uniform(16, 100 * MIB);
        bytes[3] = 450 * MIB;

        assertThat(SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, 100 * MIB, 32)).isEmpty();
    }

    @Test
    void aBucketBelowMinBytesIsNotSkewedHoweverLopsided() {
        long[] bytes = uniform(16, 1024);
        bytes[3] = 60 * MIB;

        assertThat(SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, MIB, 32)).isEmpty();
    }

    @Test
    void piecesStayWithinTheTaskLimitAndASkewedBucketWithinTheTargetStaysWhole() {
        long[] bytes = uniform(8, MIB);
        bytes[0] = 10_000 * MIB;
        bytes[1] = 70 * MIB;

        var skewed = SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, 1_000 * MIB, 16);

        assertThat(skewed.get(0)).isEqualTo(10);
        assertThat(skewed.get(1)).isEqualTo(1);
        assertThat(SkewedBuckets.find(bytes, bytes, 5, 64 * MIB, MIB, 16).get(0))
                .isEqualTo(16);
    }

    private static long[] uniform(int buckets, long bytes) {
        long[] values = new long[buckets];
        Arrays.fill(values, bytes);
        return values;
    }
}
