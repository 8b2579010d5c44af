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
 * PERCENTILE_CONT(fraction) WITHIN GROUP (ORDER BY value): keeps each group's non-NULL values, and at the end sorts them
 * and interpolates linearly between the values at ranks {@code floor} and {@code ceil} of {@code fraction * (n - 1)},
 * as the SQL standard, PostgreSQL and DuckDB do; NULL for a group without values. Not split into partial and final
 * steps: the distributed plan shuffles the rows to it by the group keys.
 */
final class PercentileAccumulator implements Accumulator {
    private static final int FIRST_CAPACITY = 4;

    private final int valueField;
    /** The fraction's column: a constant the planner projected below. */
    private final int fractionField;

    private final DataType fractionType;

    private final HeapMemoryTracker memory;
    private double fraction = Double.NaN;
    private double[][] values = new double[0][];
    private int[] counts = new int[0];

    PercentileAccumulator(int valueField, int fractionField, DataType fractionType, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.fractionField = fractionField;
        this.fractionType = fractionType;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        if (values.length < groupCount) {
            int length = Math.max(groupCount, values.length * 2);
            memory.add((long) (length - values.length) * (Long.BYTES + Integer.BYTES));
            values = Arrays.copyOf(values, length);
            counts = Arrays.copyOf(counts, length);
        }
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (rowCount == 0) {
            return;
        }
        if (Double.isNaN(fraction)) {
            fraction = fraction(batch.getVector(fractionField), fractionType);
        }
        Float8Vector column = (Float8Vector) batch.getVector(valueField);
        for (int row = 0; row < rowCount; row++) {
            if (column.isNull(row)) {
                continue;
            }
            int group = groupIds[row];
            double[] groupValues = values[group];
            if (groupValues == null || counts[group] == groupValues.length) {
                int capacity = groupValues == null ? FIRST_CAPACITY : groupValues.length * 2;
                memory.add((long) (capacity - (groupValues == null ? 0 : groupValues.length)) * Double.BYTES);
                groupValues = groupValues == null ? new double[capacity] : Arrays.copyOf(groupValues, capacity);
                values[group] = groupValues;
            }
            groupValues[counts[group]++] = column.get(row);
        }
    }

    /** The fraction in [0, 1] the validator checked: a DOUBLE, or an exact number (a DECIMAL holds its unscaled value). */
    private static double fraction(FieldVector column, DataType type) {
        if (column.isNull(0)) {
            throw new AqueductException(ErrorCode.INVALID_ARGUMENT, "PERCENTILE_CONT needs a fraction, not NULL");
        }
        if (type.kind() == TypeKind.DOUBLE) {
            return ((Float8Vector) column).get(0);
        }
        return BigDecimal.valueOf(LongVectorAccess.of(type).get(column, 0), type.scale())
                .doubleValue();
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        Float8Vector doubles = (Float8Vector) output;
        for (int i = 0; i < count; i++) {
            int group = fromGroup + i;
            if (counts[group] == 0) {
                doubles.setNull(i);
                continue;
            }
            double[] sorted = values[group];
            Arrays.sort(sorted, 0, counts[group]);
            double position = fraction * (counts[group] - 1);
            int lower = (int) Math.floor(position);
            int upper = (int) Math.ceil(position);
            doubles.set(i, sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]));
        }
    }
}
