package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.type.DataType;
import java.util.HashSet;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestRowHashing extends ArrowAllocatorTest {
    @Test
    void integersOfEitherWidthAndDatesOfTheSameValuePartitionAlike() {
        try (VectorSchemaRoot batch = BatchBuilder.of(
                        BatchBuilder.rowType(DataType.INTEGER, DataType.BIGINT, DataType.DATE))
                .row(1, 1L, 1L)
                .row(-7, -7L, -7L)
                .row(null, null, null)
                .build(allocator)) {
            long[] ints = partitionHashes(batch.getVector(0));
            assertThat(ints).isEqualTo(partitionHashes(batch.getVector(1)));
            assertThat(ints).isEqualTo(partitionHashes(batch.getVector(2)));
            assertThat(Set.of(ints[0], ints[1], ints[2])).hasSize(3);
        }
    }

    @Test
    void zeroAndNegativeZeroPartitionAlikeAndEqualStringsHashEqually() {
        try (VectorSchemaRoot batch = BatchBuilder.of(BatchBuilder.rowType(DataType.DOUBLE, DataType.VARCHAR))
                .row(0.0, "brass")
                .row(-0.0, "brass")
                .row(1.0, "steel")
                .build(allocator)) {
            long[] doubles = partitionHashes(batch.getVector(0));
            long[] strings = partitionHashes(batch.getVector(1));
            assertThat(doubles[0]).isEqualTo(doubles[1]).isNotEqualTo(doubles[2]);
            assertThat(strings[0]).isEqualTo(strings[1]).isNotEqualTo(strings[2]);
        }
    }

    @Test
    void theTableHashIsIndependentOfThePartitionHash() {
        // Keys that all land in one of 16 partitions still spread over the slots of a table.
        int keys = 100_000;
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(DataType.BIGINT));
        for (long key = 0; key < keys; key++) {
            builder.row(key);
        }
        try (VectorSchemaRoot batch = builder.build(allocator)) {
            long[] hashes = partitionHashes(batch.getVector(0));
            Set<Long> slots = new HashSet<>();
            int inPartition = 0;
            for (int key = 0; key < keys; key++) {
                if (HashPartitioner.bucketOfFine(HashPartitioner.fineBucket(hashes[key]), 16) == 0) {
                    inPartition++;
                    long combined = GroupColumn.combineHash(0, key);
                    slots.add(RowHashing.tableHash(combined) & 1023);
                }
            }
            assertThat(inPartition).isBetween(keys / 20, keys / 10);
            assertThat(slots).hasSizeGreaterThan(1000);
        }
    }

    private static long[] partitionHashes(FieldVector vector) {
        int rows = vector.getValueCount();
        long[] hashes = new long[rows];
        RowHashing.partitionHashes(new FieldVector[] {vector}, rows, hashes);
        return hashes;
    }
}
