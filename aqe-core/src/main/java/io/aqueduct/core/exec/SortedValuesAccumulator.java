package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The aggregates computed from each group's sorted non-NULL values, which it keeps until the end: PERCENTILE_CONT and
 * PERCENTILE_DISC(fraction) WITHIN GROUP (ORDER BY value), and MODE. The continuous percentile interpolates linearly
 * between the values at ranks {@code floor} and {@code ceil} of {@code fraction * (n - 1)}; the discrete one is the
 * first value whose rank {@code i} reaches {@code fraction * n} with {@code i + 1}, counted in the ORDER BY's direction;
 * as the SQL standard, PostgreSQL and DuckDB do. MODE is the most frequent value, the smallest of equally frequent ones
 * (as PostgreSQL's {@code mode() WITHIN GROUP (ORDER BY value)}). NULL for a group without values. Not split into
 * partial and final steps: the distributed plan shuffles the rows to it by the group keys. Subclasses hold the values:
 * DOUBLEs, the integral types (DECIMAL, DATE, TIMESTAMP, ...) exactly as longs, or the bytes of VARCHAR and VARBINARY
 * values, ordered as unsigned bytes (UTF-8 in code point order).
 */
abstract class SortedValuesAccumulator implements Accumulator {
    private static final int FIRST_CAPACITY = 4;

    private final int valueField;
    /** The fraction's column, a constant the planner projected below; -1 for MODE. */
    private final int fractionField;

    private final DataType fractionType;
    private final Pick pick;
    /** Accounts the arrays; a storage whose values are objects of their own accounts those too. */
    final HeapMemoryTracker memory;

    private double fraction = Double.NaN;
    private int[] counts = new int[0];

    /**
     * Which value a group's result is: a percentile interpolated, or one of the values counted from the smallest or
     * largest; or the most frequent value.
     */
    enum Pick {
        CONTINUOUS,
        DISCRETE_ASCENDING,
        DISCRETE_DESCENDING,
        MODE
    }

    SortedValuesAccumulator(
            int valueField, int fractionField, DataType fractionType, Pick pick, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.fractionField = fractionField;
        this.fractionType = fractionType;
        this.pick = pick;
        this.memory = memory;
    }

    /** PERCENTILE_CONT (DOUBLE values), or PERCENTILE_DISC of values of {@code valueType}. */
    static SortedValuesAccumulator percentile(
            int valueField,
            DataType valueType,
            int fractionField,
            DataType fractionType,
            Pick pick,
            HeapMemoryTracker memory) {
        String name = pick == Pick.CONTINUOUS ? "PERCENTILE_CONT" : "PERCENTILE_DISC";
        if (pick == Pick.CONTINUOUS && valueType.kind() != TypeKind.DOUBLE) {
            throw notSupported(name, valueType);
        }
        return create(name, valueField, valueType, fractionField, fractionType, pick, memory);
    }

    /** MODE of values of {@code valueType}. */
    static SortedValuesAccumulator mode(int valueField, DataType valueType, HeapMemoryTracker memory) {
        return create("MODE", valueField, valueType, -1, null, Pick.MODE, memory);
    }

    private static SortedValuesAccumulator create(
            String name,
            int valueField,
            DataType valueType,
            int fractionField,
            DataType fractionType,
            Pick pick,
            HeapMemoryTracker memory) {
        if (valueType.kind() == TypeKind.DOUBLE) {
            return new DoubleValues(valueField, fractionField, fractionType, pick, memory);
        }
        if (valueType.kind() == TypeKind.VARCHAR || valueType.kind() == TypeKind.VARBINARY) {
            return new BytesValues(valueField, fractionField, fractionType, pick, memory);
        }
        if (!LongVectorAccess.supports(valueType)) {
            throw notSupported(name, valueType);
        }
        return new LongValues(valueField, LongVectorAccess.of(valueType), fractionField, fractionType, pick, memory);
    }

    private static AqueductException notSupported(String name, DataType valueType) {
        return new AqueductException(ErrorCode.NOT_SUPPORTED, name + " of " + valueType + " is not supported");
    }

    @Override
    public final void ensureCapacity(int groupCount) {
        if (counts.length < groupCount) {
            int length = Math.max(groupCount, counts.length * 2);
            memory.add((long) (length - counts.length) * (Long.BYTES + Integer.BYTES));
            counts = Arrays.copyOf(counts, length);
            growGroups(length);
        }
    }

    @Override
    public final void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (rowCount == 0) {
            return;
        }
        if (pick != Pick.MODE && Double.isNaN(fraction)) {
            fraction = fraction(batch.getVector(fractionField), fractionType);
        }
        FieldVector column = batch.getVector(valueField);
        for (int row = 0; row < rowCount; row++) {
            if (column.isNull(row)) {
                continue;
            }
            int group = groupIds[row];
            int capacity = capacity(group);
            if (counts[group] == capacity) {
                int grown = capacity == 0 ? FIRST_CAPACITY : capacity * 2;
                memory.add((long) (grown - capacity) * Long.BYTES);
                growValues(group, grown);
            }
            store(group, counts[group]++, column, row);
        }
    }

    /** The fraction in [0, 1] the validator checked: a DOUBLE, or an exact number (a DECIMAL holds its unscaled value). */
    private static double fraction(FieldVector column, DataType type) {
        if (column.isNull(0)) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "A percentile needs a fraction, not NULL");
        }
        if (type.kind() == TypeKind.DOUBLE) {
            return ((Float8Vector) column).get(0);
        }
        return BigDecimal.valueOf(LongVectorAccess.of(type).get(column, 0), type.scale())
                .doubleValue();
    }

    @Override
    public final void write(FieldVector output, int fromGroup, int count) {
        for (int i = 0; i < count; i++) {
            int group = fromGroup + i;
            int n = counts[group];
            if (n == 0) {
                output.setNull(i);
                continue;
            }
            sort(group, n);
            if (pick == Pick.MODE) {
                writeValue(output, i, group, mostFrequentRank(group, n));
            } else if (pick != Pick.CONTINUOUS) {
                // The first value whose cumulative share reaches the fraction, in the ORDER BY's direction.
                int rank = Math.max((int) Math.ceil(fraction * n) - 1, 0);
                writeValue(output, i, group, pick == Pick.DISCRETE_ASCENDING ? rank : n - 1 - rank);
            } else {
                double position = fraction * (n - 1);
                writeInterpolated(output, i, group, position);
            }
        }
    }

    /** The rank of the first of the longest run of equal values among the group's {@code count} sorted values. */
    private int mostFrequentRank(int group, int count) {
        int best = 0;
        int bestRun = 0;
        int start = 0;
        while (start < count) {
            int end = start + 1;
            while (end < count && equalAt(group, start, end)) {
                end++;
            }
            if (end - start > bestRun) {
                best = start;
                bestRun = end - start;
            }
            start = end;
        }
        return best;
    }

    abstract void growGroups(int groupCount);

    /** Whether the group's values at ranks {@code first} and {@code second} are equal. */
    abstract boolean equalAt(int group, int first, int second);

    /** The values the group has room for. */
    abstract int capacity(int group);

    abstract void growValues(int group, int capacity);

    abstract void store(int group, int index, FieldVector column, int row);

    abstract void sort(int group, int count);

    /** Writes the group's value at {@code rank} of its sorted values. */
    abstract void writeValue(FieldVector output, int outputRow, int group, int rank);

    /** Writes the value between ranks {@code floor(position)} and {@code ceil(position)}, linearly interpolated. */
    abstract void writeInterpolated(FieldVector output, int outputRow, int group, double position);

    private static final class DoubleValues extends SortedValuesAccumulator {
        private double[][] values = new double[0][];

        DoubleValues(int valueField, int fractionField, DataType fractionType, Pick pick, HeapMemoryTracker memory) {
            super(valueField, fractionField, fractionType, pick, memory);
        }

        @Override
        void growGroups(int groupCount) {
            values = Arrays.copyOf(values, groupCount);
        }

        @Override
        int capacity(int group) {
            return values[group] == null ? 0 : values[group].length;
        }

        @Override
        void growValues(int group, int capacity) {
            values[group] = values[group] == null ? new double[capacity] : Arrays.copyOf(values[group], capacity);
        }

        @Override
        void store(int group, int index, FieldVector column, int row) {
            values[group][index] = ((Float8Vector) column).get(row);
        }

        @Override
        void sort(int group, int count) {
            Arrays.sort(values[group], 0, count);
        }

        @Override
        boolean equalAt(int group, int first, int second) {
            return Double.compare(values[group][first], values[group][second]) == 0;
        }

        @Override
        void writeValue(FieldVector output, int outputRow, int group, int rank) {
            ((Float8Vector) output).set(outputRow, values[group][rank]);
        }

        @Override
        void writeInterpolated(FieldVector output, int outputRow, int group, double position) {
            double[] sorted = values[group];
            int lower = (int) Math.floor(position);
            int upper = (int) Math.ceil(position);
            ((Float8Vector) output)
                    .set(outputRow, sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]));
        }
    }

    /** Values of an integral type, kept exactly. */
    private static final class LongValues extends SortedValuesAccumulator {
        private final LongVectorAccess access;
        private long[][] values = new long[0][];

        LongValues(
                int valueField,
                LongVectorAccess access,
                int fractionField,
                DataType fractionType,
                Pick pick,
                HeapMemoryTracker memory) {
            super(valueField, fractionField, fractionType, pick, memory);
            this.access = access;
        }

        @Override
        void growGroups(int groupCount) {
            values = Arrays.copyOf(values, groupCount);
        }

        @Override
        int capacity(int group) {
            return values[group] == null ? 0 : values[group].length;
        }

        @Override
        void growValues(int group, int capacity) {
            values[group] = values[group] == null ? new long[capacity] : Arrays.copyOf(values[group], capacity);
        }

        @Override
        void store(int group, int index, FieldVector column, int row) {
            values[group][index] = access.get(column, row);
        }

        @Override
        void sort(int group, int count) {
            Arrays.sort(values[group], 0, count);
        }

        @Override
        boolean equalAt(int group, int first, int second) {
            return values[group][first] == values[group][second];
        }

        @Override
        void writeValue(FieldVector output, int outputRow, int group, int rank) {
            access.set(output, outputRow, values[group][rank]);
        }

        @Override
        void writeInterpolated(FieldVector output, int outputRow, int group, double position) {
            throw new IllegalStateException("A discrete percentile does not interpolate");
        }
    }

    /** VARCHAR and VARBINARY values, each its own byte array, sorted as unsigned bytes. */
    private static final class BytesValues extends SortedValuesAccumulator {
        /** What a value's array costs beyond its bytes: its header and the reference to it. */
        private static final int ARRAY_OVERHEAD = 24;

        private byte[][][] values = new byte[0][][];

        BytesValues(int valueField, int fractionField, DataType fractionType, Pick pick, HeapMemoryTracker memory) {
            super(valueField, fractionField, fractionType, pick, memory);
        }

        @Override
        void growGroups(int groupCount) {
            values = Arrays.copyOf(values, groupCount);
        }

        @Override
        int capacity(int group) {
            return values[group] == null ? 0 : values[group].length;
        }

        @Override
        void growValues(int group, int capacity) {
            values[group] = values[group] == null ? new byte[capacity][] : Arrays.copyOf(values[group], capacity);
        }

        @Override
        void store(int group, int index, FieldVector column, int row) {
            byte[] value = ((BaseVariableWidthVector) column).get(row);
            memory.add(value.length + ARRAY_OVERHEAD);
            values[group][index] = value;
        }

        @Override
        void sort(int group, int count) {
            Arrays.sort(values[group], 0, count, Arrays::compareUnsigned);
        }

        @Override
        boolean equalAt(int group, int first, int second) {
            return Arrays.equals(values[group][first], values[group][second]);
        }

        @Override
        void writeValue(FieldVector output, int outputRow, int group, int rank) {
            ((BaseVariableWidthVector) output).setSafe(outputRow, values[group][rank]);
        }

        @Override
        void writeInterpolated(FieldVector output, int outputRow, int group, double position) {
            throw new IllegalStateException("A discrete percentile does not interpolate");
        }
    }
}
