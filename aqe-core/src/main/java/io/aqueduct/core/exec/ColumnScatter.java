package io.aqueduct.core.exec;

import java.util.function.Function;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/**
 * Copies every row of one column to the end of its bucket's target vector: the scatter kernel behind a shuffle's
 * producer side ({@link BucketBatches}). One pass reads the source in order and appends each value to its bucket's
 * target, where grouping the rows by bucket and then gathering each bucket's rows ({@link ColumnGather}) passes over
 * the rows twice more. The loop is chosen once per column by the vector's layout.
 *
 * <p>Row {@code r} goes to {@code targets[buckets[r]]}; bucket {@code b}'s rows, {@code counts[b]} of them, land
 * in source order from row {@code starts[b]} of its target. A bucket without rows may have a null target.
 */
abstract class ColumnScatter {
    private static final ColumnScatter BITS = new BitScatter();
    private static final ColumnScatter VARIABLE_WIDTH = new VariableWidthScatter();
    private static final ColumnScatter GENERIC = new GenericScatter();
    private static final ColumnScatter NULLS = new NullScatter();

    /** The kernel for columns of {@code vector}'s class. */
    static ColumnScatter of(FieldVector vector) {
        if (vector instanceof NullVector) {
            return NULLS;
        }
        if (vector instanceof BitVector) {
            return BITS;
        }
        if (vector instanceof BaseFixedWidthVector fixed) {
            return new FixedWidthScatter(fixed.getTypeWidth());
        }
        if (vector instanceof BaseVariableWidthVector) {
            return VARIABLE_WIDTH;
        }
        return GENERIC;
    }

    /** Appends each of the first {@code rowCount} rows of {@code source} to its bucket's target; the targets grow. */
    abstract void scatter(
            FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts);

    private static boolean isSet(ArrowBuf validity, int row) {
        return BitVectorHelper.get(validity, row) != 0;
    }

    /** Grows each target that receives rows to hold them. */
    private static void grow(FieldVector[] targets, int[] starts, int[] counts) {
        for (int bucket = 0; bucket < targets.length; bucket++) {
            if (counts[bucket] > 0) {
                ColumnGather.ensureValueCapacity(targets[bucket], starts[bucket] + counts[bucket]);
            }
        }
    }

    /** The buffer {@code buffer} picks of each target that receives rows (null for the others). */
    private static ArrowBuf[] buffers(FieldVector[] targets, int[] counts, Function<FieldVector, ArrowBuf> buffer) {
        ArrowBuf[] buffers = new ArrowBuf[targets.length];
        for (int bucket = 0; bucket < targets.length; bucket++) {
            if (counts[bucket] > 0) {
                buffers[bucket] = buffer.apply(targets[bucket]);
            }
        }
        return buffers;
    }

    /**
     * Values of a fixed byte width, with loops for the engine's widths (4 and 8) that the JIT specializes. A NULL's value is
     * written as zeros, as {@link ColumnGather} writes it.
     */
    private static final class FixedWidthScatter extends ColumnScatter {
        private final int width;

        FixedWidthScatter(int width) {
            this.width = width;
        }

        @Override
        void scatter(
                FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts) {
            grow(targets, starts, counts);
            ArrowBuf[] targetData = buffers(targets, counts, FieldVector::getDataBuffer);
            ArrowBuf[] targetValidity = buffers(targets, counts, FieldVector::getValidityBuffer);
            ArrowBuf data = source.getDataBuffer();
            long[] next = new long[targets.length];
            for (int bucket = 0; bucket < targets.length; bucket++) {
                next[bucket] = (long) starts[bucket] * width;
            }
            if (width == Long.BYTES) {
                for (int row = 0; row < rowCount; row++) {
                    int bucket = buckets[row];
                    targetData[bucket].setLong(next[bucket], data.getLong((long) row * Long.BYTES));
                    next[bucket] += Long.BYTES;
                }
            } else if (width == Integer.BYTES) {
                for (int row = 0; row < rowCount; row++) {
                    int bucket = buckets[row];
                    targetData[bucket].setInt(next[bucket], data.getInt((long) row * Integer.BYTES));
                    next[bucket] += Integer.BYTES;
                }
            } else {
                for (int row = 0; row < rowCount; row++) {
                    int bucket = buckets[row];
                    targetData[bucket].setBytes(next[bucket], data, (long) row * width, width);
                    next[bucket] += width;
                }
            }
            if (source.getNullCount() == 0) {
                for (int bucket = 0; bucket < targets.length; bucket++) {
                    if (counts[bucket] > 0) {
                        ColumnGather.setValid(targetValidity[bucket], starts[bucket], counts[bucket]);
                    }
                }
                return;
            }
            ArrowBuf validity = source.getValidityBuffer();
            int[] nextRow = starts.clone();
            for (int row = 0; row < rowCount; row++) {
                int bucket = buckets[row];
                int at = nextRow[bucket]++;
                if (isSet(validity, row)) {
                    BitVectorHelper.setBit(targetValidity[bucket], at);
                } else {
                    BitVectorHelper.unsetBit(targetValidity[bucket], at);
                    targetData[bucket].setZero((long) at * width, width);
                }
            }
        }
    }

    private static final class BitScatter extends ColumnScatter {
        @Override
        void scatter(
                FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts) {
            grow(targets, starts, counts);
            ArrowBuf[] targetData = buffers(targets, counts, FieldVector::getDataBuffer);
            ArrowBuf[] targetValidity = buffers(targets, counts, FieldVector::getValidityBuffer);
            ArrowBuf validity = source.getValidityBuffer();
            ArrowBuf data = source.getDataBuffer();
            int[] nextRow = starts.clone();
            for (int row = 0; row < rowCount; row++) {
                int bucket = buckets[row];
                int at = nextRow[bucket]++;
                boolean valid = isSet(validity, row);
                BitVectorHelper.setValidityBit(targetValidity[bucket], at, valid ? 1 : 0);
                BitVectorHelper.setValidityBit(targetData[bucket], at, valid ? BitVectorHelper.get(data, row) : 0);
            }
        }
    }

    /** VARCHAR and VARBINARY: each target's bytes are summed first, so its data buffer grows at most once. */
    private static final class VariableWidthScatter extends ColumnScatter {
        @Override
        void scatter(
                FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts) {
            ArrowBuf validity = source.getValidityBuffer();
            ArrowBuf offsets = source.getOffsetBuffer();
            ArrowBuf data = source.getDataBuffer();
            long[] bytes = new long[targets.length];
            for (int row = 0; row < rowCount; row++) {
                if (isSet(validity, row)) {
                    bytes[buckets[row]] += ColumnGather.offset(offsets, row + 1) - ColumnGather.offset(offsets, row);
                }
            }
            ArrowBuf[] targetValidity = new ArrowBuf[targets.length];
            ArrowBuf[] targetOffsets = new ArrowBuf[targets.length];
            ArrowBuf[] targetData = new ArrowBuf[targets.length];
            // Each bucket's end of its bytes so far: where its next value starts.
            long[] end = new long[targets.length];
            for (int bucket = 0; bucket < targets.length; bucket++) {
                if (counts[bucket] == 0) {
                    continue;
                }
                BaseVariableWidthVector to = (BaseVariableWidthVector) targets[bucket];
                // Not reAlloc(): it doubles the data buffer too; that grows below, to what the new rows need.
                while (to.getValueCapacity() < starts[bucket] + counts[bucket]) {
                    to.reallocValidityAndOffsetBuffers();
                }
                end[bucket] = starts[bucket] == 0 ? 0 : to.getEndOffset(starts[bucket] - 1);
                if (to.getDataBuffer().capacity() < end[bucket] + bytes[bucket]) {
                    to.reallocDataBuffer(end[bucket] + bytes[bucket]);
                }
                targetValidity[bucket] = to.getValidityBuffer();
                targetOffsets[bucket] = to.getOffsetBuffer();
                targetData[bucket] = to.getDataBuffer();
                targetOffsets[bucket].setInt(
                        (long) starts[bucket] * BaseVariableWidthVector.OFFSET_WIDTH, (int) end[bucket]);
            }
            int[] nextRow = starts.clone();
            for (int row = 0; row < rowCount; row++) {
                int bucket = buckets[row];
                int at = nextRow[bucket]++;
                if (isSet(validity, row)) {
                    BitVectorHelper.setBit(targetValidity[bucket], at);
                    int from = ColumnGather.offset(offsets, row);
                    int length = ColumnGather.offset(offsets, row + 1) - from;
                    ColumnGather.copyValue(data, from, length, targetData[bucket], end[bucket]);
                    end[bucket] += length;
                } else {
                    BitVectorHelper.unsetBit(targetValidity[bucket], at);
                }
                targetOffsets[bucket].setInt((long) (at + 1) * BaseVariableWidthVector.OFFSET_WIDTH, (int) end[bucket]);
            }
            for (int bucket = 0; bucket < targets.length; bucket++) {
                if (counts[bucket] > 0) {
                    ((BaseVariableWidthVector) targets[bucket]).setLastSet(starts[bucket] + counts[bucket] - 1);
                }
            }
        }
    }

    /** A column of type NULL: nothing to copy; the target's row count is set with its batch's. */
    private static final class NullScatter extends ColumnScatter {
        @Override
        void scatter(
                FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts) {}
    }

    /** Any other vector: Arrow's own per-value copy. */
    private static final class GenericScatter extends ColumnScatter {
        @Override
        void scatter(
                FieldVector source, int rowCount, int[] buckets, FieldVector[] targets, int[] starts, int[] counts) {
            int[] nextRow = starts.clone();
            for (int row = 0; row < rowCount; row++) {
                int bucket = buckets[row];
                targets[bucket].copyFromSafe(row, nextRow[bucket]++, source);
            }
        }
    }
}
