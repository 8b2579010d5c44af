package io.aqueduct.core.exec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * Group values of type VARCHAR (as UTF-8) or VARBINARY, their bytes in one byte pool. A value that replaces a shorter one is
 * appended, leaving the old bytes unused; the pool is compacted when the unused part dominates.
 *
 * <p>Values are hashed and compared for equality eight bytes at a time (most keys are a word or two): Arrow's
 * {@code SimpleHasher} and its ordering comparison cost several times that per value. The hash is this column's own,
 * shared by a table's build and probe sides.
 */
final class BytesGroupColumn extends GroupColumn {
    private static final int MIN_COMPACTION_BYTES = 1 << 20;
    private static final long HASH_MULTIPLIER = 0x9E3779B97F4A7C15L;
    /** The pool's bytes read as little-endian longs at any offset, as {@link ArrowBuf#getLong} reads the vectors'. */
    private static final VarHandle POOL_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] pool = new byte[0];
    private int poolSize;
    private int unusedBytes;
    private int[] starts = new int[0];
    private int[] lengths = new int[0];

    BytesGroupColumn(HeapMemoryTracker memory) {
        super(memory);
    }

    @Override
    void hash(FieldVector vector, int rowCount, long[] hashes) {
        ArrowBuf validity = vector.getValidityBuffer();
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        for (int row = 0; row < rowCount; row++) {
            long valueHash = NULL_HASH;
            if (BitVectorHelper.get(validity, row) != 0) {
                int start = ColumnGather.offset(offsets, row);
                valueHash = hashBytes(data, start, ColumnGather.offset(offsets, row + 1) - start);
            }
            hashes[row] = combineHash(hashes[row], valueHash);
        }
    }

    @Override
    void retainMatches(FieldVector vector, int[] rows, int[] groups, int count, boolean[] matches) {
        if (!noNulls(vector)) {
            super.retainMatches(vector, rows, groups, count, matches);
            return;
        }
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        for (int i = 0; i < count; i++) {
            int group = groups[i];
            int start = ColumnGather.offset(offsets, rows[i]);
            int end = ColumnGather.offset(offsets, rows[i] + 1);
            matches[i] &= end - start == lengths[group] && equalBytes(data, start, pool, starts[group], end - start);
        }
    }

    /** A hash of {@code length} bytes of {@code data} from {@code start}: a multiply and rotate per eight bytes. */
    private static long hashBytes(ArrowBuf data, long start, int length) {
        long hash = length;
        int at = 0;
        for (; at + Long.BYTES <= length; at += Long.BYTES) {
            hash = Long.rotateLeft((hash ^ data.getLong(start + at)) * HASH_MULTIPLIER, 29);
        }
        if (at < length) {
            long tail = 0;
            for (int i = 0; at + i < length; i++) {
                tail |= (data.getByte(start + at + i) & 0xFFL) << (Byte.SIZE * i);
            }
            hash = Long.rotateLeft((hash ^ tail) * HASH_MULTIPLIER, 29);
        }
        return hash;
    }

    /** Whether {@code length} bytes of {@code data} from {@code start} equal those of {@code pool} from {@code poolStart}. */
    private static boolean equalBytes(ArrowBuf data, long start, byte[] pool, int poolStart, int length) {
        int at = 0;
        for (; at + Long.BYTES <= length; at += Long.BYTES) {
            if (data.getLong(start + at) != (long) POOL_LONGS.get(pool, poolStart + at)) {
                return false;
            }
        }
        for (; at < length; at++) {
            if (data.getByte(start + at) != pool[poolStart + at]) {
                return false;
            }
        }
        return true;
    }

    @Override
    void ensureCapacity(int groupCount) {
        super.ensureCapacity(groupCount);
        starts = memory.grow(starts, groupCount);
        lengths = memory.grow(lengths, groupCount);
    }

    @Override
    int compare(int group, FieldVector vector, int row) {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) vector;
        int start = strings.getStartOffset(row);
        int end = strings.getEndOffset(row);
        int groupStart = starts[group];
        return -ByteFunctionHelpers.compare(
                strings.getDataBuffer(), start, end, pool, groupStart, groupStart + lengths[group]);
    }

    @Override
    protected void setValue(int group, FieldVector vector, int row) {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) vector;
        int start = strings.getStartOffset(row);
        int length = strings.getEndOffset(row) - start;
        if (length > lengths[group]) {
            unusedBytes += lengths[group];
            starts[group] = reserve(length);
        } else {
            unusedBytes += lengths[group] - length;
        }
        lengths[group] = length;
        strings.getDataBuffer().getBytes(start, pool, starts[group], length);
    }

    @Override
    protected boolean valueMatches(int group, FieldVector vector, int row) {
        // The offsets read straight from their buffer: Arrow's getStartOffset checks the index on every call.
        ArrowBuf offsets = vector.getOffsetBuffer();
        int start = ColumnGather.offset(offsets, row);
        int end = ColumnGather.offset(offsets, row + 1);
        return end - start == lengths[group]
                && equalBytes(vector.getDataBuffer(), start, pool, starts[group], end - start);
    }

    @Override
    protected void writeValue(FieldVector output, int outputRow, int group) {
        ((BaseVariableWidthVector) output).setSafe(outputRow, pool, starts[group], lengths[group]);
    }

    /** Returns the pool offset of {@code length} new bytes. */
    private int reserve(int length) {
        if (unusedBytes > MIN_COMPACTION_BYTES && unusedBytes > poolSize / 2) {
            compact();
        }
        pool = memory.grow(pool, Math.addExact(poolSize, length));
        int offset = poolSize;
        poolSize += length;
        return offset;
    }

    private void compact() {
        byte[] compacted = new byte[poolSize - unusedBytes];
        memory.add(compacted.length);
        int size = 0;
        for (int group = 0; group < starts.length; group++) {
            System.arraycopy(pool, starts[group], compacted, size, lengths[group]);
            starts[group] = size;
            size += lengths[group];
        }
        memory.release(pool.length);
        pool = compacted;
        poolSize = size;
        unusedBytes = 0;
    }
}
