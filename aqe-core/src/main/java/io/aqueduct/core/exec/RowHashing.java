package io.aqueduct.core.exec;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.hash.MurmurHasher;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;

/**
 * The engine's two row hashes, one module so that they stay apart:
 *
 * <ul>
 *   <li>{@link #partitionHashes}: which bucket of a shuffle a row goes to ({@link HashPartitioner}). It must be
 *       the same in every task and stage of a query, and depends only on the values (integers of any width hash
 *       alike), so that equal keys of two inputs meet in the same bucket.
 *   <li>{@link #tableHash}: the slot of a key in an in-memory hash table ({@link GroupByHash}, so aggregation and
 *       join build and probe), over the column hashes {@link GroupColumn} combines.
 * </ul>
 *
 * <p>They finish with different multipliers, so they are independent: all the rows one task receives share
 * their partition hash's bucket, and a table hash correlated with it would crowd them into a fraction of the
 * table's slots.
 */
final class RowHashing {
    private RowHashing() {}

    /** The partition hash of each row of the key columns, into {@code hashes[0..rowCount)}. */
    static void partitionHashes(FieldVector[] keys, int rowCount, long[] hashes) {
        java.util.Arrays.fill(hashes, 0, rowCount, 0);
        for (FieldVector key : keys) {
            combinePartitionValues(key, rowCount, hashes);
        }
        for (int row = 0; row < rowCount; row++) {
            hashes[row] = finish(hashes[row], 0xc4ceb9fe1a85ec53L);
        }
    }

    /** The table hash of a row from its key columns' hashes combined by {@link GroupColumn#combineHash}. */
    static long tableHash(long combinedColumnHashes) {
        return finish(combinedColumnHashes, 0xc4ceb53a5d1a2db5L);
    }

    /**
     * Mixes each row's value hash into {@code hashes}: NULL hashes as 0, integral values as themselves, DOUBLE
     * as its bits (0.0 and -0.0 alike), strings and binaries by Murmur over their bytes. The loop is chosen once
     * per column by the vector's layout.
     */
    private static void combinePartitionValues(FieldVector vector, int rowCount, long[] hashes) {
        ArrowBuf validity = vector.getValidityBuffer();
        if (vector instanceof Float8Vector doubles) {
            for (int row = 0; row < rowCount; row++) {
                long valueHash = 0;
                if (isSet(validity, row)) {
                    double value = doubles.get(row);
                    valueHash = value == 0.0 ? 0 : Double.doubleToLongBits(value);
                }
                hashes[row] = hashes[row] * 31 + valueHash;
            }
        } else if (vector instanceof BitVector bits) {
            for (int row = 0; row < rowCount; row++) {
                hashes[row] = hashes[row] * 31 + (isSet(validity, row) ? bits.get(row) : 0);
            }
        } else if (vector instanceof BaseVariableWidthVector strings) {
            ArrowBuf data = strings.getDataBuffer();
            for (int row = 0; row < rowCount; row++) {
                long valueHash = 0;
                if (isSet(validity, row)) {
                    long start = strings.getStartOffset(row);
                    valueHash = MurmurHasher.hashCode(data, start, strings.getEndOffset(row) - start, 0);
                }
                hashes[row] = hashes[row] * 31 + valueHash;
            }
        } else if (vector instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() == Long.BYTES) {
            ArrowBuf data = fixed.getDataBuffer();
            for (int row = 0; row < rowCount; row++) {
                long valueHash = isSet(validity, row) ? data.getLong((long) row * Long.BYTES) : 0;
                hashes[row] = hashes[row] * 31 + valueHash;
            }
        } else if (vector instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() == Integer.BYTES) {
            ArrowBuf data = fixed.getDataBuffer();
            for (int row = 0; row < rowCount; row++) {
                long valueHash = isSet(validity, row) ? data.getInt((long) row * Integer.BYTES) : 0;
                hashes[row] = hashes[row] * 31 + valueHash;
            }
        } else {
            for (int row = 0; row < rowCount; row++) {
                hashes[row] = hashes[row] * 31 + (vector.isNull(row) ? 0 : vector.hashCode(row));
            }
        }
    }

    private static boolean isSet(ArrowBuf validity, int row) {
        return BitVectorHelper.get(validity, row) != 0;
    }

    // Murmur3's 64-bit finalizer with the given second multiplier.
    private static long finish(long hash, long multiplier) {
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= multiplier;
        hash ^= hash >>> 33;
        return hash;
    }
}
