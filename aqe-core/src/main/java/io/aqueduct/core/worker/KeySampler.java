package io.aqueduct.core.worker;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.protocol.KeySample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Profiles the partitioning key of the batches a late-bound head holds: rows and bytes per fine hash
 * bucket (so the coordinator can size buckets of any count), counted over every row, and the most
 * frequent key values, kept with the Space-Saving algorithm in a fixed number of counters over every
 * {@link #HEAVY_HITTER_STRIDE}th row (a key holding a large share of the rows holds the same share of
 * those). Sees only the sample, so its cost is bounded by the sample budget. A counter's key text is rendered when
 * the counter sees its key a second time: a key seen once is no heavy hitter, and rendering the text of every key that
 * takes over a counter (every counted row, where keys are distinct) cost more than the rest of the sampler.
 */
final class KeySampler {
    private static final int COUNTERS = 32;
    private static final int REPORTED_HEAVY_HITTERS = 8;
    /**
     * Rows between two rows the heavy-hitter counters see: with distinct keys every row they see evicts a counter
     * after comparing all of them, which costs far more than the histogram's count (at a stride of 8, twice the
     * hashing of every row, 3% of the workers' CPU on {@code skew.hot}). The heavy hitters only name the key of a
     * skewed bucket in the decision's reason, and a key holding a few percent of the rows is still seen many times.
     */
    static final int HEAVY_HITTER_STRIDE = 32;

    private final List<Integer> keys;
    private final long[] rows = new long[HashPartitioner.FINE_BUCKETS];
    private final double[] bytes = new double[HashPartitioner.FINE_BUCKETS];
    /**
     * Space-Saving counters, {@code used} of them: the key's hash, text (null until seen twice), fine bucket, count and
     * overcount.
     */
    private final long[] counterHashes = new long[COUNTERS];

    private final String[] counterKeys = new String[COUNTERS];
    private final int[] counterFineBuckets = new int[COUNTERS];
    private final long[] counts = new long[COUNTERS];
    private final long[] overcounts = new long[COUNTERS];
    private int used;
    /** Rows seen so far, to pick every {@link #HEAVY_HITTER_STRIDE}th across batches. */
    private long seen;

    KeySampler(List<Integer> keys) {
        this.keys = List.copyOf(keys);
    }

    /** The partitioning key columns it profiles. */
    List<Integer> keys() {
        return keys;
    }

    /**
     * Profiles the batch's rows; returns each row's fine bucket, from which routing the batch once bound takes its
     * bucket instead of hashing the keys again.
     */
    short[] add(VectorSchemaRoot batch, long batchBytes) {
        int rowCount = batch.getRowCount();
        short[] fineBuckets = new short[rowCount];
        if (rowCount == 0) {
            return fineBuckets;
        }
        long[] hashes = HashPartitioner.hashes(batch, keys);
        // The batch's bytes spread evenly over its rows; rounded once, when a snapshot reports them.
        double bytesPerRow = (double) batchBytes / rowCount;
        for (int row = 0; row < rowCount; row++) {
            int fine = HashPartitioner.fineBucket(hashes[row]);
            fineBuckets[row] = (short) fine;
            rows[fine]++;
            bytes[fine] += bytesPerRow;
        }
        int firstCounted = (int) Math.floorMod(-seen, (long) HEAVY_HITTER_STRIDE);
        for (int row = firstCounted; row < rowCount; row += HEAVY_HITTER_STRIDE) {
            count(hashes[row], fineBuckets[row], batch, row);
        }
        seen += rowCount;
        return fineBuckets;
    }

    private void count(long hash, int fine, VectorSchemaRoot batch, int row) {
        int smallest = 0;
        for (int counter = 0; counter < used; counter++) {
            if (counterHashes[counter] == hash) {
                counts[counter]++;
                if (counterKeys[counter] == null) {
                    counterKeys[counter] = keyText(batch, row);
                }
                return;
            }
            if (counts[counter] < counts[smallest]) {
                smallest = counter;
            }
        }
        if (used < COUNTERS) {
            set(used++, hash, fine, 1, 0);
        } else {
            long min = counts[smallest];
            set(smallest, hash, fine, min + 1, min);
        }
    }

    private void set(int counter, long hash, int fine, long count, long overcount) {
        counterHashes[counter] = hash;
        counterKeys[counter] = null;
        counterFineBuckets[counter] = fine;
        counts[counter] = count;
        overcounts[counter] = overcount;
    }

    private String keyText(VectorSchemaRoot batch, int row) {
        return keys.stream()
                .map(key -> String.valueOf(batch.getVector(key).getObject(row)))
                .collect(Collectors.joining(", "));
    }

    /** The histogram, and the heaviest keys seen more than once, with their counts scaled back to all rows. */
    KeySample snapshot() {
        List<Integer> usedBuckets = new ArrayList<>();
        for (int fine = 0; fine < rows.length; fine++) {
            if (rows[fine] > 0) {
                usedBuckets.add(fine);
            }
        }
        int[] fineBuckets = usedBuckets.stream().mapToInt(Integer::intValue).toArray();
        long[] usedRows = usedBuckets.stream().mapToLong(fine -> rows[fine]).toArray();
        long[] usedBytes =
                usedBuckets.stream().mapToLong(fine -> Math.round(bytes[fine])).toArray();
        List<KeySample.HeavyHitter> heavy = IntStream.range(0, used)
                .filter(counter -> counterKeys[counter] != null)
                .boxed()
                .sorted(Comparator.comparingLong((Integer counter) -> counts[counter])
                        .reversed())
                .limit(REPORTED_HEAVY_HITTERS)
                .map(counter -> new KeySample.HeavyHitter(
                        counterKeys[counter],
                        counterFineBuckets[counter],
                        counts[counter] * HEAVY_HITTER_STRIDE,
                        overcounts[counter] * HEAVY_HITTER_STRIDE))
                .toList();
        return new KeySample(fineBuckets, usedRows, usedBytes, heavy);
    }
}
