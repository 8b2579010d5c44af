package io.aqueduct.core.exec;

import io.aqueduct.core.plan.SortKey;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * STRING_AGG(value, separator) and LISTAGG: a group's non-NULL values, the separator (a NULL separator is none;
 * LISTAGG without one takes ',') between them; NULL for a group without values. Not split into partial and final
 * steps: the distributed plan shuffles the rows to it by the group keys. The values join in the order they arrive
 * ({@link #create} without an order) or in the order of the call's keys ({@link OrderedStringAggAccumulator}).
 */
abstract class StringAggAccumulator<G> implements Accumulator {
    /** LISTAGG's separator when the call gives none. */
    static final String DEFAULT_SEPARATOR = ",";

    private final int valueField;
    /** The separator's column (a constant projected below), or -1 for {@link #DEFAULT_SEPARATOR}. */
    private final int separatorField;

    protected final HeapMemoryTracker memory;
    /** Each group's state, null until its first value. */
    protected G[] groups;

    StringAggAccumulator(int valueField, int separatorField, G[] noGroups, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.separatorField = separatorField;
        this.groups = noGroups;
        this.memory = memory;
    }

    /** The accumulator for a call with {@code order} (its ORDER BY within the group), arrival order when empty. */
    static Accumulator create(int valueField, int separatorField, List<SortKey> order, HeapMemoryTracker memory) {
        return order.isEmpty()
                ? new InArrivalOrder(valueField, separatorField, memory)
                : new OrderedStringAggAccumulator(valueField, separatorField, order, memory);
    }

    @Override
    public final void ensureCapacity(int groupCount) {
        groups = memory.grow(groups, groupCount);
    }

    @Override
    public final void add(VectorSchemaRoot batch, int[] groupIds, int rowCount) {
        if (!(batch.getVector(valueField) instanceof VarCharVector values)) {
            // A bare NULL's column: no value to join.
            return;
        }
        FieldVector separators = separatorField < 0 ? null : batch.getVector(separatorField);
        startBatch(batch);
        for (int row = 0; row < rowCount; row++) {
            if (!values.isNull(row)) {
                String value = new String(values.get(row), StandardCharsets.UTF_8);
                add(groupIds[row], value, separator(separators, row), row);
            }
        }
    }

    /** Called before the rows of {@code batch} are added. */
    protected void startBatch(VectorSchemaRoot batch) {}

    /** Adds a row's value and the separator that goes before it (unless it comes first) to {@code group}. */
    protected abstract void add(int group, String value, String separator, int row);

    /** The joined values of a group that has some. */
    protected abstract String joined(G group);

    /** The row's separator: {@link #DEFAULT_SEPARATOR} without a column, none where it is NULL (a NULL literal too). */
    private static String separator(FieldVector separators, int row) {
        if (separators == null) {
            return DEFAULT_SEPARATOR;
        }
        if (!(separators instanceof VarCharVector strings) || strings.isNull(row)) {
            return "";
        }
        return new String(strings.get(row), StandardCharsets.UTF_8);
    }

    @Override
    public final void write(FieldVector output, int fromGroup, int count) {
        if (!(output instanceof VarCharVector strings)) {
            // STRING_AGG(NULL) is of type NULL: its values are NULL as they stand.
            return;
        }
        for (int i = 0; i < count; i++) {
            G group = groups[fromGroup + i];
            if (group == null) {
                strings.setNull(i);
            } else {
                strings.setSafe(i, joined(group).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** The values joined as they arrive, into one builder per group. */
    private static final class InArrivalOrder extends StringAggAccumulator<StringBuilder> {
        InArrivalOrder(int valueField, int separatorField, HeapMemoryTracker memory) {
            super(valueField, separatorField, new StringBuilder[0], memory);
        }

        @Override
        protected void add(int group, String value, String separator, int row) {
            StringBuilder builder = groups[group];
            if (builder == null) {
                memory.add(2L * value.length() + 64);
                groups[group] = new StringBuilder(value);
                return;
            }
            // A StringBuilder holds up to two bytes per character.
            memory.add(2L * (separator.length() + value.length()));
            builder.append(separator).append(value);
        }

        @Override
        protected String joined(StringBuilder group) {
            return group.toString();
        }
    }
}
