package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.WindowFrame;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Each row's frame as a range {@code [start, end)} of rows of the sorted batch, always inside the row's
 * partition (empty when the bounds cross). RANGE frames with offsets compare the one ORDER BY key's value,
 * read as a long (integral types, unscaled DECIMAL, DATE as days); rows whose key is NULL frame their NULL
 * peers.
 */
final class WindowFrames {
    private final int[] start;
    private final int[] end;

    private WindowFrames(int[] start, int[] end) {
        this.start = start;
        this.end = end;
    }

    int start(int row) {
        return start[row];
    }

    int end(int row) {
        return end[row];
    }

    static WindowFrames of(
            WindowFrame frame,
            WindowPartitions partitions,
            VectorSchemaRoot sorted,
            List<SortKey> orderKeys,
            RowType rowType) {
        int rowCount = partitions.rowCount();
        int[] start = new int[rowCount];
        int[] end = new int[rowCount];
        RangeKeys keys =
                frame.rows() || !(frame.start().hasOffset() || frame.end().hasOffset())
                        ? null
                        : RangeKeys.of(sorted, orderKeys, rowType);
        for (int row = 0; row < rowCount; row++) {
            int partitionStart = partitions.partitionStart(row);
            int partitionEnd = partitions.partitionEnd(row);
            long from;
            long to;
            if (keys != null && !keys.isNull(row)) {
                from = keys.firstAtLeast(row, frame.start(), partitions);
                to = keys.endAtMost(row, frame.end(), partitions);
            } else {
                from = bound(frame.start(), true, row, frame.rows(), partitions);
                to = bound(frame.end(), false, row, frame.rows(), partitions);
            }
            int clampedStart = (int) Math.max(partitionStart, Math.min(from, partitionEnd));
            int clampedEnd = (int) Math.max(partitionStart, Math.min(to, partitionEnd));
            start[row] = clampedStart;
            end[row] = Math.max(clampedStart, clampedEnd);
        }
        return new WindowFrames(start, end);
    }

    /**
     * The first row ({@code isStart}) or the exclusive end of a bound counted in rows, or of a RANGE bound
     * without offset; a RANGE offset on a NULL key frames the row's peers.
     */
    private static long bound(
            WindowFrame.Bound bound, boolean isStart, int row, boolean rows, WindowPartitions partitions) {
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> partitions.partitionStart(row);
            case UNBOUNDED_FOLLOWING -> partitions.partitionEnd(row);
            case CURRENT_ROW ->
                rows ? row + (isStart ? 0 : 1) : isStart ? partitions.peerStart(row) : partitions.peerEnd(row);
            case PRECEDING ->
                rows
                        ? (long) row - rowOffset(bound) + (isStart ? 0 : 1)
                        : isStart ? partitions.peerStart(row) : partitions.peerEnd(row);
            case FOLLOWING ->
                rows
                        ? (long) row + rowOffset(bound) + (isStart ? 0 : 1)
                        : isStart ? partitions.peerStart(row) : partitions.peerEnd(row);
        };
    }

    /** A row count past any partition's size is as good as infinite, and cannot overflow. */
    private static long rowOffset(WindowFrame.Bound bound) {
        return Math.min(bound.offset(), Integer.MAX_VALUE);
    }

    /** The ORDER BY key of a RANGE frame with offsets, sign-adjusted so that it ascends in row order. */
    private static final class RangeKeys {
        private final FieldVector vector;
        private final LongVectorAccess access;
        private final boolean descending;

        private RangeKeys(FieldVector vector, LongVectorAccess access, boolean descending) {
            this.vector = vector;
            this.access = access;
            this.descending = descending;
        }

        static RangeKeys of(VectorSchemaRoot sorted, List<SortKey> orderKeys, RowType rowType) {
            if (orderKeys.size() != 1
                    || !LongVectorAccess.supports(rowType.type(orderKeys.get(0).field()))) {
                throw new AqueductException(
                        ErrorCode.NOT_SUPPORTED,
                        "RANGE frames with an offset need one ORDER BY key of an integer, DECIMAL or DATE type");
            }
            SortKey key = orderKeys.get(0);
            return new RangeKeys(
                    sorted.getVector(key.field()), LongVectorAccess.of(rowType.type(key.field())), key.descending());
        }

        boolean isNull(int row) {
            return vector.isNull(row);
        }

        private long key(int row) {
            long value = access.get(vector, row);
            return descending ? -value : value;
        }

        /** The first row of the frame that starts at {@code bound}. */
        long firstAtLeast(int row, WindowFrame.Bound bound, WindowPartitions partitions) {
            return switch (bound.kind()) {
                case UNBOUNDED_PRECEDING -> partitions.partitionStart(row);
                case UNBOUNDED_FOLLOWING -> partitions.partitionEnd(row);
                case CURRENT_ROW -> partitions.peerStart(row);
                case PRECEDING -> firstAtLeast(row, saturatedAdd(key(row), -bound.offset()), partitions);
                case FOLLOWING -> firstAtLeast(row, saturatedAdd(key(row), bound.offset()), partitions);
            };
        }

        /** The exclusive end of the frame that ends at {@code bound}. */
        long endAtMost(int row, WindowFrame.Bound bound, WindowPartitions partitions) {
            return switch (bound.kind()) {
                case UNBOUNDED_PRECEDING -> partitions.partitionStart(row);
                case UNBOUNDED_FOLLOWING -> partitions.partitionEnd(row);
                case CURRENT_ROW -> partitions.peerEnd(row);
                case PRECEDING -> firstAbove(row, saturatedAdd(key(row), -bound.offset()), partitions);
                case FOLLOWING -> firstAbove(row, saturatedAdd(key(row), bound.offset()), partitions);
            };
        }

        /** The first non-NULL row of the row's partition whose key is at least {@code target}. */
        private int firstAtLeast(int row, long target, WindowPartitions partitions) {
            return search(row, target, false, partitions);
        }

        /** The first non-NULL row of the row's partition whose key is above {@code target}. */
        private int firstAbove(int row, long target, WindowPartitions partitions) {
            return search(row, target, true, partitions);
        }

        /** Binary search over the run of non-NULL keys around {@code row}, which is sorted ascending by key. */
        private int search(int row, long target, boolean strictlyAbove, WindowPartitions partitions) {
            int low = partitions.partitionStart(row);
            int high = partitions.partitionEnd(row);
            // NULL keys sit at one end of the partition: skip them.
            while (low < row && vector.isNull(low)) {
                low++;
            }
            while (high > row + 1 && vector.isNull(high - 1)) {
                high--;
            }
            while (low < high) {
                int middle = (low + high) >>> 1;
                long value = key(middle);
                if (strictlyAbove ? value <= target : value < target) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            return low;
        }

        private static long saturatedAdd(long value, long delta) {
            long sum = value + delta;
            if (((value ^ sum) & (delta ^ sum)) < 0) {
                return delta < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            return sum;
        }
    }
}
