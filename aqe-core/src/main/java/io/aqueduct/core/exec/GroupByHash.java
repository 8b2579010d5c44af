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
 *
 * <p>Lookups go a batch at a time ({@link #lookUp}): one loop reads every row's slot, then each key column
 * compares all the candidates at once. The loops carry no dependency from row to row, so the CPU overlaps
 * their cache misses, and the per-row dispatch over keys and NULL checks is gone.
 *
 * <p>A table on one integral key whose values all fit in 32 bits (join keys, most of all) keeps the key itself as the
 * slot's tag: a probe whose tag matches has found its group without reading the group's key, one cache miss fewer per
 * row on a table larger than the caches. The first NULL key or key beyond 32 bits retags the slots with hash bits for
 * good.
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
    // Per batch: each row's table hash; during lookUp the slot each row probes next and the rows in play.
    private long[] rowHashes = new long[0];
    private int[] probeSlots = new int[0];
    private int[] pendingRows = new int[0];
    private int[] candidateRows = new int[0];
    private int[] candidateGroups = new int[0];
    private boolean[] candidateMatches = new boolean[0];
    private FieldVector[] keyVectors;
    /**
     * Whether most rows of the last batch {@link #assignGroups} saw had new keys (a build on unique keys): the
     * next batch then goes to the per-row insert directly, which finds existing groups too, instead of a batch
     * lookup that would find almost nothing and probe every row twice.
     */
    private boolean lastBatchMostlyNew;
    /** Whether each slot's tag is its group's key (see the class comment); only while every key fits. */
    private boolean keyTags;
    /** Per row of the hashed batch, when {@link #keyTags}: whether its key is non-NULL and fits in 32 bits. */
    private boolean[] rowKeyFits = new boolean[0];
    /** Per row of the hashed batch, when {@link #keyTags}: its tag, the key's low 32 bits. */
    private int[] rowTags = new int[0];

    GroupByHash(List<DataType> keyTypes, HeapMemoryTracker memory) {
        this.memory = memory;
        this.keys = new GroupColumn[keyTypes.size()];
        for (int key = 0; key < keys.length; key++) {
            keys[key] = GroupColumn.create(keyTypes.get(key), memory);
        }
        this.keyTags = keyTypes.size() == 1 && IntegralKeys.supports(keyTypes.get(0));
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
        if (groupCount == 0 || lastBatchMostlyNew) {
            Arrays.fill(groupIds, 0, rowCount, EMPTY);
        } else {
            lookUp(rowCount, groupIds);
        }
        int groupsBefore = groupCount;
        // The rows of new keys, in row order, so that group ids follow the keys' first appearance.
        for (int row = 0; row < rowCount; row++) {
            if (groupIds[row] == EMPTY) {
                groupIds[row] = findOrAddGroup(rowHashes[row], row);
            }
        }
        lastBatchMostlyNew = (groupCount - groupsBefore) * 2 > rowCount;
    }

    /** Like {@link #assignGroups} but adds no group: a row whose keys are no group's gets -1. */
    void findGroups(FieldVector[] keyVectors, int rowCount, int[] groupIds) {
        hashRows(keyVectors, rowCount);
        lookUp(rowCount, groupIds);
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
        for (int row = 0; row < rowCount; row++) {
            rowHashes[row] = RowHashing.tableHash(rowHashes[row]);
        }
        if (keyTags) {
            rowTags = memory.grow(rowTags, rowCount);
            rowKeyFits = memory.grow(rowKeyFits, rowCount);
            IntegralKeys.tags(keyVectors[0], rowCount, rowTags, rowKeyFits);
        }
    }

    /**
     * Sets {@code groupIds[row]} to the group holding the keys of each row of the hashed batch, -1 where there is
     * none. Rounds over the rows still in play: each finds its next slot with an equal tag (or an empty one, which
     * settles it), then the key columns compare all candidates; a row whose keys differ probes on from the slot
     * after. Equal tags with different keys are rare, so almost every row settles in the first round.
     */
    private void lookUp(int rowCount, int[] groupIds) {
        if (keyTags) {
            lookUpByKeyTags(rowCount, groupIds);
            return;
        }
        probeSlots = memory.grow(probeSlots, rowCount);
        pendingRows = memory.grow(pendingRows, rowCount);
        candidateRows = memory.grow(candidateRows, rowCount);
        candidateGroups = memory.grow(candidateGroups, rowCount);
        candidateMatches = memory.grow(candidateMatches, rowCount);
        for (int row = 0; row < rowCount; row++) {
            probeSlots[row] = (int) rowHashes[row] & mask;
            pendingRows[row] = row;
        }
        int pending = rowCount;
        while (pending > 0) {
            int candidates = findCandidates(pending, groupIds);
            for (int key = 0; key < keyVectors.length; key++) {
                keys[key].retainMatches(keyVectors[key], candidateRows, candidateGroups, candidates, candidateMatches);
            }
            pending = 0;
            for (int i = 0; i < candidates; i++) {
                if (!candidateMatches[i]) {
                    int row = candidateRows[i];
                    groupIds[row] = EMPTY;
                    probeSlots[row] = (probeSlots[row] + 1) & mask;
                    pendingRows[pending++] = row;
                }
            }
        }
    }

    /**
     * {@link #lookUp} where the tags are the keys: a row whose key is NULL or beyond 32 bits is no group's, and a slot
     * with the row's tag holds the row's group.
     */
    private void lookUpByKeyTags(int rowCount, int[] groupIds) {
        for (int row = 0; row < rowCount; row++) {
            if (!rowKeyFits[row]) {
                groupIds[row] = EMPTY;
                continue;
            }
            groupIds[row] = (int) slots[settledSlot((int) rowHashes[row] & mask, rowTags[row])];
        }
    }

    /**
     * For each of the {@code pending} rows in play: from its probe slot, the first slot that is empty (the row's
     * group becomes -1) or whose tag is the row's (the row becomes a candidate for that group). Returns the number
     * of candidates.
     */
    private int findCandidates(int pending, int[] groupIds) {
        int candidates = 0;
        for (int i = 0; i < pending; i++) {
            int row = pendingRows[i];
            int slot = settledSlot(probeSlots[row], tag(rowHashes[row]));
            int group = (int) slots[slot];
            groupIds[row] = group;
            if (group != EMPTY) {
                probeSlots[row] = slot;
                candidateRows[candidates] = row;
                candidateGroups[candidates] = group;
                candidateMatches[candidates] = true;
                candidates++;
            }
        }
        return candidates;
    }

    /** From {@code slot} on, the first slot that is empty or holds {@code tag}. */
    private int settledSlot(int slot, int tag) {
        long entry = slots[slot];
        while ((int) entry != EMPTY && (int) (entry >>> 32) != tag) {
            slot = (slot + 1) & mask;
            entry = slots[slot];
        }
        return slot;
    }

    private int findOrAddGroup(long hash, int row) {
        if (keyTags && !rowKeyFits[row]) {
            retagWithHashes();
        }
        int slot = (int) hash & mask;
        int tag = keyTags ? rowTags[row] : tag(hash);
        while (true) {
            long entry = slots[slot];
            int group = (int) entry;
            if (group == EMPTY) {
                return addGroup(slot, hash, tag, row);
            }
            if ((int) (entry >>> 32) == tag && (keyTags || keysMatch(group, row))) {
                return group;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Leaves key tags for good: every slot's tag becomes its group's hash bits. */
    private void retagWithHashes() {
        keyTags = false;
        for (int slot = 0; slot < slots.length; slot++) {
            int group = (int) slots[slot];
            if (group != EMPTY) {
                slots[slot] = entry(tag(groupHashes[group]), group);
            }
        }
    }

    private static int tag(long hash) {
        return (int) (hash >>> 32);
    }

    private static long entry(int tag, int group) {
        return ((long) tag << 32) | (group & 0xFFFF_FFFFL);
    }

    /** The tag {@code group} keeps in its slot: its key while {@link #keyTags}, else its hash bits. */
    private int groupTag(int group) {
        return keyTags ? (int) ((LongGroupColumn) keys[0]).value(group) : tag(groupHashes[group]);
    }

    private boolean keysMatch(int group, int row) {
        for (int key = 0; key < keyVectors.length; key++) {
            if (!keys[key].matches(group, keyVectors[key], row)) {
                return false;
            }
        }
        return true;
    }

    private int addGroup(int slot, long hash, int tag, int row) {
        int group = groupCount++;
        groupHashes = memory.grow(groupHashes, groupCount);
        groupHashes[group] = hash;
        for (int key = 0; key < keyVectors.length; key++) {
            GroupColumn column = keys[key];
            column.ensureCapacity(groupCount);
            column.set(group, keyVectors[key], row);
        }
        slots[slot] = entry(tag, group);
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
            slots[slot] = entry(groupTag(group), group);
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
