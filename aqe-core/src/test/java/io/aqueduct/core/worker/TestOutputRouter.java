package io.aqueduct.core.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.Test;

class TestOutputRouter extends ArrowAllocatorTest {
    private static final OutputPartitioning BY_KEY = OutputPartitioning.hash(List.of(0));
    private static final long HOT_KEY = 7;

    @Test
    void routesEachKeyToItsBucketsPartition() throws Exception {
        OutputBinding binding = new OutputBinding(BY_KEY, 8, Map.of(), OutputBinding.SplitMode.SPLIT);

        Map<Integer, List<Long>> partitions = route(binding, keys(0, 1000, 1));

        assertThat(partitions.keySet()).allSatisfy(p -> assertThat(p).isBetween(0, 7));
        Map<Long, Integer> buckets = bucketsOf(keys(0, 1000, 1), 8);
        partitions.forEach((partition, keys) ->
                assertThat(keys).allSatisfy(key -> assertThat(buckets.get(key)).isEqualTo(partition)));
        assertThat(partitions.values().stream().mapToInt(List::size).sum()).isEqualTo(1000);
    }

    @Test
    void spreadsASplitBucketsChunksOverItsPiecesAndKeepsOtherBucketsWhole() throws Exception {
        int hotBucket = bucketOf(HOT_KEY, 8);
        OutputBinding binding = new OutputBinding(BY_KEY, 8, Map.of(hotBucket, 3), OutputBinding.SplitMode.SPLIT);
        List<List<Long>> batches = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            List<Long> batch = new ArrayList<>(keys(0, 100, 1));
            batch.addAll(java.util.Collections.nCopies(100, HOT_KEY));
            batches.add(batch);
        }

        Map<Integer, List<Long>> partitions = route(binding, batches.toArray(List[]::new));

        assertThat(binding.partitionCount()).isEqualTo(10);
        int first = binding.firstPartition(hotBucket);
        Map<Long, Integer> buckets = bucketsOf(batches.get(0), 8);
        long hotRows = batches.stream()
                .flatMap(List::stream)
                .filter(key -> buckets.get(key) == hotBucket)
                .count();
        long piecesRows = 0;
        for (int piece = 0; piece < 3; piece++) {
            List<Long> rows = partitions.getOrDefault(first + piece, List.of());
            assertThat(rows).allSatisfy(key -> assertThat(buckets.get(key)).isEqualTo(hotBucket));
            // Six chunks round-robin over three pieces: two each.
            assertThat(rows).hasSize((int) hotRows / 3);
            piecesRows += rows.size();
        }
        assertThat(piecesRows).isEqualTo(hotRows);
        for (int bucket = 0; bucket < 8; bucket++) {
            assertThat(binding.firstPartition(bucket)).isEqualTo(bucket <= hotBucket ? bucket : bucket + 2);
        }
    }

    @Test
    void collectsABucketsSmallPiecesIntoFullBatches() throws Exception {
        OutputBinding binding = new OutputBinding(BY_KEY, 4, Map.of(), OutputBinding.SplitMode.SPLIT);
        List<List<Long>> batches = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            batches.add(keys(i * 1000L, (i + 1) * 1000L, 1));
        }
        List<Integer> batchRows = batchRows(binding, batches).values().stream()
                .flatMap(List::stream)
                .toList();

        assertThat(batchRows.stream().mapToInt(Integer::intValue).sum()).isEqualTo(40_000);
        // About 10,000 rows per bucket, in pieces of about 250: one full batch each (never past FLUSH_ROWS, within
        // a piece of it), and the rest when the input ends.
        assertThat(batchRows).hasSize(8).allSatisfy(rows -> assertThat(rows)
                .isLessThanOrEqualTo(OutputRouter.FLUSH_ROWS));
        assertThat(batchRows.stream().filter(rows -> rows > OutputRouter.FLUSH_ROWS - 500))
                .hasSize(4);
    }

    @Test
    void aBroadcastCollectsSmallBatchesAndSendsLargeOnesAsTheyCome() throws Exception {
        OutputBinding binding = OutputBinding.of(OutputPartitioning.BROADCAST, 2);
        List<List<Long>> batches = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            batches.add(keys(i * 500L, (i + 1) * 500L, 1));
        }
        batches.add(keys(15_000, 20_000, 1));

        Map<Integer, List<Integer>> batchRows = batchRows(binding, batches);

        // 30 batches of 500 rows go out as one of 8,000 (the next would not fit in FLUSH_ROWS) and the 7,000 left at
        // the end; the batch of 5,000 rows goes out alone.
        assertThat(batchRows.keySet()).containsExactly(0, 1);
        assertThat(batchRows.values())
                .allSatisfy(rows -> assertThat(rows).containsExactlyInAnyOrder(8_000, 5_000, 7_000));
        @SuppressWarnings("unchecked")
        Map<Integer, List<Long>> partitions = route(binding, batches.toArray(List[]::new));
        assertThat(partitions.get(0)).containsExactlyInAnyOrderElementsOf(keys(0, 20_000, 1));
        assertThat(partitions.get(1)).containsExactlyInAnyOrderElementsOf(keys(0, 20_000, 1));
    }

    @Test
    void anAlignedSplitSendsAllOfAProducersRowsOfTheBucketToItsOwnPiece() throws Exception {
        int hotBucket = bucketOf(HOT_KEY, 4);
        OutputBinding binding = new OutputBinding(BY_KEY, 4, Map.of(hotBucket, 2), OutputBinding.SplitMode.ALIGNED);
        List<List<Long>> batches = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            List<Long> batch = new ArrayList<>(keys(0, 100, 1));
            batch.addAll(java.util.Collections.nCopies(100, HOT_KEY));
            batches.add(batch);
        }

        Map<Integer, List<Long>> partitions = route(binding, 1, batches);

        int first = binding.firstPartition(hotBucket);
        Map<Long, Integer> buckets = bucketsOf(batches.get(0), 4);
        long hotRows = batches.stream()
                .flatMap(List::stream)
                .filter(key -> buckets.get(key) == hotBucket)
                .count();
        assertThat(partitions.get(first)).as("producer 0's piece").isNull();
        assertThat(partitions.get(first + 1)).hasSize((int) hotRows).allSatisfy(key -> assertThat(buckets.get(key))
                .isEqualTo(hotBucket));
        assertThat(partitions.values().stream().mapToInt(List::size).sum()).isEqualTo(6 * 200);
    }

    @Test
    void replicatesASplitBucketToEveryPiece() throws Exception {
        int hotBucket = bucketOf(HOT_KEY, 4);
        OutputBinding binding = new OutputBinding(BY_KEY, 4, Map.of(hotBucket, 2), OutputBinding.SplitMode.REPLICATE);

        Map<Integer, List<Long>> partitions = route(binding, List.of(HOT_KEY, HOT_KEY, HOT_KEY));

        int first = binding.firstPartition(hotBucket);
        assertThat(partitions.get(first)).containsExactly(HOT_KEY, HOT_KEY, HOT_KEY);
        assertThat(partitions.get(first + 1)).containsExactly(HOT_KEY, HOT_KEY, HOT_KEY);
    }

    @Test
    void theSamplerCountsRowsPerFineBucketAndFindsTheHeavyHitter() {
        KeySampler sampler = new KeySampler(List.of(0));
        List<Long> keys = new ArrayList<>(keys(0, 1000, 1));
        keys.addAll(java.util.Collections.nCopies(500, HOT_KEY));
        try (VectorSchemaRoot batch = batch(keys)) {
            sampler.add(batch, 15_000);
        }

        KeySample sample = sampler.snapshot();

        assertThat(java.util.Arrays.stream(sample.rows()).sum()).isEqualTo(1500);
        assertThat(java.util.Arrays.stream(sample.bytes()).sum()).isBetween(14_999L, 15_000L);
        KeySample.HeavyHitter top = sample.heavyHitters().get(0);
        assertThat(top.key()).isEqualTo(String.valueOf(HOT_KEY));
        // The counters see every HEAVY_HITTER_STRIDE-th row: the hot key's 501 rows, give or take one stride.
        assertThat(top.rows() - top.maxOvercount()).isLessThanOrEqualTo(501 + KeySampler.HEAVY_HITTER_STRIDE);
        assertThat(top.rows()).isGreaterThanOrEqualTo(501 - KeySampler.HEAVY_HITTER_STRIDE);
        assertThat(HashPartitioner.bucketOfFine(top.fineBucket(), 8)).isEqualTo(bucketOf(HOT_KEY, 8));
    }

    /** Keys that are all distinct have no heavy hitter: no counter saw its key twice. */
    @Test
    void theSamplerReportsNoHeavyHitterAmongDistinctKeys() {
        KeySampler sampler = new KeySampler(List.of(0));
        try (VectorSchemaRoot batch = batch(keys(0, 10_000, 1))) {
            sampler.add(batch, 80_000);
        }

        KeySample sample = sampler.snapshot();

        assertThat(java.util.Arrays.stream(sample.rows()).sum()).isEqualTo(10_000);
        assertThat(sample.heavyHitters()).isEmpty();
    }

    /**
     * The held sample goes to its buckets by the fine buckets the key sampler hashed it into, the batches after the
     * binding by hashing them: both land where the partitioner puts their keys.
     */
    @Test
    void routesTheHeldSampleAndTheRowsAfterItToTheirKeysBuckets() throws Exception {
        List<Long> keys = keys(0, 4000, 1);
        Map<Long, Integer> buckets = bucketsOf(keys, 8);
        Map<Integer, List<Long>> partitions = new HashMap<>();
        try (TaskOutput output =
                new TaskOutput(BY_KEY, allocator, Long.MAX_VALUE, Long.MAX_VALUE, () -> false, () -> 0, 0)) {
            output.add(batch(keys.subList(0, 1000)));
            output.add(batch(keys.subList(1000, 2000)));
            output.bind(OutputBinding.of(BY_KEY, 8));
            output.add(batch(keys.subList(2000, 3000)));
            output.add(batch(keys.subList(3000, 4000)));
            output.finish();

            OutputBuffer buffer = output.awaitBuffer(1000, () -> false);
            for (int partition = 0; partition < 8; partition++) {
                OutputBuffer.Poll poll;
                while (!(poll = buffer.poll(new int[] {partition}, 10)).isEnd()) {
                    try (ArrowRecordBatch batch = poll.batch();
                            VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator)) {
                        new VectorLoader(root).load(batch);
                        for (int row = 0; row < root.getRowCount(); row++) {
                            partitions
                                    .computeIfAbsent(partition, p -> new ArrayList<>())
                                    .add(((BigIntVector) root.getVector(0)).get(row));
                        }
                    }
                }
            }
        }

        assertThat(partitions.values().stream().flatMap(List::stream)).containsExactlyInAnyOrderElementsOf(keys);
        partitions.forEach((partition, received) -> assertThat(received)
                .allSatisfy(key -> assertThat(buckets.get(key)).isEqualTo(partition)));
    }

    /** The sample's completion is the driving rows read when its last batch came out, not when asked. */
    @Test
    void theSampleKeepsTheDrivingRowsReadWhenItsLastBatchCameOut() throws Exception {
        AtomicLong drivingRows = new AtomicLong(100);
        try (TaskOutput output =
                new TaskOutput(BY_KEY, allocator, Long.MAX_VALUE, Long.MAX_VALUE, () -> false, drivingRows::get, 0)) {
            output.add(batch(keys(0, 100, 1)));
            drivingRows.set(400);

            assertThat(output.sample().drivingRows()).isEqualTo(100);
            assertThat(output.sample().rows()).isEqualTo(100);
        }
    }

    /** A coordinator's long poll ends when the sample uses its budget, not at its timeout. */
    @Test
    void aWaitForTheSampleEndsOnceTheSampleUsesItsBudget() throws Exception {
        try (TaskOutput output = new TaskOutput(BY_KEY, allocator, 1, Long.MAX_VALUE, () -> false, () -> 0, 0)) {
            // Past its budget, the adding task waits for its binding.
            Thread producer = new Thread(() -> {
                try {
                    output.add(batch(keys(0, 100, 1)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long start = System.nanoTime();
            producer.start();

            output.awaitSampled(new SampleWait(1, Long.MAX_VALUE, 60_000));

            assertThat(System.nanoTime() - start).isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(30));
            assertThat(output.sample().rows()).isEqualTo(100);
            output.bind(OutputBinding.of(BY_KEY, 2));
            producer.join();
        }
    }

    /**
     * A head holds past the coordinator's sample budget, up to its hold limit: the producer runs on while its consumer
     * is decided from the sample, and waits for its binding only at the limit.
     */
    @Test
    void aProducerRunsOnPastItsSampleUntilItsHoldLimit() throws Exception {
        long batchBytes;
        try (VectorSchemaRoot sizing = batch(keys(0, 100, 1))) {
            batchBytes = io.aqueduct.core.exec.Batches.sizeInBytes(sizing);
        }
        try (TaskOutput output =
                new TaskOutput(BY_KEY, allocator, 2 * batchBytes + 1, Long.MAX_VALUE, () -> false, () -> 0, 0)) {
            output.add(batch(keys(0, 100, 1)));
            // Sampled for a coordinator whose budget is one batch, and still producing.
            output.awaitSampled(new SampleWait(batchBytes, Long.MAX_VALUE, 60_000));
            output.add(batch(keys(100, 200, 1)));

            java.util.concurrent.CompletableFuture<Void> third = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    output.add(batch(keys(200, 300, 1)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThatThrownBy(() -> third.get(200, java.util.concurrent.TimeUnit.MILLISECONDS))
                    .as("the head waits for its binding once it holds its limit")
                    .isInstanceOf(java.util.concurrent.TimeoutException.class);
            output.bind(OutputBinding.of(BY_KEY, 2));
            third.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(output.sample().rows()).isEqualTo(300);
        }
    }

    /** It also ends once the sample came out of the driving rows the coordinator extrapolates from. */
    @Test
    void aWaitForTheSampleEndsOnceTheSampleCameOutOfEnoughDrivingRows() throws Exception {
        AtomicLong drivingRows = new AtomicLong();
        try (TaskOutput output =
                new TaskOutput(BY_KEY, allocator, Long.MAX_VALUE, Long.MAX_VALUE, () -> false, drivingRows::get, 0)) {
            java.util.concurrent.CompletableFuture<Void> poll = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    output.awaitSampled(new SampleWait(Long.MAX_VALUE, 150, 60_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            drivingRows.set(100);
            output.add(batch(keys(0, 100, 1)));
            drivingRows.set(200);
            output.add(batch(keys(100, 200, 1)));

            poll.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(output.sample().drivingRows()).isEqualTo(200);
        }
    }

    @Test
    void aWaitForTheSampleEndsAtItsTimeoutWhileNothingIsSampled() throws Exception {
        try (TaskOutput output =
                new TaskOutput(BY_KEY, allocator, Long.MAX_VALUE, Long.MAX_VALUE, () -> false, () -> 0, 0)) {
            long start = System.nanoTime();

            output.awaitSampled(new SampleWait(Long.MAX_VALUE, Long.MAX_VALUE, 50));

            assertThat(System.nanoTime() - start)
                    .isGreaterThanOrEqualTo(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(50));
            assertThat(output.sample().rows()).isZero();
        }
    }

    @SafeVarargs
    private Map<Integer, List<Long>> route(OutputBinding binding, List<Long>... batches) throws Exception {
        return route(binding, 0, List.of(batches));
    }

    /** The keys each partition received from producer task {@code producerTask}. */
    private Map<Integer, List<Long>> route(OutputBinding binding, int producerTask, List<List<Long>> batches)
            throws Exception {
        Map<Integer, List<Long>> partitions = new HashMap<>();
        routeAll(binding, producerTask, batches, (partition, batch) -> {
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator)) {
                new VectorLoader(root).load(batch);
                BigIntVector vector = (BigIntVector) root.getVector(0);
                for (int row = 0; row < root.getRowCount(); row++) {
                    partitions
                            .computeIfAbsent(partition, p -> new ArrayList<>())
                            .add(vector.get(row));
                }
            }
        });
        return partitions;
    }

    /** The row count of each batch each partition received, in order. */
    private Map<Integer, List<Integer>> batchRows(OutputBinding binding, List<List<Long>> batches) throws Exception {
        Map<Integer, List<Integer>> batchRows = new HashMap<>();
        routeAll(binding, 0, batches, (partition, batch) -> batchRows
                .computeIfAbsent(partition, p -> new ArrayList<>())
                .add(batch.getLength()));
        return batchRows;
    }

    /**
     * Routes the batches of keys as producer task {@code producerTask}, then hands each batch every partition received,
     * in order, to {@code received}.
     */
    private void routeAll(
            OutputBinding binding,
            int producerTask,
            List<List<Long>> batches,
            BiConsumer<Integer, ArrowRecordBatch> received)
            throws Exception {
        try (OutputBuffer buffer = new OutputBuffer(binding.partitionCount(), Long.MAX_VALUE)) {
            OutputRouter router = new OutputRouter(binding, buffer, allocator, producerTask);
            for (List<Long> keys : batches) {
                router.route(batch(keys));
            }
            router.finish();
            router.close();
            buffer.setNoMoreBatches();
            for (int partition = 0; partition < binding.partitionCount(); partition++) {
                OutputBuffer.Poll poll;
                while (!(poll = buffer.poll(new int[] {partition}, 10)).isEnd()) {
                    try (ArrowRecordBatch batch = poll.batch()) {
                        received.accept(partition, batch);
                    }
                }
            }
        }
    }

    private VectorSchemaRoot batch(List<Long> keys) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
        BigIntVector vector = (BigIntVector) root.getVector(0);
        vector.allocateNew(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            vector.set(i, keys.get(i));
        }
        root.setRowCount(keys.size());
        return root;
    }

    private static org.apache.arrow.vector.types.pojo.Schema schema() {
        return new org.apache.arrow.vector.types.pojo.Schema(List.of(org.apache.arrow.vector.types.pojo.Field.nullable(
                "k", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true))));
    }

    private static List<Long> keys(long from, long to, long step) {
        List<Long> keys = new ArrayList<>();
        for (long key = from; key < to; key += step) {
            keys.add(key);
        }
        return keys;
    }

    /** The bucket the router sends {@code key} to. */
    private int bucketOf(long key, int buckets) {
        return bucketsOf(List.of(key), buckets).get(key);
    }

    /** The bucket of each key, computed as the router does. */
    private Map<Long, Integer> bucketsOf(List<Long> keys, int buckets) {
        Map<Long, Integer> bucketOfKey = new HashMap<>();
        try (VectorSchemaRoot batch = batch(keys)) {
            int[] bucket = new int[keys.size()];
            new HashPartitioner(List.of(0), buckets).partition(batch, bucket);
            for (int i = 0; i < bucket.length; i++) {
                bucketOfKey.put(keys.get(i), bucket[i]);
            }
        }
        return bucketOfKey;
    }
}
