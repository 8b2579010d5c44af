package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * PERCENTILE_CONT and PERCENTILE_DISC(fraction) WITHIN GROUP (ORDER BY value): keeps each group's non-NULL values, and
 * at the end sorts them. The continuous percentile interpolates linearly between the values at ranks {@code floor} and
 * {@code ceil} of {@code fraction * (n - 1)}; the discrete one is the first value whose rank {@code i} reaches {@code
 * fraction * n} with {@code i + 1}, counted in the ORDER BY's direction; as the SQL standard, PostgreSQL and DuckDB do. NULL for a group without values. Not
 * split into partial and final steps: the distributed plan shuffles the rows to it by the group keys. Subclasses hold
 * the values: DOUBLEs, or the integral types (DECIMAL, DATE, TIMESTAMP, ...) exactly as longs.
 */
abstract class PercentileAccumulator implements Accumulator {
    private static final int FIRST_CAPACITY = 4;

    private final int valueField;
    /** The fraction's column: a constant the planner projected below. */
    private final int fractionField;

    private final DataType fractionType;
    private final Pick pick;
    private final HeapMemoryTracker memory;
    private double fraction = Double.NaN;
    private int[] counts = new int[0];

    /** Which value a group's percentile is: interpolated, or one of the values, counted from the smallest or largest. */
    enum Pick {
        CONTINUOUS,
        DISCRETE_ASCENDING,
        DISCRETE_DESCENDING
    }

    PercentileAccumulator(
            int valueField, int fractionField, DataType fractionType, Pick pick, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.fractionField = fractionField;
        this.fractionType = fractionType;
        this.pick = pick;
        this.memory = memory;
    }

    /** PERCENTILE_CONT (DOUBLE values), or PERCENTILE_DISC of values of {@code valueType}. */
    static PercentileAccumulator create(
            int valueField,
            DataType valueType,
            int fractionField,
            DataType fractionType,
            Pick pick,
            HeapMemoryTracker memory) {
        if (valueType.kind() == TypeKind.DOUBLE) {
            return new DoublePercentiles(valueField, fractionField, fractionType, pick, memory);
        }
        if (pick == Pick.CONTINUOUS || !LongVectorAccess.supports(valueType)) {
            throw new AqueductException(
                    ErrorCode.NOT_SUPPORTED,
                    (pick == Pick.CONTINUOUS ? "PERCENTILE_CONT" : "PERCENTILE_DISC") + " of " + valueType
                            + " is not supported");
        }
        return new LongPercentiles(
                valueField, LongVectorAccess.of(valueType), fractionField, fractionType, pick, memory);
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
        if (Double.isNaN(fraction)) {
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
            if (pick != Pick.CONTINUOUS) {
                // The first value whose cumulative share reaches the fraction, in the ORDER BY's direction.
                int rank = Math.max((int) Math.ceil(fraction * n) - 1, 0);
                writeValue(output, i, group, pick == Pick.DISCRETE_ASCENDING ? rank : n - 1 - rank);
            } else {
                double position = fraction * (n - 1);
                writeInterpolated(output, i, group, position);
            }
        }
    }

    abstract void growGroups(int groupCount);

    /** The values the group has room for. */
    abstract int capacity(int group);

    abstract void growValues(int group, int capacity);

    abstract void store(int group, int index, FieldVector column, int row);

    abstract void sort(int group, int count);

    /** Writes the group's value at {@code rank} of its sorted values. */
    abstract void writeValue(FieldVector output, int outputRow, int group, int rank);

    /** Writes the value between ranks {@code floor(position)} and {@code ceil(position)}, linearly interpolated. */
    abstract void writeInterpolated(FieldVector output, int outputRow, int group, double position);

    private static final class DoublePercentiles extends PercentileAccumulator {
        private double[][] values = new double[0][];

        DoublePercentiles(
                int valueField, int fractionField, DataType fractionType, Pick pick, HeapMemoryTracker memory) {
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

    /** PERCENTILE_DISC of an integral type, its values kept exactly. */
    private static final class LongPercentiles extends PercentileAccumulator {
        private final LongVectorAccess access;
        private long[][] values = new long[0][];

        LongPercentiles(
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
        void writeValue(FieldVector output, int outputRow, int group, int rank) {
            access.set(output, outputRow, values[group][rank]);
        }

        @Override
        void writeInterpolated(FieldVector output, int outputRow, int group, double position) {
            throw new IllegalStateException("A discrete percentile does not interpolate");
        }
    }
}
