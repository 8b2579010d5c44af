package io.aqueduct.core.splitcache;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.exec.ExecutionContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A worker's cache of generated splits as Arrow buffers, one entry per column of a split, bounded in bytes and
 * evicting the least recently used column first. A scan that finds every column it needs reads them instead of
 * generating its split again ({@link #read}); a scan that does not records what it generates ({@link #record}).
 *
 * <p>Scan resistance: a recording never evicts a column of its table that its own query read or recorded, it gives up
 * instead. With eviction alone, a query that reads more of a table than fits (TPC-H SF 10's lineitem in a 1 GiB
 * cache) evicted each split it had just recorded, so that every later run of it regenerated everything; now the
 * splits it cached first stay and serve every later run, whose misses evict only what that run has not used. Other
 * queries' columns and other tables' go least recently used first, as before, so a new workload still displaces an
 * old one and a large split may still take the room of its query's small tables.
 *
 * <pre>{@code
 * try (SplitCache cache = new SplitCache(workerAllocator, 1L << 30)) {
 *     Connector cached = new SplitCachingConnector(new TpchConnector(), cache);
 *     ...
 * }
 * }</pre>
 *
 * <p>Memory: the cache's buffers live in its own child allocator, whose limit is the bound. A reader shares them
 * (one more reference accounted in the reader's allocator, no copy), so a column evicted while a task reads it stays
 * alive until that task closes its batches; Arrow then moves the accounting to the task. Recorded columns are copies
 * made when a batch passes, compact and owned by the cache from the start. Thread-safe.
 */
public final class SplitCache implements AutoCloseable {
    /** Operator counter: scans served from the cache. */
    public static final String HITS = "split_cache_hits";
    /** Operator counter: scans that generated their split (and recorded it when it fit). */
    public static final String MISSES = "split_cache_misses";

    private final BufferAllocator allocator;
    private final long capacityBytes;
    /** In access order: the first entry is the least recently used. */
    private final LinkedHashMap<ColumnKey, CachedColumn> columns = new LinkedHashMap<>(16, 0.75f, true);

    private long usedBytes;
    private long reservedBytes;
    private long hits;
    private long misses;
    private long evictions;
    private long refusals;
    private boolean closed;

    /** One column of one split. */
    private record ColumnKey(SplitKey split, String column) {}

    /**
     * A column's chunks, one per batch, the bytes they take in the cache's allocator, and the query that last read or
     * recorded it ({@link ExecutionContext#NO_QUERY} for none).
     */
    private record CachedColumn(List<ColumnChunk> chunks, long bytes, String lastQuery) {
        List<Integer> batchRows() {
            return chunks.stream().map(ColumnChunk::rows).toList();
        }

        CachedColumn touchedBy(String queryId) {
            return new CachedColumn(chunks, bytes, queryId);
        }

        boolean lastUsedBy(String queryId) {
            return !queryId.equals(ExecutionContext.NO_QUERY) && queryId.equals(lastQuery);
        }

        void release() {
            chunks.forEach(ColumnChunk::release);
        }
    }

    /**
     * What the cache did so far: an immutable snapshot. {@code refusals} counts the reservations refused because
     * making room would have evicted a column of the recording's own query.
     */
    public record Stats(long hits, long misses, long evictions, long refusals, long usedBytes, long entries) {}

    /** The share of a worker's Arrow memory limit its cache may hold by default. */
    private static final int DEFAULT_SHARE_DIVISOR = 4;

    /**
     * The default bound: a quarter of the worker's Arrow (direct) memory limit, which leaves tasks three quarters;
     * the cache's buffers count against that limit like theirs.
     */
    public static long defaultCapacity(long workerMemoryBytes) {
        return workerMemoryBytes / DEFAULT_SHARE_DIVISOR;
    }

    public SplitCache(BufferAllocator parent, long capacityBytes) {
        checkArgument(capacityBytes >= 0, "capacityBytes is negative: %s", capacityBytes);
        this.capacityBytes = capacityBytes;
        this.allocator = parent.newChildAllocator("split-cache", 0, capacityBytes);
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    /**
     * The split's {@code columnNames}, batch by batch, with every buffer retained into {@code target}, for the query
     * {@code queryId}; empty (a miss) unless every column is cached with the same batches.
     */
    public synchronized Optional<List<List<ColumnChunk>>> read(
            SplitKey split, List<String> columnNames, BufferAllocator target, String queryId) {
        List<CachedColumn> found = new ArrayList<>(columnNames.size());
        for (String name : columnNames) {
            CachedColumn column = closed ? null : columns.get(new ColumnKey(split, name));
            if (column == null
                    || (!found.isEmpty()
                            && !column.batchRows().equals(found.get(0).batchRows()))) {
                misses++;
                return Optional.empty();
            }
            found.add(column);
        }
        hits++;
        for (int i = 0; i < columnNames.size(); i++) {
            columns.put(new ColumnKey(split, columnNames.get(i)), found.get(i).touchedBy(queryId));
        }
        int batchCount = found.isEmpty() ? 0 : found.get(0).chunks().size();
        List<List<ColumnChunk>> batches = new ArrayList<>(batchCount);
        try {
            for (int batch = 0; batch < batchCount; batch++) {
                List<ColumnChunk> chunks = new ArrayList<>(found.size());
                batches.add(chunks);
                for (CachedColumn column : found) {
                    chunks.add(column.chunks().get(batch).retainInto(target));
                }
            }
        } catch (RuntimeException e) {
            batches.forEach(chunks -> chunks.forEach(ColumnChunk::release));
            throw e;
        }
        return Optional.of(batches);
    }

    /**
     * A recording of {@code columnNames} of {@code split} for the query {@code queryId}, to be fed the split's batches
     * as they are generated.
     */
    public SplitRecording record(SplitKey split, List<String> columnNames, String queryId) {
        return new SplitRecording(this, split, columnNames, queryId, allocator);
    }

    public synchronized Stats stats() {
        return new Stats(hits, misses, evictions, refusals, usedBytes, columns.size());
    }

    /**
     * Makes room for {@code bytes} more for a recording of the query {@code queryId}, evicting least recently used
     * columns; false (nothing reserved) when even an empty cache could not hold them beside the other recordings in
     * progress, or when the room would take a column of {@code split}'s table that query read or recorded.
     */
    synchronized boolean reserve(SplitKey split, long bytes, String queryId) {
        if (closed || reservedBytes + bytes > capacityBytes) {
            return false;
        }
        if (evictionWouldTakeColumnOf(split, queryId, usedBytes + reservedBytes + bytes - capacityBytes)) {
            refusals++;
            return false;
        }
        Iterator<CachedColumn> leastRecent = columns.values().iterator();
        while (usedBytes + reservedBytes + bytes > capacityBytes) {
            CachedColumn evicted = leastRecent.next();
            leastRecent.remove();
            evicted.release();
            usedBytes -= evicted.bytes();
            evictions++;
        }
        reservedBytes += bytes;
        return true;
    }

    /**
     * Whether freeing {@code excess} bytes, least recently used columns first, would evict a column of {@code split}'s
     * table that {@code queryId} used.
     */
    private boolean evictionWouldTakeColumnOf(SplitKey split, String queryId, long excess) {
        long freed = 0;
        for (Iterator<Map.Entry<ColumnKey, CachedColumn>> leastRecent =
                        columns.entrySet().iterator();
                freed < excess && leastRecent.hasNext(); ) {
            Map.Entry<ColumnKey, CachedColumn> victim = leastRecent.next();
            if (victim.getKey().split().sameTable(split) && victim.getValue().lastUsedBy(queryId)) {
                return true;
            }
            freed += victim.getValue().bytes();
        }
        return false;
    }

    /** Gives back a reservation whose recording was dropped. */
    synchronized void unreserve(long bytes) {
        reservedBytes -= bytes;
    }

    /**
     * Adds a finished recording's columns, for which {@code reserved} bytes were reserved, replacing older copies of
     * them.
     */
    synchronized void commit(
            SplitKey split,
            List<String> columnNames,
            List<List<ColumnChunk>> columnChunks,
            long reserved,
            String queryId) {
        reservedBytes -= reserved;
        for (int i = 0; i < columnNames.size(); i++) {
            List<ColumnChunk> chunks = columnChunks.get(i);
            long bytes = chunks.stream().mapToLong(SplitCache::bytes).sum();
            CachedColumn column = new CachedColumn(chunks, bytes, queryId);
            if (closed) {
                column.release();
                continue;
            }
            CachedColumn replaced = columns.put(new ColumnKey(split, columnNames.get(i)), column);
            usedBytes += bytes;
            if (replaced != null) {
                replaced.release();
                usedBytes -= replaced.bytes();
            }
        }
    }

    /** The bytes a chunk takes in the cache's allocator. */
    private static long bytes(ColumnChunk chunk) {
        return chunk.buffers().stream()
                .mapToLong(buffer -> buffer.getReferenceManager().getAccountedSize())
                .sum();
    }

    /** Drops every column and closes the cache's allocator; recordings still running are dropped when they end. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        columns.values().forEach(CachedColumn::release);
        columns.clear();
        usedBytes = 0;
        if (reservedBytes == 0) {
            allocator.close();
        }
    }

    /** Called when a recording ended; closes the allocator once the last one running at {@link #close} ended. */
    synchronized void recordingEnded() {
        if (closed && reservedBytes == 0) {
            allocator.close();
        }
    }

    /** The operator counters of a scan that did, or did not, find its split here. */
    static Map<String, Long> counters(boolean hit) {
        return Map.of(HITS, hit ? 1L : 0L, MISSES, hit ? 0L : 1L);
    }
}
