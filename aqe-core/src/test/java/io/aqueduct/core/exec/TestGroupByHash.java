package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestGroupByHash extends ArrowAllocatorTest {
    // Two BIGINT keys combine as 31 * a + b, so (a, b) and (a + 1, b - 31) have the same hash: same slot, same tag.
    private static final List<DataType> TWO_BIGINTS = List.of(DataType.BIGINT, DataType.BIGINT);

    @Test
    void keysWithEqualHashesAreDifferentGroupsAndLookUpsTellThemApart() {
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test");
                VectorSchemaRoot build = BatchBuilder.of(BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT))
                        .row(0L, 62L)
                        .row(1L, 31L)
                        .row(2L, 0L)
                        .row(1L, 31L)
                        .build(allocator);
                VectorSchemaRoot probe = BatchBuilder.of(BatchBuilder.rowType(DataType.BIGINT, DataType.BIGINT))
                        .row(2L, 0L)
                        .row(3L, -31L)
                        .row(0L, 62L)
                        .row(1L, 31L)
                        .build(allocator)) {
            GroupByHash hash = new GroupByHash(TWO_BIGINTS, memory);
            int[] groups = new int[4];
            hash.assignGroups(vectors(build), 4, groups);
            assertThat(groups).containsExactly(0, 1, 2, 1);
            // Again, now that the groups exist: found by the batch lookup instead of added.
            hash.assignGroups(vectors(build), 4, groups);
            assertThat(groups).containsExactly(0, 1, 2, 1);
            assertThat(hash.groupCount()).isEqualTo(3);

            hash.findGroups(vectors(probe), 4, groups);
            // (3, -31) hashes like the others but is no group's.
            assertThat(groups).containsExactly(2, -1, 0, 1);
        }
    }

    @Test
    void nullKeysAreOneGroupAndFoundAsSuch() {
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test");
                VectorSchemaRoot build = BatchBuilder.of(BatchBuilder.rowType(DataType.VARCHAR, DataType.INTEGER))
                        .row("brass", 1)
                        .row(null, 1)
                        .row("brass", null)
                        .row(null, 1)
                        .build(allocator);
                VectorSchemaRoot probe = BatchBuilder.of(BatchBuilder.rowType(DataType.VARCHAR, DataType.INTEGER))
                        .row(null, 1)
                        .row("brass", 1)
                        .row("brass", 2)
                        .row("steel", null)
                        .build(allocator)) {
            GroupByHash hash = new GroupByHash(List.of(DataType.VARCHAR, DataType.INTEGER), memory);
            int[] groups = new int[4];
            hash.assignGroups(vectors(build), 4, groups);
            assertThat(groups).containsExactly(0, 1, 2, 1);

            hash.findGroups(vectors(probe), 4, groups);
            assertThat(groups).containsExactly(1, 0, -1, -1);
        }
    }

    @Test
    void lookUpsFindEveryGroupOfATableThatGrew() {
        int keys = 50_000;
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(DataType.VARCHAR));
        for (int key = 0; key < keys; key++) {
            builder.row("key-" + key);
        }
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test");
                VectorSchemaRoot batch = builder.build(allocator)) {
            GroupByHash hash = new GroupByHash(List.of(DataType.VARCHAR), memory);
            int[] groups = new int[keys];
            hash.assignGroups(vectors(batch), keys, groups);
            hash.findGroups(vectors(batch), keys, groups);
            for (int key = 0; key < keys; key++) {
                assertThat(groups[key]).isEqualTo(key);
            }
        }
    }

    @Test
    void longKeysDifferingInAnyByteAreDifferentGroups() {
        List<String> keys = List.of(
                "0123456789abcdefXYZ",
                "0123456789abcdefXYz",
                "1123456789abcdefXYZ",
                "0123456789abcdeFXYZ",
                "0123456789abcdefXY",
                "01234567",
                "01234568",
                "");
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(DataType.VARCHAR));
        for (String key : keys) {
            builder.row(key);
        }
        for (String key : keys) {
            builder.row(key);
        }
        int rows = keys.size() * 2;
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test");
                VectorSchemaRoot batch = builder.build(allocator)) {
            GroupByHash hash = new GroupByHash(List.of(DataType.VARCHAR), memory);
            int[] groups = new int[rows];
            hash.assignGroups(vectors(batch), rows, groups);
            for (int row = 0; row < rows; row++) {
                assertThat(groups[row]).isEqualTo(row % keys.size());
            }
        }
    }

    /**
     * Strings of every length up to three words, and for each one the strings differing from it in a single byte at
     * every position (words and tail alike): the batch is inserted, inserted again and looked up, so both the insert's
     * and the batch lookup's comparisons must tell every pair apart.
     */
    @Test
    void stringsDifferingInOneByteAtAnyPositionAreDifferentGroupsInBothPaths() {
        List<String> keys = new java.util.ArrayList<>();
        for (int length = 0; length <= 24; length++) {
            String base = "k".repeat(length);
            keys.add(base);
            for (int at = 0; at < length; at++) {
                keys.add(base.substring(0, at) + 'j' + base.substring(at + 1));
            }
        }
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(DataType.VARCHAR));
        keys.forEach(builder::row);
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test");
                VectorSchemaRoot batch = builder.build(allocator)) {
            GroupByHash hash = new GroupByHash(List.of(DataType.VARCHAR), memory);
            int rows = keys.size();
            int[] groups = new int[rows];
            hash.assignGroups(vectors(batch), rows, groups);
            assertThat(groups)
                    .containsExactly(java.util.stream.IntStream.range(0, rows).toArray());
            // Inserted again row by row (most rows of the last batch were new), then looked up a batch at a time.
            int[] again = new int[rows];
            hash.assignGroups(vectors(batch), rows, again);
            assertThat(again).containsExactly(groups);
            int[] found = new int[rows];
            hash.findGroups(vectors(batch), rows, found);
            assertThat(found).containsExactly(groups);
            assertThat(hash.groupCount()).isEqualTo(rows);
        }
    }

    /**
     * One BIGINT key: while every key fits in 32 bits the slots' tags are the keys (through two resizes), and NULLs,
     * keys beyond 32 bits and absent keys are found in no group; the first NULL or wide key retags every slot with
     * hash bits, after which every earlier group is still found, through further resizes.
     */
    @Test
    void oneIntegralKeyTaggedByItsValueUntilAKeyDoesNotFit() {
        try (HeapMemoryTracker memory = new HeapMemoryTracker(allocator, "test")) {
            GroupByHash hash = new GroupByHash(List.of(DataType.BIGINT), memory);
            List<Object> narrow = new java.util.ArrayList<>();
            for (long key = 0; key < 3000; key++) {
                narrow.add(key * 7 - 9000);
            }
            assertThat(assign(hash, narrow))
                    .containsExactly(java.util.stream.IntStream.range(0, 3000).toArray());

            List<Object> probes =
                    java.util.Arrays.asList(-9000L, 7L * 2999 - 9000, 5L, 1L << 40, null, (long) Integer.MIN_VALUE);
            assertThat(find(hash, probes)).containsExactly(0, 2999, -1, -1, -1, -1);

            List<Object> wide = java.util.Arrays.asList(1L << 40, null, -9000L + 7 * 5, (1L << 32) - 9000, null);
            assertThat(assign(hash, wide)).containsExactly(3000, 3001, 5, 3002, 3001);

            List<Object> more = new java.util.ArrayList<>();
            for (long key = 0; key < 4000; key++) {
                more.add(key * 7 + 100_000);
            }
            assertThat(assign(hash, more))
                    .containsExactly(
                            java.util.stream.IntStream.range(3003, 7003).toArray());
            assertThat(find(hash, narrow))
                    .containsExactly(java.util.stream.IntStream.range(0, 3000).toArray());
            assertThat(find(hash, java.util.Arrays.asList(null, 1L << 40, (1L << 32) - 9000, 5L)))
                    .containsExactly(3001, 3000, 3002, -1);
        }
    }

    private int[] assign(GroupByHash hash, List<Object> keys) {
        return groups(hash, keys, true);
    }

    private int[] find(GroupByHash hash, List<Object> keys) {
        return groups(hash, keys, false);
    }

    /** The group of each BIGINT key, adding new ones or not. */
    private int[] groups(GroupByHash hash, List<Object> keys, boolean add) {
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(DataType.BIGINT));
        keys.forEach(builder::row);
        try (VectorSchemaRoot batch = builder.build(allocator)) {
            int[] groups = new int[keys.size()];
            if (add) {
                hash.assignGroups(vectors(batch), keys.size(), groups);
            } else {
                hash.findGroups(vectors(batch), keys.size(), groups);
            }
            return groups;
        }
    }

    private static FieldVector[] vectors(VectorSchemaRoot batch) {
        return batch.getFieldVectors().toArray(FieldVector[]::new);
    }
}
