package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestBucketBatches extends ArrowAllocatorTest {
    private static final RowType TYPE = BatchBuilder.rowType(
            DataType.INTEGER,
            DataType.BIGINT,
            DataType.DOUBLE,
            DataType.BOOLEAN,
            DataType.VARCHAR,
            DataType.DATE,
            DataType.decimal(12, 2),
            DataType.TIMESTAMP,
            DataType.NULL);

    /** What a receiver was handed: each batch's bucket and rows. */
    private record Sent(int bucket, List<List<Object>> rows) {}

    @Test
    void eachBucketReceivesItsRowsOfEveryBatchInOrder() throws InterruptedException {
        int buckets = 3;
        List<Sent> sent = new ArrayList<>();
        List<List<List<Object>>> expected = new ArrayList<>();
        for (int bucket = 0; bucket < buckets; bucket++) {
            expected.add(new ArrayList<>());
        }
        try (BucketBatches pending = new BucketBatches(TYPE.toSchema(), allocator, buckets, 1000)) {
            for (int batchIndex = 0; batchIndex < 2; batchIndex++) {
                try (VectorSchemaRoot batch = rows(batchIndex * 100, 100)) {
                    int[] bucketOfRow = new int[batch.getRowCount()];
                    for (int row = 0; row < bucketOfRow.length; row++) {
                        // Bucket 2 gets no row of the first batch, so its first rows come with the second.
                        bucketOfRow[row] = (row * 7 + batchIndex) % (batchIndex == 0 ? 2 : 3);
                    }
                    List<List<Object>> batchRows = BatchRows.read(batch);
                    for (int row = 0; row < bucketOfRow.length; row++) {
                        expected.get(bucketOfRow[row]).add(batchRows.get(row));
                    }
                    pending.add(batch, bucketOfRow, (bucket, rows) -> sent.add(new Sent(bucket, BatchRows.read(rows))));
                }
            }
            assertThat(sent).isEmpty();
            assertThat(pending.rowCount(2)).isEqualTo(expected.get(2).size());

            pending.sendAll((bucket, rows) -> sent.add(new Sent(bucket, BatchRows.read(rows))));
        }
        assertThat(sent)
                .containsExactly(
                        new Sent(0, expected.get(0)), new Sent(1, expected.get(1)), new Sent(2, expected.get(2)));
    }

    /** A bucket is handed on before rows that would overflow it, and as soon as it is full. */
    @Test
    void handsOnABucketBeforeItWouldOverflowAndWhenItIsFull() throws InterruptedException {
        List<Sent> sent = new ArrayList<>();
        BucketBatches.Receiver receiver = (bucket, rows) -> sent.add(new Sent(bucket, BatchRows.read(rows)));
        try (BucketBatches pending = new BucketBatches(TYPE.toSchema(), allocator, 2, 4);
                VectorSchemaRoot three = rows(0, 3);
                VectorSchemaRoot two = rows(3, 2);
                VectorSchemaRoot five = rows(5, 5)) {
            pending.add(three, new int[] {0, 0, 0}, receiver);
            assertThat(sent).isEmpty();
            // Two more would make five: the three go first; then the two wait.
            pending.add(two, new int[] {0, 0}, receiver);
            assertThat(sent).extracting(Sent::bucket).containsExactly(0);
            assertThat(sent.get(0).rows()).isEqualTo(BatchRows.read(three));
            // More rows than the capacity arrive together: they go out together, after the two held.
            pending.add(five, new int[] {0, 0, 0, 0, 0}, receiver);
            assertThat(sent).extracting(Sent::bucket).containsExactly(0, 0, 0);
            assertThat(sent.get(1).rows()).isEqualTo(BatchRows.read(two));
            assertThat(sent.get(2).rows()).isEqualTo(BatchRows.read(five));
            assertThat(pending.rowCount(0)).isZero();
            assertThat(pending.rowCount(1)).isZero();
        }
    }

    @Test
    void sendsOneBucketOnDemandAndReleasesWhatIsNotSentOnClose() throws InterruptedException {
        List<Sent> sent = new ArrayList<>();
        BucketBatches.Receiver receiver = (bucket, rows) -> sent.add(new Sent(bucket, BatchRows.read(rows)));
        try (BucketBatches pending = new BucketBatches(TYPE.toSchema(), allocator, 2, 100);
                VectorSchemaRoot batch = rows(0, 4)) {
            pending.add(batch, new int[] {1, 0, 1, 0}, receiver);
            pending.send(1, receiver);
            pending.send(1, receiver);
            List<List<Object>> rows = BatchRows.read(batch);
            assertThat(sent).containsExactly(new Sent(1, List.of(rows.get(0), rows.get(2))));
            assertThat(pending.rowCount(0)).isEqualTo(2);
        }
        // Closing the allocator in the test's teardown fails if bucket 0's rows leaked.
    }

    /**
     * A NULL's fixed-width value is written as zeros, as a gather writes it, whatever the source holds beneath it:
     * hashing or comparing a NULL's bytes must see what a zeroed vector held.
     */
    @Test
    void writesZerosForNullRowsOfFixedWidthColumns() throws InterruptedException {
        RowType type = BatchBuilder.rowType(DataType.INTEGER, DataType.BIGINT, DataType.decimal(12, 2));
        try (BucketBatches pending = new BucketBatches(type.toSchema(), allocator, 2, 100);
                VectorSchemaRoot batch = BatchBuilder.of(type)
                        .row(7, 70L, new BigDecimal("7.77"))
                        .row(null, null, null)
                        .row(8, 80L, new BigDecimal("8.88"))
                        .build(allocator)) {
            for (FieldVector vector : batch.getFieldVectors()) {
                int width = ((BaseFixedWidthVector) vector).getTypeWidth();
                vector.getDataBuffer().setOne(width, width);
            }
            List<List<Object>> rows = BatchRows.read(batch);
            pending.add(batch, new int[] {1, 1, 0}, (bucket, sent) -> {});
            pending.send(1, (bucket, sent) -> {
                assertThat(BatchRows.read(sent)).containsExactly(rows.get(0), rows.get(1));
                for (FieldVector vector : sent.getFieldVectors()) {
                    int width = ((BaseFixedWidthVector) vector).getTypeWidth();
                    for (int at = width; at < 2 * width; at++) {
                        assertThat(vector.getDataBuffer().getByte(at)).isZero();
                    }
                }
            });
        }
    }

    /** Rows {@code first..first + count)} of a batch of every kind of column, every ninth row NULL. */
    private VectorSchemaRoot rows(int first, int count) {
        BatchBuilder builder = BatchBuilder.of(TYPE);
        for (int i = first; i < first + count; i++) {
            if (i % 9 == 4) {
                builder.row(null, null, null, null, null, null, null, null, null);
            } else {
                builder.row(
                        i,
                        (long) -i,
                        i / 4.0,
                        i % 2 == 0,
                        "value " + "x".repeat(i % 20) + i,
                        LocalDate.ofEpochDay(i),
                        BigDecimal.valueOf(i, 2),
                        i * 1_000_003_000L,
                        null);
            }
        }
        return builder.build(allocator);
    }
}
