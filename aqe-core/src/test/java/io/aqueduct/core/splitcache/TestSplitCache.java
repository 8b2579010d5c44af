package io.aqueduct.core.splitcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.tpch.TpchConnector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestSplitCache {
    private static final long ONE_MB = 1 << 20;
    private static final List<String> ORDER_COLUMNS = List.of("o_orderkey", "o_comment", "o_orderdate");

    private final TpchConnector tpch = new TpchConnector();
    private BufferAllocator root;
    private SplitCache cache;
    private Connector cached;

    @BeforeEach
    void open() {
        root = new RootAllocator();
        useCache(64 * ONE_MB);
    }

    @AfterEach
    void closeAll() {
        cache.close();
        // Closing the root fails on any buffer still held: the leak check.
        root.close();
    }

    private void useCache(long capacity) {
        if (cache != null) {
            cache.close();
        }
        cache = new SplitCache(root, capacity);
        cached = new SplitCachingConnector(tpch, cache);
    }

    @Test
    void aSecondScanOfASplitReadsTheCacheAndGetsTheSameRows() {
        Scan first = scan(cached, "orders", ORDER_COLUMNS, 1, 3);
        Scan second = scan(cached, "orders", ORDER_COLUMNS, 1, 3);

        assertThat(first.counters()).containsEntry(SplitCache.MISSES, 1L).containsEntry(SplitCache.HITS, 0L);
        assertThat(second.counters()).containsEntry(SplitCache.HITS, 1L).containsEntry(SplitCache.MISSES, 0L);
        assertThat(second.rows())
                .isEqualTo(first.rows())
                .isEqualTo(scan(tpch, "orders", ORDER_COLUMNS, 1, 3).rows());
        assertThat(cache.stats().hits()).isEqualTo(1);
        assertThat(cache.stats().misses()).isEqualTo(1);
        assertThat(cache.stats().entries()).isEqualTo(ORDER_COLUMNS.size());
    }

    @Test
    void aScanOfFewerColumnsInAnotherOrderIsServedFromTheCache() {
        scan(cached, "orders", ORDER_COLUMNS, 0, 2);

        Scan subset = scan(cached, "orders", List.of("o_orderdate", "o_orderkey"), 0, 2);

        assertThat(subset.counters()).containsEntry(SplitCache.HITS, 1L);
        assertThat(subset.rows())
                .isEqualTo(scan(tpch, "orders", List.of("o_orderdate", "o_orderkey"), 0, 2)
                        .rows());
    }

    @Test
    void otherSplitsAndMissingColumnsMiss() {
        scan(cached, "orders", List.of("o_orderkey"), 0, 2);

        assertThat(scan(cached, "orders", List.of("o_orderkey"), 1, 2).counters())
                .containsEntry(SplitCache.MISSES, 1L);
        assertThat(scan(cached, "orders", List.of("o_orderkey"), 0, 4).counters())
                .containsEntry(SplitCache.MISSES, 1L);
        assertThat(scan(cached, "orders", List.of("o_orderkey", "o_comment"), 0, 2)
                        .counters())
                .containsEntry(SplitCache.MISSES, 1L);
        // The last scan recorded both columns.
        assertThat(scan(cached, "orders", List.of("o_comment"), 0, 2).counters())
                .containsEntry(SplitCache.HITS, 1L);
    }

    @Test
    void aScanCutShortIsNotCached() {
        BufferAllocator task = root.newChildAllocator("task", 0, Long.MAX_VALUE);
        try (Operator scan = cached.createScan("tiny", "orders", ORDER_COLUMNS, 0, 1, ExecutionContext.of(task))) {
            scan.next().close();
        }
        task.close();

        assertThat(cache.stats().entries()).isZero();
        assertThat(cache.stats().usedBytes()).isZero();
        assertThat(scan(cached, "orders", ORDER_COLUMNS, 0, 1).counters()).containsEntry(SplitCache.MISSES, 1L);
    }

    @Test
    void evictsTheLeastRecentlyUsedColumnsToStayWithinItsBound() {
        long splitBytes = recordedBytes("o_comment", 0, 4);
        useCache(splitBytes * 2 + splitBytes / 2);

        scan(cached, "orders", List.of("o_comment"), 0, 4);
        scan(cached, "orders", List.of("o_comment"), 1, 4);
        scan(cached, "orders", List.of("o_comment"), 0, 4); // a hit: part 0 is now the most recent
        scan(cached, "orders", List.of("o_comment"), 2, 4); // evicts part 1

        assertThat(cache.stats().evictions()).isEqualTo(1);
        assertThat(cache.stats().usedBytes()).isLessThanOrEqualTo(cache.capacityBytes());
        assertThat(scan(cached, "orders", List.of("o_comment"), 0, 4).counters())
                .containsEntry(SplitCache.HITS, 1L);
        assertThat(scan(cached, "orders", List.of("o_comment"), 2, 4).counters())
                .containsEntry(SplitCache.HITS, 1L);
        assertThat(scan(cached, "orders", List.of("o_comment"), 1, 4).counters())
                .containsEntry(SplitCache.MISSES, 1L);
    }

    @Test
    void aQueryReadingMoreSplitsThanFitKeepsTheSplitsItCachedFirst() {
        useCache(recordedBytes("o_comment", 0, 4) * 5 / 2);

        for (String query : List.of("q1", "q2", "q3")) {
            for (int part = 0; part < 4; part++) {
                scan(cached, "orders", List.of("o_comment"), part, 4, query);
            }
        }

        // Plain LRU would have evicted each part just before its next scan and never hit; here parts 0 and 1 stay,
        // and the recordings of parts 2 and 3, which would evict them, are refused.
        assertThat(cache.stats().hits()).isEqualTo(4);
        assertThat(cache.stats().misses()).isEqualTo(8);
        assertThat(cache.stats().evictions()).isZero();
        assertThat(cache.stats().refusals()).isEqualTo(6);
    }

    @Test
    void anotherQueryEvictsTheLeastRecentlyUsedColumnsOfEarlierQueries() {
        useCache(recordedBytes("o_comment", 0, 4) * 5 / 2);
        scan(cached, "orders", List.of("o_comment"), 0, 4, "q1");
        scan(cached, "orders", List.of("o_comment"), 1, 4, "q1");

        scan(cached, "orders", List.of("o_comment"), 2, 4, "q2");
        scan(cached, "orders", List.of("o_comment"), 3, 4, "q2");

        assertThat(cache.stats().evictions()).isEqualTo(2);
        assertThat(cache.stats().refusals()).isZero();
        assertThat(scan(cached, "orders", List.of("o_comment"), 2, 4, "q3").counters())
                .containsEntry(SplitCache.HITS, 1L);
        assertThat(scan(cached, "orders", List.of("o_comment"), 0, 4, "q3").counters())
                .containsEntry(SplitCache.MISSES, 1L);
    }

    @Test
    void aLargeSplitMayTakeTheRoomOfItsQuerysOtherTables() {
        useCache(recordedBytes("o_comment", 0, 4)); // room for the orders split alone
        scan(cached, "nation", List.of("n_name", "n_comment"), 0, 1, "q1");

        scan(cached, "orders", List.of("o_comment"), 0, 4, "q1");

        assertThat(cache.stats().refusals()).isZero();
        assertThat(cache.stats().evictions()).isEqualTo(2);
        assertThat(scan(cached, "orders", List.of("o_comment"), 0, 4, "q2").counters())
                .containsEntry(SplitCache.HITS, 1L);
    }

    @Test
    void aSplitLargerThanTheCacheIsReadWholeAndNotCached() {
        useCache(recordedBytes("o_comment", 0, 1) / 2);

        Scan scan = scan(cached, "orders", List.of("o_comment"), 0, 1);

        assertThat(scan.rows()).hasSize(15_000);
        assertThat(cache.stats().entries()).isZero();
        assertThat(cache.stats().usedBytes()).isZero();
    }

    @Test
    void aZeroBoundCachesNothing() {
        useCache(0);

        scan(cached, "nation", List.of("n_name"), 0, 1);

        assertThat(scan(cached, "nation", List.of("n_name"), 0, 1).counters()).containsEntry(SplitCache.MISSES, 1L);
    }

    @Test
    void batchesReadFromTheCacheOutliveItsEvictionAndClose() {
        scan(cached, "orders", List.of("o_comment"), 0, 1);
        List<Object> expected =
                scan(tpch, "orders", List.of("o_comment"), 0, 1).rows().get(0);
        BufferAllocator task = root.newChildAllocator("task", 0, Long.MAX_VALUE);
        Operator reader = cached.createScan("tiny", "orders", List.of("o_comment"), 0, 1, ExecutionContext.of(task));
        VectorSchemaRoot batch = reader.next();

        cache.close();

        assertThat(batch.getVector(0).getObject(0).toString()).isEqualTo(expected.get(0));
        assertThat(task.getAllocatedMemory()).isPositive();
        batch.close();
        reader.close();
        task.close();
    }

    @Test
    void scanOfNoColumnBypassesTheCache() {
        Scan count = scan(cached, "orders", List.of(), 0, 1);

        assertThat(count.rows()).hasSize(15_000);
        assertThat(count.counters()).isEmpty();
        assertThat(cache.stats().misses()).isZero();
    }

    /** The bytes one recorded column of a split takes, measured with a throwaway cache. */
    private long recordedBytes(String column, int part, int partCount) {
        scan(cached, "orders", List.of(column), part, partCount);
        long bytes = cache.stats().usedBytes();
        useCache(cache.capacityBytes());
        return bytes;
    }

    private record Scan(List<List<Object>> rows, Map<String, Long> counters) {}

    /** Reads a whole split through {@code connector} in a task allocator of its own, closed (leak-checked) after. */
    private Scan scan(Connector connector, String table, List<String> columns, int part, int partCount) {
        return scan(connector, table, columns, part, partCount, ExecutionContext.NO_QUERY);
    }

    /** {@link #scan} for the query {@code queryId}. */
    private Scan scan(
            Connector connector, String table, List<String> columns, int part, int partCount, String queryId) {
        List<List<Object>> rows = new ArrayList<>();
        Map<String, Long> counters;
        try (BufferAllocator task = root.newChildAllocator("task", 0, Long.MAX_VALUE)) {
            try (Operator scan =
                    connector.createScan("tiny", table, columns, part, partCount, context(task, queryId))) {
                for (VectorSchemaRoot next = scan.next(); next != null; next = scan.next()) {
                    try (VectorSchemaRoot batch = next) {
                        for (int row = 0; row < batch.getRowCount(); row++) {
                            List<Object> values = new ArrayList<>();
                            for (FieldVector vector : batch.getFieldVectors()) {
                                Object value = vector.getObject(row);
                                values.add(value == null ? null : value.toString());
                            }
                            rows.add(values);
                        }
                    }
                }
                counters = scan.counters();
            }
        }
        return new Scan(rows, counters);
    }

    private static ExecutionContext context(BufferAllocator task, String queryId) {
        return new ExecutionContext(task, ExecutionContext.DEFAULT_BATCH_ROWS, () -> false, queryId);
    }
}
