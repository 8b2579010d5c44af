package io.aqueduct.server.worker;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.server.transport.KeySample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Profiles the partitioning key of the batches a late-bound head holds: rows and bytes per fine hash
 * bucket (so the coordinator can size buckets of any count) and the most frequent key values, kept
 * with the Space-Saving algorithm in a fixed number of counters. Sees only the sample, so its cost
 * is bounded by the sample budget.
 */
final class KeySampler {
    private static final int COUNTERS = 32;
    private static final int REPORTED_HEAVY_HITTERS = 8;

    private final List<Integer> keys;
    private final long[] rows = new long[HashPartitioner.FINE_BUCKETS];
    private final long[] bytes = new long[HashPartitioner.FINE_BUCKETS];
    private final Map<Long, Counter> counters = new HashMap<>();

    private static final class Counter {
        final String key;
        final int fineBucket;
        long count;
        final long overcount;

        Counter(String key, int fineBucket, long count, long overcount) {
            this.key = key;
            this.fineBucket = fineBucket;
            this.count = count;
            this.overcount = overcount;
        }
    }

    KeySampler(List<Integer> keys) {
        this.keys = List.copyOf(keys);
    }

    void add(VectorSchemaRoot batch, long batchBytes) {
        int rowCount = batch.getRowCount();
        if (rowCount == 0) {
            return;
        }
        long[] hashes = HashPartitioner.hashes(batch, keys);
        double bytesPerRow = (double) batchBytes / rowCount;
        double carried = 0;
        for (int row = 0; row < rowCount; row++) {
            int fine = HashPartitioner.fineBucket(hashes[row]);
            rows[fine]++;
            // Spread the batch's bytes over its rows without losing the fractions.
            carried += bytesPerRow;
            long whole = (long) carried;
            bytes[fine] += whole;
            carried -= whole;
            count(hashes[row], fine, batch, row);
        }
    }

    private void count(long hash, int fine, VectorSchemaRoot batch, int row) {
        Counter counter = counters.get(hash);
        if (counter != null) {
            counter.count++;
            return;
        }
        if (counters.size() < COUNTERS) {
            counters.put(hash, new Counter(keyText(batch, row), fine, 1, 0));
            return;
        }
        Map.Entry<Long, Counter> smallest = counters.entrySet().stream()
                .min(Comparator.comparingLong(e -> e.getValue().count))
                .orElseThrow();
        counters.remove(smallest.getKey());
        long min = smallest.getValue().count;
        counters.put(hash, new Counter(keyText(batch, row), fine, min + 1, min));
    }

    private String keyText(VectorSchemaRoot batch, int row) {
        return keys.stream()
                .map(key -> String.valueOf(batch.getVector(key).getObject(row)))
                .collect(Collectors.joining(", "));
    }

    KeySample snapshot() {
        List<Integer> used = new ArrayList<>();
        for (int fine = 0; fine < rows.length; fine++) {
            if (rows[fine] > 0) {
                used.add(fine);
            }
        }
        int[] fineBuckets = used.stream().mapToInt(Integer::intValue).toArray();
        long[] usedRows = used.stream().mapToLong(fine -> rows[fine]).toArray();
        long[] usedBytes = used.stream().mapToLong(fine -> bytes[fine]).toArray();
        List<KeySample.HeavyHitter> heavy = counters.values().stream()
                .sorted(Comparator.comparingLong((Counter c) -> c.count).reversed())
                .limit(REPORTED_HEAVY_HITTERS)
                .map(c -> new KeySample.HeavyHitter(c.key, c.fineBucket, c.count, c.overcount))
                .toList();
        return new KeySample(fineBuckets, usedRows, usedBytes, heavy);
    }
}
