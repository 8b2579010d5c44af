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
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Assigns each row of a batch to one of {@code partitionCount} partitions by the hash of its key
 * columns. The hash depends only on the values (integers of any width hash alike), so two stages
 * that partition equal keys the same way meet in the same partition.
 */
public final class HashPartitioner {
    private final List<Integer> keys;
    private final int partitionCount;

    public HashPartitioner(List<Integer> keys, int partitionCount) {
        this.keys = List.copyOf(keys);
        this.partitionCount = partitionCount;
    }

    /** Fills {@code partitions[row]} for every row of {@code batch}. */
    public void partition(VectorSchemaRoot batch, int[] partitions) {
        int rows = batch.getRowCount();
        long[] hashes = new long[rows];
        for (int key : keys) {
            combine(batch.getVector(key), hashes, rows);
        }
        for (int row = 0; row < rows; row++) {
            partitions[row] = (int) Long.remainderUnsigned(mix(hashes[row]), partitionCount);
        }
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
