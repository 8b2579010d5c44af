package io.aqueduct.core.exec;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.util.DataSizeRoundingUtil;

/**
 * Copies chosen rows of one column, taken from one or several source vectors of the same type, into a
 * target vector: the gather kernel behind filters, partitioners, join output and sort output. The copy
 * loop is chosen once per column by the vector's layout (fixed width, bits, variable width) and moves
 * buffer contents directly, instead of a type dispatch and a capacity check per value as
 * {@code copyFromSafe} does.
 *
 * <p>Row {@code i} of a gather reads row {@code rows[i]} of {@code sources[batches[i]]} ({@code sources[0]}
 * when {@code batches} is null); a negative row stands for NULL. The target grows as needed.
 */
abstract class ColumnGather {
    private static final ColumnGather BITS = new BitGather();
    private static final ColumnGather VARIABLE_WIDTH = new VariableWidthGather();
    private static final ColumnGather GENERIC = new GenericGather();
    private static final ColumnGather NULLS = new NullGather();

    /** Values up to this long are copied a word at a time. */
    private static final int SHORT_VALUE_BYTES = 2 * Long.BYTES;

    /** The kernel for columns of {@code vector}'s class. */
    static ColumnGather of(FieldVector vector) {
        if (vector instanceof NullVector) {
            return NULLS;
        }
        if (vector instanceof BitVector) {
            return BITS;
        }
        if (vector instanceof BaseFixedWidthVector fixed) {
            return switch (fixed.getTypeWidth()) {
                case Long.BYTES -> FixedWidthGather.LONGS;
                case Integer.BYTES -> FixedWidthGather.INTS;
                case 2 * Long.BYTES -> FixedWidthGather.DECIMALS;
                default -> new FixedWidthGather(fixed.getTypeWidth());
            };
        }
        if (vector instanceof BaseVariableWidthVector) {
            return VARIABLE_WIDTH;
        }
        return GENERIC;
    }

    /**
     * Allocates {@code target} for {@code rows} rows to be gathered into it. A fixed-width vector's values are left as
     * the allocator hands them out instead of being zeroed first (a tenth of a shuffle's time went to zeroing): a
     * gather writes every row's value, a NULL's as zeros, and its validity bit. The validity bits are cleared.
     */
    static void allocate(FieldVector target, int rows) {
        if (!(target instanceof BaseFixedWidthVector fixed) || target instanceof BitVector) {
            target.setInitialCapacity(rows);
            target.allocateNew();
            return;
        }
        int capacity = Math.max(1, rows);
        BufferAllocator allocator = target.getAllocator();
        try (ArrowBuf validity = allocator.buffer(DataSizeRoundingUtil.divideBy8Ceil(capacity));
                ArrowBuf data = allocator.buffer((long) capacity * fixed.getTypeWidth())) {
            validity.setZero(0, validity.capacity());
            fixed.loadFieldBuffers(new ArrowFieldNode(0, 0), List.of(validity, data));
        }
    }

    /** Sets rows {@code [0, count)} of {@code target}, allocated by {@link #allocate}, to NULL. */
    static void fillNulls(FieldVector target, int count) {
        if (target instanceof BaseFixedWidthVector fixed && !(target instanceof BitVector)) {
            target.getDataBuffer().setZero(0, (long) count * fixed.getTypeWidth());
        }
        for (int row = 0; row < count; row++) {
            target.setNull(row);
        }
    }

    /** Gathers rows {@code rows[0..count)} of the single vector {@code source}. */
    static void gather(FieldVector source, int[] rows, int count, FieldVector target, int targetStart) {
        of(source).gather(new FieldVector[] {source}, null, rows, count, target, targetStart);
    }

    /** Sets {@code target[targetStart + i]} to the value chosen for row i, for i below {@code count}. */
    abstract void gather(
            FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart);

    /**
     * As {@link #gather}, for sources the caller knows to hold no NULL (a join's build batches, counted once): a
     * kernel may then skip each row's validity where no row is negative either.
     */
    void gatherWithoutNulls(
            FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
        gather(sources, batches, rows, count, target, targetStart);
    }

    static void ensureValueCapacity(FieldVector target, int valueCount) {
        while (target.getValueCapacity() < valueCount) {
            int before = target.getValueCapacity();
            target.reAlloc();
            // A vector whose capacity cannot grow (a NullVector paired with a typed source) would spin here forever.
            if (target.getValueCapacity() <= before) {
                throw new IllegalStateException("cannot grow a " + target.getMinorType() + " vector from " + before
                        + " to " + valueCount + " values");
            }
        }
    }

    private static ArrowBuf[] validityBuffers(FieldVector[] sources) {
        ArrowBuf[] buffers = new ArrowBuf[sources.length];
        for (int i = 0; i < sources.length; i++) {
            buffers[i] = sources[i].getValidityBuffer();
        }
        return buffers;
    }

    private static ArrowBuf[] dataBuffers(FieldVector[] sources) {
        ArrowBuf[] buffers = new ArrowBuf[sources.length];
        for (int i = 0; i < sources.length; i++) {
            buffers[i] = sources[i].getDataBuffer();
        }
        return buffers;
    }

    /** Whether {@code row} (negative: none) of source {@code source}, whose validity buffers are given, holds a value. */
    private static boolean isValid(ArrowBuf[] validity, int source, int row) {
        return row >= 0 && BitVectorHelper.get(validity[source], row) != 0;
    }

    /** Values of a fixed byte width; the common widths get loops the JIT specializes. */
    private static final class FixedWidthGather extends ColumnGather {
        static final FixedWidthGather LONGS = new FixedWidthGather(Long.BYTES);
        static final FixedWidthGather INTS = new FixedWidthGather(Integer.BYTES);
        static final FixedWidthGather DECIMALS = new FixedWidthGather(2 * Long.BYTES);

        /** Consecutive rows from which one bulk copy beats a copy per row. */
        private static final int MIN_RUN = 8;

        private final int width;

        private FixedWidthGather(int width) {
            this.width = width;
        }

        @Override
        void gatherWithoutNulls(
                FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
            if (batches == null || !noneNegative(rows, count)) {
                gather(sources, batches, rows, count, target, targetStart);
                return;
            }
            ensureValueCapacity(target, targetStart + count);
            copyEach(dataBuffers(sources), batches, rows, 0, count, target.getDataBuffer(), targetStart);
            setValid(target.getValidityBuffer(), targetStart, count);
        }

        @Override
        void gather(FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
            ensureValueCapacity(target, targetStart + count);
            if (batches == null && sources[0].getNullCount() == 0 && noneNegative(rows, count)) {
                gatherValues(sources[0].getDataBuffer(), rows, count, target, targetStart);
                return;
            }
            ArrowBuf[] validity = validityBuffers(sources);
            ArrowBuf[] data = dataBuffers(sources);
            ArrowBuf targetValidity = target.getValidityBuffer();
            ArrowBuf targetData = target.getDataBuffer();
            for (int i = 0; i < count; i++) {
                int source = batches == null ? 0 : batches[i];
                int row = rows[i];
                int at = targetStart + i;
                if (!isValid(validity, source, row)) {
                    BitVectorHelper.unsetBit(targetValidity, at);
                    targetData.setZero((long) at * width, width);
                    continue;
                }
                BitVectorHelper.setBit(targetValidity, at);
                switch (width) {
                    case Long.BYTES ->
                        targetData.setLong((long) at * Long.BYTES, data[source].getLong((long) row * Long.BYTES));
                    case Integer.BYTES ->
                        targetData.setInt((long) at * Integer.BYTES, data[source].getInt((long) row * Integer.BYTES));
                    case 2 * Long.BYTES -> {
                        targetData.setLong((long) at * width, data[source].getLong((long) row * width));
                        targetData.setLong(
                                (long) at * width + Long.BYTES, data[source].getLong((long) row * width + Long.BYTES));
                    }
                    default -> targetData.setBytes((long) at * width, data[source], (long) row * width, width);
                }
            }
        }

        /**
         * One source without NULLs, every row present (filters, the probe side of inner joins): values only, and, if
         * the rows are dense (seven eighths of the span they cover or more, as a filter most rows pass leaves), each run of
         * consecutive rows in one copy; other rows one by one in a loop specialized to the width. The target's
         * validity is set a byte at a time.
         */
        private void gatherValues(ArrowBuf data, int[] rows, int count, FieldVector target, int targetStart) {
            ArrowBuf targetData = target.getDataBuffer();
            ArrowBuf[] sources = {data};
            if (!dense(rows, count)) {
                copyEach(sources, null, rows, 0, count, targetData, targetStart);
                setValid(target.getValidityBuffer(), targetStart, count);
                return;
            }
            // Rows before uncopied are copied: the short runs in between go one by one, in one loop.
            int uncopied = 0;
            int i = 0;
            while (i < count) {
                int first = rows[i];
                int run = runLength(rows, i, count);
                if (run >= MIN_RUN) {
                    copyEach(sources, null, rows, uncopied, i - uncopied, targetData, targetStart);
                    targetData.setBytes(
                            (long) (targetStart + i) * width, data, (long) first * width, (long) run * width);
                    uncopied = i + run;
                }
                i += run;
            }
            copyEach(sources, null, rows, uncopied, count - uncopied, targetData, targetStart);
            setValid(target.getValidityBuffer(), targetStart, count);
        }

        /**
         * Copies rows {@code rows[from..from + count)} one by one, row {@code i} from source {@code batches[i]} (from
         * the one source when {@code batches} is null).
         */
        private void copyEach(
                ArrowBuf[] data, int[] batches, int[] rows, int from, int count, ArrowBuf targetData, int targetStart) {
            int end = from + count;
            if (width == Long.BYTES) {
                for (int i = from; i < end; i++) {
                    ArrowBuf source = data[batches == null ? 0 : batches[i]];
                    targetData.setLong(
                            (long) (targetStart + i) * Long.BYTES, source.getLong((long) rows[i] * Long.BYTES));
                }
            } else if (width == Integer.BYTES) {
                for (int i = from; i < end; i++) {
                    ArrowBuf source = data[batches == null ? 0 : batches[i]];
                    targetData.setInt(
                            (long) (targetStart + i) * Integer.BYTES, source.getInt((long) rows[i] * Integer.BYTES));
                }
            } else if (width == 2 * Long.BYTES) {
                for (int i = from; i < end; i++) {
                    ArrowBuf source = data[batches == null ? 0 : batches[i]];
                    long to = (long) (targetStart + i) * width;
                    long at = (long) rows[i] * width;
                    targetData.setLong(to, source.getLong(at));
                    targetData.setLong(to + Long.BYTES, source.getLong(at + Long.BYTES));
                }
            } else {
                for (int i = from; i < end; i++) {
                    ArrowBuf source = data[batches == null ? 0 : batches[i]];
                    targetData.setBytes((long) (targetStart + i) * width, source, (long) rows[i] * width, width);
                }
            }
        }
    }

    /**
     * Whether ascending rows {@code rows[0..count)} cover seven eighths of their span or more, as a filter keeping most
     * rows leaves them; rows not dense (a shuffle's bucket, most filters) have too few long runs to look for them.
     */
    private static boolean dense(int[] rows, int count) {
        return count > 0 && 8L * count >= 7L * ((long) rows[count - 1] - rows[0] + 1);
    }

    /** How many rows from {@code rows[i]} on are consecutive, up to {@code count}. */
    private static int runLength(int[] rows, int i, int count) {
        int run = 1;
        while (i + run < count && rows[i + run] == rows[i] + run) {
            run++;
        }
        return run;
    }

    private static boolean noneNegative(int[] rows, int count) {
        int all = 0;
        for (int i = 0; i < count; i++) {
            all |= rows[i];
        }
        return all >= 0;
    }

    /** Sets validity bits {@code [from, from + count)}: bit by bit up to a byte boundary, whole bytes after. */
    static void setValid(ArrowBuf validity, int from, int count) {
        int end = from + count;
        int bit = from;
        while (bit < end && bit % Byte.SIZE != 0) {
            BitVectorHelper.setBit(validity, bit++);
        }
        int wholeBytesEnd = end - end % Byte.SIZE;
        if (wholeBytesEnd > bit) {
            validity.setOne(bit / Byte.SIZE, (wholeBytesEnd - bit) / Byte.SIZE);
            bit = wholeBytesEnd;
        }
        while (bit < end) {
            BitVectorHelper.setBit(validity, bit++);
        }
    }

    /** Entry {@code index} of a variable-width vector's offset buffer. */
    static int offset(ArrowBuf offsets, int index) {
        return offsets.getInt((long) index * BaseVariableWidthVector.OFFSET_WIDTH);
    }

    /**
     * Copies one value's bytes. A short value (most strings) is copied as two 8-byte words when both buffers
     * have the room past it: a call to {@code setBytes} per value costs several times that. The bytes written
     * past the value's end are overwritten by the next value or lie past the last offset, which no reader sees.
     */
    static void copyValue(ArrowBuf from, long fromIndex, int length, ArrowBuf to, long toIndex) {
        if (length <= SHORT_VALUE_BYTES
                && fromIndex + SHORT_VALUE_BYTES <= from.capacity()
                && toIndex + SHORT_VALUE_BYTES <= to.capacity()) {
            to.setLong(toIndex, from.getLong(fromIndex));
            to.setLong(toIndex + Long.BYTES, from.getLong(fromIndex + Long.BYTES));
        } else {
            to.setBytes(toIndex, from, fromIndex, length);
        }
    }

    private static final class BitGather extends ColumnGather {
        @Override
        void gather(FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
            ensureValueCapacity(target, targetStart + count);
            ArrowBuf[] validity = validityBuffers(sources);
            ArrowBuf[] data = dataBuffers(sources);
            ArrowBuf targetValidity = target.getValidityBuffer();
            ArrowBuf targetData = target.getDataBuffer();
            for (int i = 0; i < count; i++) {
                int source = batches == null ? 0 : batches[i];
                int row = rows[i];
                int at = targetStart + i;
                boolean valid = isValid(validity, source, row);
                BitVectorHelper.setValidityBit(targetValidity, at, valid ? 1 : 0);
                BitVectorHelper.setValidityBit(targetData, at, valid ? BitVectorHelper.get(data[source], row) : 0);
            }
        }
    }

    /** VARCHAR and VARBINARY: the bytes are sized first, so the target's data buffer grows at most once. */
    private static final class VariableWidthGather extends ColumnGather {
        @Override
        void gather(FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
            if (count == 0) {
                return;
            }
            BaseVariableWidthVector to = (BaseVariableWidthVector) target;
            // Not reAlloc(): it doubles the data buffer too, copying every byte gathered so far, whether or not the
            // new rows need the room; the data buffer grows below, to what they need.
            while (to.getValueCapacity() < targetStart + count) {
                to.reallocValidityAndOffsetBuffers();
            }
            if (batches == null && sources[0].getNullCount() == 0 && noneNegative(rows, count)) {
                gatherValues((BaseVariableWidthVector) sources[0], rows, count, to, targetStart);
                return;
            }
            ArrowBuf[] validity = validityBuffers(sources);
            ArrowBuf[] data = dataBuffers(sources);
            ArrowBuf[] offsets = new ArrowBuf[sources.length];
            for (int i = 0; i < sources.length; i++) {
                offsets[i] = sources[i].getOffsetBuffer();
            }
            // Rows before targetStart were written by earlier gathers; their end is where this one starts.
            long start = targetStart == 0 ? 0 : to.getEndOffset(targetStart - 1);
            long bytes = 0;
            for (int i = 0; i < count; i++) {
                int source = batches == null ? 0 : batches[i];
                int row = rows[i];
                if (isValid(validity, source, row)) {
                    bytes += offset(offsets[source], row + 1) - offset(offsets[source], row);
                }
            }
            if (to.getDataBuffer().capacity() < start + bytes) {
                to.reallocDataBuffer(start + bytes);
            }
            ArrowBuf targetValidity = to.getValidityBuffer();
            ArrowBuf targetOffsets = to.getOffsetBuffer();
            ArrowBuf targetData = to.getDataBuffer();
            long end = start;
            targetOffsets.setInt((long) targetStart * BaseVariableWidthVector.OFFSET_WIDTH, (int) start);
            for (int i = 0; i < count; i++) {
                int source = batches == null ? 0 : batches[i];
                int row = rows[i];
                int at = targetStart + i;
                if (isValid(validity, source, row)) {
                    BitVectorHelper.setBit(targetValidity, at);
                    int from = offset(offsets[source], row);
                    int length = offset(offsets[source], row + 1) - from;
                    copyValue(data[source], from, length, targetData, end);
                    end += length;
                } else {
                    BitVectorHelper.unsetBit(targetValidity, at);
                }
                targetOffsets.setInt((long) (at + 1) * BaseVariableWidthVector.OFFSET_WIDTH, (int) end);
            }
            to.setLastSet(targetStart + count - 1);
        }

        /**
         * One source without NULLs, every row present: no validity check per row, the validity set for all rows at
         * once. Where the rows are dense (a filter keeping most rows), each run of consecutive rows is sized at once
         * and, if long, copied with one bulk copy, its offsets shifted by the same distance.
         */
        private static void gatherValues(
                BaseVariableWidthVector source, int[] rows, int count, BaseVariableWidthVector to, int targetStart) {
            ArrowBuf offsets = source.getOffsetBuffer();
            ArrowBuf data = source.getDataBuffer();
            long start = targetStart == 0 ? 0 : to.getEndOffset(targetStart - 1);
            boolean runs = dense(rows, count);
            long bytes = 0;
            for (int i = 0; i < count; ) {
                int run = runs ? runLength(rows, i, count) : 1;
                bytes += offset(offsets, rows[i] + run) - offset(offsets, rows[i]);
                i += run;
            }
            if (to.getDataBuffer().capacity() < start + bytes) {
                to.reallocDataBuffer(start + bytes);
            }
            ArrowBuf targetOffsets = to.getOffsetBuffer();
            ArrowBuf targetData = to.getDataBuffer();
            targetOffsets.setInt((long) targetStart * BaseVariableWidthVector.OFFSET_WIDTH, (int) start);
            long end = start;
            for (int i = 0; i < count; ) {
                int first = rows[i];
                int run = runs ? runLength(rows, i, count) : 1;
                int from = offset(offsets, first);
                int length = offset(offsets, first + run) - from;
                if (run < FixedWidthGather.MIN_RUN) {
                    // A bulk copy costs more than a few word copies: short runs go value by value.
                    for (int row = first; row < first + run; row++) {
                        int valueStart = offset(offsets, row);
                        copyValue(
                                data,
                                valueStart,
                                offset(offsets, row + 1) - valueStart,
                                targetData,
                                end + valueStart - from);
                    }
                } else {
                    targetData.setBytes(end, data, from, length);
                }
                // Each row's end moves by the distance between where the run starts in the source and the target.
                long shift = end - from;
                for (int k = 1; k <= run; k++) {
                    targetOffsets.setInt((long) (targetStart + i + k) * BaseVariableWidthVector.OFFSET_WIDTH, (int)
                            (offset(offsets, first + k) + shift));
                }
                end += length;
                i += run;
            }
            setValid(to.getValidityBuffer(), targetStart, count);
            to.setLastSet(targetStart + count - 1);
        }
    }

    /**
     * A column of type NULL ({@code SELECT NULL ...}): every value is null and there is nothing to copy;
     * the target's row count is set with its batch's. Arrow's NullVector has no copyFromSafe.
     */
    private static final class NullGather extends ColumnGather {
        @Override
        void gather(FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {}
    }

    /** Any other vector: Arrow's own per-value copy. */
    private static final class GenericGather extends ColumnGather {
        @Override
        void gather(FieldVector[] sources, int[] batches, int[] rows, int count, FieldVector target, int targetStart) {
            for (int i = 0; i < count; i++) {
                int row = rows[i];
                if (row < 0) {
                    target.setNull(targetStart + i);
                } else {
                    target.copyFromSafe(row, targetStart + i, sources[batches == null ? 0 : batches[i]]);
                }
            }
        }
    }
}
