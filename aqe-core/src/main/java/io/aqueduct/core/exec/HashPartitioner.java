package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Assigns rows to hash buckets by their key columns. A row's key hash picks one of
 * {@link #FINE_BUCKETS} fine buckets, and fine bucket {@code f} belongs to bucket
 * {@code f * bucketCount / FINE_BUCKETS}: so a histogram over fine buckets, taken before the bucket
 * count is known, folds exactly into the buckets of any count. The hash depends only on the values
 * (integers of any width hash alike), so two stages that partition equal keys the same way meet in
 * the same bucket.
 */
public final class HashPartitioner {
    /** The finest bucketing; bucket counts above it are not supported. */
    public static final int FINE_BUCKETS = 4096;

    private final List<Integer> keys;
    /** Each fine bucket's bucket, looked up per row rather than computed. */
    private final int[] bucketOfFine;

    public HashPartitioner(List<Integer> keys, int bucketCount) {
        if (bucketCount < 1 || bucketCount > FINE_BUCKETS) {
            throw new IllegalArgumentException("bucketCount must be in [1, " + FINE_BUCKETS + "]: " + bucketCount);
        }
        this.keys = List.copyOf(keys);
        this.bucketOfFine = new int[FINE_BUCKETS];
        for (int fine = 0; fine < FINE_BUCKETS; fine++) {
            bucketOfFine[fine] = bucketOfFine(fine, bucketCount);
        }
    }

    /** Fills {@code buckets[row]} for every row of {@code batch}. */
    public void partition(VectorSchemaRoot batch, int[] buckets) {
        int rows = batch.getRowCount();
        long[] hashes = hashes(batch, keys);
        for (int row = 0; row < rows; row++) {
            buckets[row] = bucketOfFine[fineBucket(hashes[row])];
        }
    }

    /** Fills {@code buckets[row]} for the first {@code rows} rows, whose fine buckets ({@link #fineBucket}) are known. */
    public void partition(short[] fineBuckets, int rows, int[] buckets) {
        for (int row = 0; row < rows; row++) {
            buckets[row] = bucketOfFine[fineBuckets[row]];
        }
    }

    /** The partition hash ({@link RowHashing#partitionHashes}) of each row's key columns. */
    public static long[] hashes(VectorSchemaRoot batch, List<Integer> keys) {
        int rows = batch.getRowCount();
        FieldVector[] keyVectors = new FieldVector[keys.size()];
        for (int key = 0; key < keyVectors.length; key++) {
            keyVectors[key] = batch.getVector(keys.get(key));
        }
        long[] hashes = new long[rows];
        RowHashing.partitionHashes(keyVectors, rows, hashes);
        return hashes;
    }

    /** The hash's unsigned remainder by {@link #FINE_BUCKETS}, a power of two: its low bits. */
    public static int fineBucket(long mixedHash) {
        return (int) (mixedHash & (FINE_BUCKETS - 1));
    }

    public static int bucketOfFine(int fineBucket, int bucketCount) {
        return (int) ((long) fineBucket * bucketCount / FINE_BUCKETS);
    }
}
