package io.aqueduct.core.exec;

import io.aqueduct.core.plan.SortKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;

/**
 * STRING_AGG(value, separator ORDER BY keys) and LISTAGG(...) WITHIN GROUP (ORDER BY keys): each group's values kept
 * beside their order keys until the end, then sorted (stably: rows with equal keys keep their arrival order) and
 * joined, each value after the separator of its own row.
 */
final class OrderedStringAggAccumulator extends StringAggAccumulator<List<OrderedStringAggAccumulator.Entry>> {
    /** A value, the separator before it, and its order keys (NULL, or a comparable Java value). */
    record Entry(String value, String separator, Object[] keys) {}

    private final List<SortKey> order;
    private final Comparator<Entry> comparator;
    private final FieldVector[] keyVectors;

    @SuppressWarnings("unchecked")
    OrderedStringAggAccumulator(int valueField, int separatorField, List<SortKey> order, HeapMemoryTracker memory) {
        super(valueField, separatorField, (List<Entry>[]) new List<?>[0], memory);
        this.order = List.copyOf(order);
        this.comparator = comparator(this.order);
        this.keyVectors = new FieldVector[order.size()];
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
    protected void startBatch(VectorSchemaRoot batch) {
        for (int i = 0; i < keyVectors.length; i++) {
            keyVectors[i] = batch.getVector(order.get(i).field());
        }
    }

    @Override
    protected void add(int group, String value, String separator, int row) {
        Object[] keys = new Object[keyVectors.length];
        for (int i = 0; i < keys.length; i++) {
            Object key = keyVectors[i].getObject(row);
            // Arrow's Text is not Comparable with itself in a generic way; its string compares as PostgreSQL's C
            // collation would.
            keys[i] = key instanceof Text text ? text.toString() : key;
        }
        memory.add(2L * (value.length() + separator.length()) + 32L * (keys.length + 2));
        if (groups[group] == null) {
            groups[group] = new ArrayList<>();
        }
        groups[group].add(new Entry(value, separator, keys));
    }

    @Override
    protected String joined(List<Entry> entries) {
        entries.sort(comparator);
        StringBuilder joined = new StringBuilder(entries.get(0).value());
        for (Entry entry : entries.subList(1, entries.size())) {
            joined.append(entry.separator()).append(entry.value());
        }
        return joined.toString();
    }
}
