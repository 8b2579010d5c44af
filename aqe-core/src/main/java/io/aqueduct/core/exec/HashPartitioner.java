package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.memory.util.hash.MurmurHasher;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
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
    private final int bucketCount;

    public HashPartitioner(List<Integer> keys, int bucketCount) {
        if (bucketCount < 1 || bucketCount > FINE_BUCKETS) {
            throw new IllegalArgumentException("bucketCount must be in [1, " + FINE_BUCKETS + "]: " + bucketCount);
        }
        this.keys = List.copyOf(keys);
        this.bucketCount = bucketCount;
    }

    /** Fills {@code buckets[row]} for every row of {@code batch}. */
    public void partition(VectorSchemaRoot batch, int[] buckets) {
        int rows = batch.getRowCount();
        long[] hashes = hashes(batch, keys);
        for (int row = 0; row < rows; row++) {
            buckets[row] = bucketOfFine(fineBucket(hashes[row]), bucketCount);
        }
    }

    /** The mixed hash of each row's key columns. */
    public static long[] hashes(VectorSchemaRoot batch, List<Integer> keys) {
        int rows = batch.getRowCount();
        long[] hashes = new long[rows];
        for (int key : keys) {
            combine(batch.getVector(key), hashes, rows);
        }
        for (int row = 0; row < rows; row++) {
            hashes[row] = mix(hashes[row]);
        }
        return hashes;
    }

    public static int fineBucket(long mixedHash) {
        return (int) Long.remainderUnsigned(mixedHash, FINE_BUCKETS);
    }

    public static int bucketOfFine(int fineBucket, int bucketCount) {
        return (int) ((long) fineBucket * bucketCount / FINE_BUCKETS);
    }

    private static void combine(FieldVector vector, long[] hashes, int rows) {
        for (int row = 0; row < rows; row++) {
            hashes[row] = hashes[row] * 31 + valueHash(vector, row);
        }
    }

    private static long valueHash(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return 0;
        }
        if (vector instanceof BigIntVector v) {
            return v.get(row);
        }
        if (vector instanceof IntVector v) {
            return v.get(row);
        }
        if (vector instanceof DateDayVector v) {
            return v.get(row);
        }
        if (vector instanceof TimeStampVector v) {
            return v.get(row);
        }
        if (vector instanceof TimeMicroVector v) {
            return v.get(row);
        }
        if (vector instanceof Float8Vector v) {
            double value = v.get(row);
            return value == 0.0 ? 0 : Double.doubleToLongBits(value);
        }
        if (vector instanceof BitVector v) {
            return v.get(row);
        }
        if (vector instanceof BaseVariableWidthVector v) {
            long start = v.getStartOffset(row);
            long end = v.getEndOffset(row);
            return MurmurHasher.hashCode(v.getDataBuffer(), start, end - start, 0);
        }
        if (vector instanceof BaseFixedWidthVector v) {
            return v.hashCode(row);
        }
        return vector.hashCode(row);
    }

    private static long mix(long hash) {
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        hash ^= hash >>> 33;
        return hash;
    }
}
