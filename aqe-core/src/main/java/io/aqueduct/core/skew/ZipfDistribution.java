package io.aqueduct.core.skew;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Zipf's law over the keys 1..n: P(k) = k^-s / H(n, s), where H(n, s) is the sum of j^-s for j = 1..n. A key is
 * drawn by mapping a uniform value through the cumulative distribution (inversion), so a larger uniform value never
 * gives a smaller key.
 */
final class ZipfDistribution {
    private final double[] cumulative;
    /**
     * Guide table: {@code guide[b]} is the number of keys whose cumulative probability lies below bucket b of n equal
     * buckets of [0, 1], which bounds the search to one bucket's keys: usually one or two.
     */
    private final int[] guide;

    ZipfDistribution(int keys, double exponent) {
        checkArgument(keys > 0, "keys must be positive: %s", keys);
        cumulative = new double[keys];
        double sum = 0;
        for (int key = 1; key <= keys; key++) {
            sum += Math.pow(key, -exponent);
            cumulative[key - 1] = sum;
        }
        for (int i = 0; i < keys; i++) {
            cumulative[i] /= sum;
        }
        // Rounding must not leave uniform values above the last key's bound.
        cumulative[keys - 1] = 1.0;
        guide = new int[keys + 1];
        int below = 0;
        for (int bucket = 0; bucket <= keys; bucket++) {
            while (below < keys && bucket(cumulative[below]) < bucket) {
                below++;
            }
            guide[bucket] = below;
        }
    }

    /** The key whose cumulative range holds {@code uniform}, a value in [0, 1). */
    int key(double uniform) {
        int bucket = bucket(uniform);
        // The answer is the first index whose cumulative probability exceeds uniform; the guide brackets it.
        int low = guide[bucket];
        int high = guide[bucket + 1];
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (cumulative[middle] > uniform) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low + 1;
    }

    private int bucket(double probability) {
        return (int) (probability * cumulative.length);
    }
}
