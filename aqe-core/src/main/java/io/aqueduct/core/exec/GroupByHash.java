package io.aqueduct.core.exec;

import io.aqueduct.core.type.DataType;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Assigns dense group ids 0, 1, 2... to the distinct combinations of key values (NULL being one value),
 * using open addressing with linear probing over slots that hold group ids. The keys of each group live
 * column-wise in {@link GroupColumn}s, and each group's hash is kept so that resizing never rehashes
 * keys. Grouping assigns ids; a hash join also looks rows up without adding groups.
 */
final class GroupByHash {
    private static final int EMPTY = -1;
    private static final float LOAD_FACTOR = 0.75f;

    private final GroupColumn[] keys;
    private final HeapMemoryTracker memory;

    private int[] slots;
    private int mask;
    private int resizeThreshold;
    private long[] groupHashes = new long[0];
    private int groupCount;
    private long[] rowHashes = new long[0];
    private FieldVector[] keyVectors;

    GroupByHash(List<DataType> keyTypes, HeapMemoryTracker memory) {
        this.memory = memory;
        this.keys = new GroupColumn[keyTypes.size()];
        for (int key = 0; key < keys.length; key++) {
            keys[key] = GroupColumn.create(keyTypes.get(key), memory);
        }
        allocateSlots(1024);
    }

    int groupCount() {
        return groupCount;
    }

    /**
     * Fills {@code groupIds[0..rowCount)} with the group of each row of the key vectors, one vector per key
     * type, adding new groups.
     */
    void assignGroups(FieldVector[] keyVectors, int rowCount, int[] groupIds) {
        hashRows(keyVectors, rowCount);
        for (int row = 0; row < rowCount; row++) {
            groupIds[row] = findOrAddGroup(RowHashing.tableHash(rowHashes[row]), row);
        }
    }

    /** Like {@link #assignGroups} but adds no group: a row whose keys are no group's gets -1. */
    void findGroups(FieldVector[] keyVectors, int rowCount, int[] groupIds) {
        hashRows(keyVectors, rowCount);
        for (int row = 0; row < rowCount; row++) {
            groupIds[row] = findGroup(RowHashing.tableHash(rowHashes[row]), row);
        }
    }

    /** Writes the keys of groups {@code [fromGroup, fromGroup + count)} into rows {@code [0, count)} of the vectors. */
    void writeKeys(List<FieldVector> outputs, int fromGroup, int count) {
        for (int key = 0; key < keys.length; key++) {
            keys[key].write(outputs.get(key), fromGroup, count);
        }
    }

    private void hashRows(FieldVector[] keyVectors, int rowCount) {
        this.keyVectors = keyVectors;
        rowHashes = memory.grow(rowHashes, rowCount);
        Arrays.fill(rowHashes, 0, rowCount, 0);
        for (int key = 0; key < keyVectors.length; key++) {
            keys[key].hash(keyVectors[key], rowCount, rowHashes);
        }
    }

    private int findGroup(long hash, int row) {
        int slot = (int) hash & mask;
        while (true) {
            int group = slots[slot];
            if (group == EMPTY || (groupHashes[group] == hash && keysMatch(group, row))) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int findOrAddGroup(long hash, int row) {
        int slot = (int) hash & mask;
        while (true) {
            int group = slots[slot];
            if (group == EMPTY) {
                return addGroup(slot, hash, row);
            }
            if (groupHashes[group] == hash && keysMatch(group, row)) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    private boolean keysMatch(int group, int row) {
        for (int key = 0; key < keyVectors.length; key++) {
            if (!keys[key].matches(group, keyVectors[key], row)) {
                return false;
            }
        }
        return true;
    }

    private int addGroup(int slot, long hash, int row) {
        int group = groupCount++;
        groupHashes = memory.grow(groupHashes, groupCount);
        groupHashes[group] = hash;
        for (int key = 0; key < keyVectors.length; key++) {
            GroupColumn column = keys[key];
            column.ensureCapacity(groupCount);
            column.set(group, keyVectors[key], row);
        }
        slots[slot] = group;
        if (groupCount > resizeThreshold) {
            rehash();
        }
        return group;
    }

    private void rehash() {
        int[] oldSlots = slots;
        allocateSlots(oldSlots.length * 2);
        memory.release((long) oldSlots.length * Integer.BYTES);
        for (int group = 0; group < groupCount; group++) {
            int slot = (int) groupHashes[group] & mask;
            while (slots[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = group;
        }
    }

    private void allocateSlots(int capacity) {
        memory.add((long) capacity * Integer.BYTES);
        slots = new int[capacity];
        Arrays.fill(slots, EMPTY);
        mask = capacity - 1;
        resizeThreshold = (int) (capacity * LOAD_FACTOR);
    }
}
