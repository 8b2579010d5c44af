package io.aqueduct.core.exec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * STRING_AGG(value, separator) and LISTAGG: a group's non-NULL values in the order they arrive, the separator (a NULL
 * separator is none; LISTAGG without one takes ',') between them; NULL for a group without values. Not split into
 * partial and final steps: the distributed plan shuffles the rows to it by the group keys.
 */
final class StringAggAccumulator implements Accumulator {
    /** LISTAGG's separator when the call gives none. */
    static final String DEFAULT_SEPARATOR = ",";

    private final int valueField;
    /** The separator's column (a constant projected below), or -1 for {@link #DEFAULT_SEPARATOR}. */
    private final int separatorField;

    private final HeapMemoryTracker memory;
    private StringBuilder[] groups = new StringBuilder[0];

    StringAggAccumulator(int valueField, int separatorField, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.separatorField = separatorField;
        this.memory = memory;
    }

    @Override
    public void ensureCapacity(int groupCount) {
        if (groups.length < groupCount) {
            int length = Math.max(groupCount, groups.length * 2);
            memory.add((long) (length - groups.length) * Long.BYTES);
            groups = Arrays.copyOf(groups, length);
        }
    }

    @Override
    public void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (!(batch.getVector(valueField) instanceof VarCharVector values)) {
            // A bare NULL's column: no value to join.
            return;
        }
        FieldVector separatorColumn = separatorField < 0 ? null : batch.getVector(separatorField);
        for (int row = 0; row < rowCount; row++) {
            if (values.isNull(row)) {
                continue;
            }
            String value = new String(values.get(row), StandardCharsets.UTF_8);
            StringBuilder group = groups[groupIds[row]];
            if (group == null) {
                memory.add(2L * value.length() + 64);
                groups[groupIds[row]] = new StringBuilder(value);
                continue;
            }
            String separator = separator(separatorColumn, row);
            // A StringBuilder holds up to two bytes per character.
            memory.add(2L * (separator.length() + value.length()));
            group.append(separator).append(value);
        }
    }

    /** The row's separator: {@link #DEFAULT_SEPARATOR} without a column, none where it is NULL (a NULL literal too). */
    static String separator(FieldVector separators, int row) {
        if (separators == null) {
            return DEFAULT_SEPARATOR;
        }
        if (!(separators instanceof VarCharVector strings) || strings.isNull(row)) {
            return "";
        }
        return new String(strings.get(row), StandardCharsets.UTF_8);
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        if (!(output instanceof VarCharVector strings)) {
            // STRING_AGG(NULL) is of type NULL: its values are NULL as they stand.
            return;
        }
        for (int i = 0; i < count; i++) {
            StringBuilder group = groups[fromGroup + i];
            if (group == null) {
                strings.setNull(i);
            } else {
                strings.setSafe(i, group.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
