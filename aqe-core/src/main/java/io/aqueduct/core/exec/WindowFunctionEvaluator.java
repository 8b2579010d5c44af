package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.plan.SortKey;
import io.aqueduct.core.plan.WindowCall;
import io.aqueduct.core.plan.WindowFunction;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Computes one window call's column over a batch sorted by partition and order, one pass per partition.
 * Functions that return an input value (offsets, MIN, MAX) copy it from the argument's vector, so they work
 * for every type; sums run on longs for exact types (prefix sums within the partition) and on doubles for
 * DOUBLE (added row by row, so that sliding frames lose no precision to subtraction).
 */
final class WindowFunctionEvaluator {
    private final VectorSchemaRoot sorted;
    private final RowType rowType;
    private final WindowPartitions partitions;
    private final List<SortKey> orderKeys;

    WindowFunctionEvaluator(
            VectorSchemaRoot sorted, RowType rowType, WindowPartitions partitions, List<SortKey> orderKeys) {
        this.sorted = sorted;
        this.rowType = rowType;
        this.partitions = partitions;
        this.orderKeys = orderKeys;
    }

    /** The call's column, owned by the caller. */
    FieldVector evaluate(WindowCall call, String name, BufferAllocator allocator) {
        int rowCount = partitions.rowCount();
        FieldVector output = call.type().toField(name).createVector(allocator);
        try {
            output.setInitialCapacity(rowCount);
            output.allocateNew();
            WindowFrames frames = call.function().usesFrame()
                    ? WindowFrames.of(call.frame(), partitions, sorted, orderKeys, rowType)
                    : null;
            switch (call.function()) {
                case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> ranks(call, output);
                case PERCENT_RANK, CUME_DIST -> distribution(call, (Float8Vector) output);
                case LAG, LEAD -> offsets(call, output);
                case FIRST_VALUE, LAST_VALUE, NTH_VALUE -> frameValue(call, frames, output);
                case COUNT -> count(call, frames, output);
                case SUM, SUM0 -> sum(call, frames, output);
                case MIN, MAX -> extreme(call, frames, output);
            }
            output.setValueCount(rowCount);
            return output;
        } catch (RuntimeException e) {
            output.close();
            throw e;
        }
    }

    private void ranks(WindowCall call, FieldVector output) {
        LongVectorAccess writer = LongVectorAccess.of(call.type());
        FieldVector buckets = call.arguments().isEmpty() ? null : argument(call, 0);
        LongVectorAccess bucketReader = buckets == null ? null : LongVectorAccess.of(argumentType(call, 0));
        long denseRank = 0;
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = partitions.partitionStart(row);
            if (row == start) {
                denseRank = 0;
            }
            if (row == partitions.peerStart(row)) {
                denseRank++;
            }
            switch (call.function()) {
                case ROW_NUMBER -> writer.set(output, row, row - start + 1);
                case RANK -> writer.set(output, row, partitions.peerStart(row) - start + 1);
                case DENSE_RANK -> writer.set(output, row, denseRank);
                default -> {
                    if (!buckets.isNull(row)) {
                        writer.set(
                                output,
                                row,
                                tile(
                                        bucketReader.get(buckets, row),
                                        row - start,
                                        partitions.partitionEnd(row) - start));
                    }
                }
            }
        }
    }

    /** NTILE: the bucket of the row at {@code position} of {@code rows}; the first {@code rows % buckets} buckets hold one extra row. */
    private static long tile(long buckets, int position, int rows) {
        if (buckets <= 0) {
            throw new AqueductException(
                    ErrorCode.INVALID_ARGUMENT, "NTILE needs a positive number of buckets: " + buckets);
        }
        long size = rows / buckets;
        long larger = rows % buckets;
        long inLarger = larger * (size + 1);
        return position < inLarger ? position / (size + 1) + 1 : larger + (position - inLarger) / size + 1;
    }

    private void distribution(WindowCall call, Float8Vector output) {
        boolean percentRank = call.function() == WindowFunction.PERCENT_RANK;
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = partitions.partitionStart(row);
            int rows = partitions.partitionEnd(row) - start;
            if (percentRank) {
                output.set(row, rows == 1 ? 0.0 : (double) (partitions.peerStart(row) - start) / (rows - 1));
            } else {
                output.set(row, (double) (partitions.peerEnd(row) - start) / rows);
            }
        }
    }

    private void offsets(WindowCall call, FieldVector output) {
        FieldVector values = argument(call, 0);
        if (values instanceof NullVector) {
            // A bare NULL's column (LAG(NULL)): every result is NULL, as the output starts.
            return;
        }
        FieldVector offsets = call.arguments().size() > 1 ? argument(call, 1) : null;
        LongVectorAccess offsetReader = offsets == null ? null : LongVectorAccess.of(argumentType(call, 1));
        FieldVector defaults = call.arguments().size() > 2 ? argument(call, 2) : null;
        int direction = call.function() == WindowFunction.LAG ? -1 : 1;
        for (int row = 0; row < partitions.rowCount(); row++) {
            if (offsets != null && offsets.isNull(row)) {
                continue;
            }
            long offset = offsets == null ? 1 : offsetReader.get(offsets, row);
            long target = row + direction * offset;
            if (target >= partitions.partitionStart(row) && target < partitions.partitionEnd(row)) {
                output.copyFromSafe((int) target, row, values);
            } else if (defaults != null) {
                output.copyFromSafe(row, row, defaults);
            }
        }
    }

    private void frameValue(WindowCall call, WindowFrames frames, FieldVector output) {
        FieldVector values = argument(call, 0);
        if (values instanceof NullVector) {
            // A bare NULL's column: every result is NULL, as the output starts.
            return;
        }
        FieldVector positions = call.arguments().size() > 1 ? argument(call, 1) : null;
        LongVectorAccess positionReader = positions == null ? null : LongVectorAccess.of(argumentType(call, 1));
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = frames.start(row);
            int end = frames.end(row);
            long source =
                    switch (call.function()) {
                        case FIRST_VALUE -> start;
                        case LAST_VALUE -> end - 1L;
                        default ->
                            positions.isNull(row) ? end : start + nthPosition(positionReader.get(positions, row));
                    };
            if (source >= start && source < end) {
                output.copyFromSafe((int) source, row, values);
            }
        }
    }

    private static long nthPosition(long n) {
        if (n <= 0) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "NTH_VALUE needs a positive position: " + n);
        }
        return n - 1;
    }

    private void count(WindowCall call, WindowFrames frames, FieldVector output) {
        LongVectorAccess writer = LongVectorAccess.of(call.type());
        long[] counts = call.arguments().isEmpty() ? null : nonNullCounts(argument(call, 0));
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = frames.start(row);
            int end = frames.end(row);
            writer.set(output, row, counts == null ? end - start : rangeTotal(counts, start, end));
        }
    }

    private void sum(WindowCall call, WindowFrames frames, FieldVector output) {
        FieldVector values = argument(call, 0);
        long[] counts = nonNullCounts(values);
        boolean zeroWhenEmpty = call.function() == WindowFunction.SUM0;
        if (call.type().kind() == TypeKind.DOUBLE) {
            sumDoubles(values, frames, counts, zeroWhenEmpty, (Float8Vector) output);
            return;
        }
        LongVectorAccess reader = LongVectorAccess.of(argumentType(call, 0));
        LongVectorAccess writer = LongVectorAccess.of(call.type());
        // sums[row]: the sum from the partition's start through row, so a frame's sum is a difference.
        long[] sums = new long[partitions.rowCount()];
        try {
            for (int row = 0; row < sums.length; row++) {
                long before = row == partitions.partitionStart(row) ? 0 : sums[row - 1];
                sums[row] = values.isNull(row) ? before : Math.addExact(before, reader.get(values, row));
            }
            for (int row = 0; row < sums.length; row++) {
                int start = frames.start(row);
                int end = frames.end(row);
                if (rangeTotal(counts, start, end) > 0) {
                    writer.set(output, row, rangeTotal(sums, start, end));
                } else if (zeroWhenEmpty) {
                    writer.set(output, row, 0);
                }
            }
        } catch (ArithmeticException e) {
            throw new AqueductException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Window SUM out of range");
        }
    }

    private void sumDoubles(
            FieldVector values, WindowFrames frames, long[] counts, boolean zeroWhenEmpty, Float8Vector output) {
        Float8Vector doubles = (Float8Vector) values;
        double running = 0;
        int runningEnd = -1;
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = frames.start(row);
            int end = frames.end(row);
            if (row == partitions.partitionStart(row)) {
                runningEnd = -1;
            }
            if (rangeTotal(counts, start, end) == 0) {
                if (zeroWhenEmpty) {
                    output.set(row, 0.0);
                }
                continue;
            }
            double sum;
            if (start == partitions.partitionStart(row) && runningEnd >= start && runningEnd <= end) {
                // A frame growing from the partition's start extends the previous row's sum.
                for (int i = runningEnd; i < end; i++) {
                    running += doubles.isNull(i) ? 0 : doubles.get(i);
                }
                sum = running;
            } else {
                sum = 0;
                for (int i = start; i < end; i++) {
                    sum += doubles.isNull(i) ? 0 : doubles.get(i);
                }
                if (start == partitions.partitionStart(row)) {
                    running = sum;
                }
            }
            runningEnd = start == partitions.partitionStart(row) ? end : -1;
            output.set(row, sum);
        }
    }

    private void extreme(WindowCall call, WindowFrames frames, FieldVector output) {
        int field = call.arguments().get(0);
        FieldVector values = sorted.getVector(field);
        boolean max = call.function() == WindowFunction.MAX;
        RowComparator comparator = new RowComparator(List.of(new SortKey(field, max, false)), rowType);
        int best = -1;
        int scannedEnd = -1;
        for (int row = 0; row < partitions.rowCount(); row++) {
            int start = frames.start(row);
            int end = frames.end(row);
            if (row == partitions.partitionStart(row)) {
                scannedEnd = -1;
            }
            boolean growing = start == partitions.partitionStart(row) && scannedEnd >= start && scannedEnd <= end;
            int from = growing ? scannedEnd : start;
            if (!growing) {
                best = -1;
            }
            for (int i = from; i < end; i++) {
                if (!values.isNull(i) && (best < 0 || comparator.compare(sorted, i, sorted, best) < 0)) {
                    best = i;
                }
            }
            scannedEnd = start == partitions.partitionStart(row) ? end : -1;
            if (best >= 0) {
                output.copyFromSafe(best, row, values);
            }
        }
    }

    /** counts[row]: non-NULL values from the row's partition start through row. */
    private long[] nonNullCounts(FieldVector values) {
        long[] counts = new long[partitions.rowCount()];
        for (int row = 0; row < counts.length; row++) {
            long before = row == partitions.partitionStart(row) ? 0 : counts[row - 1];
            counts[row] = before + (values.isNull(row) ? 0 : 1);
        }
        return counts;
    }

    /** The total of rows {@code [start, end)} from running totals that restart at each partition. */
    private long rangeTotal(long[] runningTotals, int start, int end) {
        if (end <= start) {
            return 0;
        }
        long before = start == partitions.partitionStart(start) ? 0 : runningTotals[start - 1];
        return runningTotals[end - 1] - before;
    }

    private FieldVector argument(WindowCall call, int index) {
        return sorted.getVector(call.arguments().get(index));
    }

    private DataType argumentType(WindowCall call, int index) {
        return rowType.type(call.arguments().get(index));
    }
}
