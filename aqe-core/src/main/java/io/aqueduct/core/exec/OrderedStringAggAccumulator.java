package io.aqueduct.core.exec;

import io.aqueduct.core.plan.SortKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;

/**
 * STRING_AGG(value, separator ORDER BY keys) and LISTAGG(...) WITHIN GROUP (ORDER BY keys): as {@link
 * StringAggAccumulator}, with each group's non-NULL values kept beside their order keys until the end, then sorted
 * (stably: rows with equal keys keep their arrival order) and joined, each value after the separator of its own row.
 */
final class OrderedStringAggAccumulator implements Accumulator {
    /** A value, the separator before it, and its order keys (NULL, or a comparable Java value). */
    private record Entry(String value, String separator, Object[] keys) {}

    private final int valueField;
    private final int separatorField;
    private final List<SortKey> order;
    private final Comparator<Entry> comparator;
    private final HeapMemoryTracker memory;
    private List<Entry>[] groups = newGroups(0);

    OrderedStringAggAccumulator(int valueField, int separatorField, List<SortKey> order, HeapMemoryTracker memory) {
        this.valueField = valueField;
        this.separatorField = separatorField;
        this.order = List.copyOf(order);
        this.comparator = comparator(this.order);
        this.memory = memory;
    }

    @SuppressWarnings("unchecked")
    private static List<Entry>[] newGroups(int length) {
        return (List<Entry>[]) new List<?>[length];
    }

    /** Compares entries key by key in each key's direction, NULLs where the key puts them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<Entry> comparator(List<SortKey> order) {
        Comparator<Entry> comparator = (left, right) -> 0;
        for (int i = 0; i < order.size(); i++) {
            int key = i;
            SortKey sortKey = order.get(i);
            Comparator<Comparable> values =
                    sortKey.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
            Comparator<Comparable> withNulls =
                    sortKey.nullsFirst() ? Comparator.nullsFirst(values) : Comparator.nullsLast(values);
            comparator = comparator.thenComparing(entry -> (Comparable) entry.keys()[key], withNulls);
        }
        return comparator;
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
        FieldVector separators = separatorField < 0 ? null : batch.getVector(separatorField);
        FieldVector[] keyVectors = new FieldVector[order.size()];
        for (int i = 0; i < keyVectors.length; i++) {
            keyVectors[i] = batch.getVector(order.get(i).field());
        }
        for (int row = 0; row < rowCount; row++) {
            if (values.isNull(row)) {
                continue;
            }
            Object[] keys = new Object[keyVectors.length];
            for (int i = 0; i < keys.length; i++) {
                Object key = keyVectors[i].getObject(row);
                // Arrow's Text compares as bytes would, but is not Comparable with itself in a generic way.
                keys[i] = key instanceof Text text ? text.toString() : key;
            }
            String value = new String(values.get(row), StandardCharsets.UTF_8);
            String separator = StringAggAccumulator.separator(separators, row);
            memory.add(2L * (value.length() + separator.length()) + 32L * (keys.length + 2));
            int group = groupIds[row];
            if (groups[group] == null) {
                groups[group] = new ArrayList<>();
            }
            groups[group].add(new Entry(value, separator, keys));
        }
    }

    @Override
    public void write(FieldVector output, int fromGroup, int count) {
        if (!(output instanceof VarCharVector strings)) {
            // STRING_AGG(NULL) is of type NULL: its values are NULL as they stand.
            return;
        }
        for (int i = 0; i < count; i++) {
            List<Entry> entries = groups[fromGroup + i];
            if (entries == null) {
                strings.setNull(i);
                continue;
            }
            entries.sort(comparator);
            StringBuilder joined = new StringBuilder(entries.get(0).value());
            for (Entry entry : entries.subList(1, entries.size())) {
                joined.append(entry.separator()).append(entry.value());
            }
            strings.setSafe(i, joined.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
