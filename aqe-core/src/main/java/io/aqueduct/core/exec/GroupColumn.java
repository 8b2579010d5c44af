package io.aqueduct.core.exec;

import io.aqueduct.core.type.DataType;
import org.apache.arrow.vector.FieldVector;

/**
 * One value per group id, stored column-wise in heap arrays: the group-by keys of {@link GroupByHash},
 * and the state of the aggregates that keep a value of their input (MIN, MAX, ANY_VALUE, SINGLE_VALUE).
 * Groups start NULL.
 */
abstract class GroupColumn {
    static final long NULL_HASH = 0x2545F4914F6CDD1DL;

    protected final HeapMemoryTracker memory;
    private boolean[] present = new boolean[0];
    private boolean anyNullSet;

    protected GroupColumn(HeapMemoryTracker memory) {
        this.memory = memory;
    }

    static GroupColumn create(DataType type, HeapMemoryTracker memory) {
        return switch (type.kind()) {
            case DOUBLE -> new DoubleGroupColumn(memory);
            case VARCHAR, VARBINARY -> new BytesGroupColumn(memory);
            case NULL -> new NullGroupColumn(memory);
            default -> new LongGroupColumn(LongVectorAccess.of(type), memory);
        };
    }

    /** Mixes the hash of each row's value (NULL included) into {@code hashes[0..rowCount)}. */
    abstract void hash(FieldVector vector, int rowCount, long[] hashes);

    /** Makes room for group ids below {@code groupCount}. */
    void ensureCapacity(int groupCount) {
        present = memory.grow(present, groupCount);
    }

    final boolean isNull(int group) {
        return !present[group];
    }

    /** Stores the value at {@code row} of {@code vector}, possibly NULL, as the value of {@code group}. */
    final void set(int group, FieldVector vector, int row) {
        present[group] = !vector.isNull(row);
        if (present[group]) {
            setValue(group, vector, row);
        } else {
            anyNullSet = true;
        }
    }

    /**
     * Whether no group of those {@link #set} so far is NULL, and no row of {@code vector} is: then
     * {@link #retainMatches} may compare values alone.
     */
    protected final boolean noNulls(FieldVector vector) {
        return !anyNullSet && vector.getNullCount() == 0;
    }

    /** Whether the group's value equals the row's, NULL matching NULL as grouping requires. */
    final boolean matches(int group, FieldVector vector, int row) {
        boolean rowIsNull = vector.isNull(row);
        if (rowIsNull || !present[group]) {
            return rowIsNull && !present[group];
        }
        return valueMatches(group, vector, row);
    }

    /**
     * The column-at-a-time {@link #matches}: clears {@code matches[i]} for each {@code i < count} whose group
     * {@code groups[i]} (one that was {@link #set}) holds another value than row {@code rows[i]} of {@code vector}.
     * Subclasses compare straight from the vector's buffers where neither side holds a NULL.
     */
    void retainMatches(FieldVector vector, int[] rows, int[] groups, int count, boolean[] matches) {
        for (int i = 0; i < count; i++) {
            if (matches[i] && !matches(groups[i], vector, rows[i])) {
                matches[i] = false;
            }
        }
    }

    /** Compares the group's value with the row's value, both non-NULL: negative when the group's is smaller. */
    abstract int compare(int group, FieldVector vector, int row);

    /** Writes the values of groups {@code [fromGroup, fromGroup + count)} into rows {@code [0, count)}. */
    final void write(FieldVector output, int fromGroup, int count) {
        for (int i = 0; i < count; i++) {
            if (present[fromGroup + i]) {
                writeValue(output, i, fromGroup + i);
            } else {
                output.setNull(i);
            }
        }
    }

    protected abstract void setValue(int group, FieldVector vector, int row);

    protected abstract boolean valueMatches(int group, FieldVector vector, int row);

    protected abstract void writeValue(FieldVector output, int outputRow, int group);

    static long combineHash(long hash, long valueHash) {
        return 31 * hash + valueHash;
    }
}
