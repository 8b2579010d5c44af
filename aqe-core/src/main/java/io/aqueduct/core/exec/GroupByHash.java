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
 *
 * <p>A slot packs the high 32 bits of its group's hash (the slot index comes from the low bits) above the group
 * id: a probe compares that tag in the slot it already read and only touches the keys of a likely match, one
 * memory access less per probed slot than reading the group's hash.
 */
final class GroupByHash {
    private static final int EMPTY = -1;
    private static final long EMPTY_SLOT = -1L;
    private static final float LOAD_FACTOR = 0.75f;

    private final GroupColumn[] keys;
    private final HeapMemoryTracker memory;

    private long[] slots;
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
        int tag = tag(hash);
        while (true) {
            long entry = slots[slot];
            int group = (int) entry;
            if (group == EMPTY || ((int) (entry >>> 32) == tag && keysMatch(group, row))) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int findOrAddGroup(long hash, int row) {
        int slot = (int) hash & mask;
        int tag = tag(hash);
        while (true) {
            long entry = slots[slot];
            int group = (int) entry;
            if (group == EMPTY) {
                return addGroup(slot, hash, row);
            }
            if ((int) (entry >>> 32) == tag && keysMatch(group, row)) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    private static int tag(long hash) {
        return (int) (hash >>> 32);
    }

    private static long entry(long hash, int group) {
        return ((long) tag(hash) << 32) | (group & 0xFFFF_FFFFL);
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
        slots[slot] = entry(hash, group);
        if (groupCount > resizeThreshold) {
            rehash();
        }
        return group;
    }

    private void rehash() {
        long[] oldSlots = slots;
        allocateSlots(oldSlots.length * 2);
        memory.release((long) oldSlots.length * Long.BYTES);
        for (int group = 0; group < groupCount; group++) {
            long hash = groupHashes[group];
            int slot = (int) hash & mask;
            while (slots[slot] != EMPTY_SLOT) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = entry(hash, group);
        }
    }

    private void allocateSlots(int capacity) {
        memory.add((long) capacity * Long.BYTES);
        slots = new long[capacity];
        Arrays.fill(slots, EMPTY_SLOT);
        mask = capacity - 1;
        resizeThreshold = (int) (capacity * LOAD_FACTOR);
    }
}
