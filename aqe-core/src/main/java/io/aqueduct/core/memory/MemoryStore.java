package io.aqueduct.core.memory;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.splitcache.ColumnChunk;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One worker's part of the memory catalog's rows: for each table, the writes stored here, each a list of batches
 * of compact Arrow buffers in the store's own allocator, whose limit bounds the catalog on this worker. A scan
 * shares the buffers (no copy); a drop releases them, and memory a scan still reads goes when that scan closes.
 *
 * <pre>{@code
 * MemoryStore store = new MemoryStore(workerRootAllocator, 1L << 30);
 * ConnectorRegistry workerConnectors = ConnectorRegistry.builtIn().withMemoryStore(store);
 * }</pre>
 *
 * <p>Thread-safe. Lives as long as the worker process.
 */
public final class MemoryStore implements AutoCloseable {
    private final BufferAllocator allocator;
    private final Map<TableKey, List<StoredWrite>> tables = new HashMap<>();

    private record TableKey(String schema, String table) {}

    /** The batches one write task stored: {@code columns} name what each batch's chunks hold, in order. */
    record StoredWrite(String writeId, RowType columns, List<List<ColumnChunk>> batches, long rows) {
        void release() {
            batches.forEach(batch -> batch.forEach(ColumnChunk::release));
        }
    }

    /** A store of at most {@code limitBytes} under {@code parent}, which must share its root with the tasks'. */
    public MemoryStore(BufferAllocator parent, long limitBytes) {
        checkArgument(limitBytes >= 0, "limitBytes is negative: %s", limitBytes);
        this.allocator = parent.newChildAllocator("memory-catalog", 0, limitBytes);
    }

    /** Where writers copy their rows to; an allocation over the limit fails with the error of {@link #full}. */
    BufferAllocator allocator() {
        return allocator;
    }

    long limitBytes() {
        return allocator.getLimit();
    }

    /** The error of a write that does not fit. */
    AqueductException full(long neededBytes) {
        return new AqueductException(
                ErrorCode.EXCEEDED_MEMORY_LIMIT,
                "The memory catalog is full on this worker: it holds " + allocator.getAllocatedMemory()
                        + " bytes of its limit of " + allocator.getLimit() + " and a write needs " + neededBytes
                        + " more; drop tables, or start the workers with a larger --memory-catalog-bytes");
    }

    /** Makes a finished write task's batches part of the table. */
    synchronized void publish(String schema, String table, StoredWrite write) {
        tables.computeIfAbsent(new TableKey(schema, table), key -> new ArrayList<>())
                .add(write);
    }

    /**
     * Every batch of the table stored here, {@code columnNames} of it, each buffer retained into {@code target}; none
     * when this worker holds nothing of the table.
     */
    synchronized List<List<ColumnChunk>> read(
            String schema, String table, List<String> columnNames, BufferAllocator target) {
        List<List<ColumnChunk>> batches = new ArrayList<>();
        try {
            for (StoredWrite write : tables.getOrDefault(new TableKey(schema, table), List.of())) {
                List<Integer> indexes = columnNames.stream()
                        .map(name -> columnIndex(write.columns(), name))
                        .toList();
                for (List<ColumnChunk> batch : write.batches()) {
                    List<ColumnChunk> chunks = new ArrayList<>(indexes.size());
                    batches.add(chunks);
                    for (int index : indexes) {
                        chunks.add(batch.get(index).retainInto(target));
                    }
                }
            }
        } catch (RuntimeException e) {
            batches.forEach(chunks -> chunks.forEach(ColumnChunk::release));
            throw e;
        }
        return batches;
    }

    /** The rows of the table stored here. */
    synchronized long rowCount(String schema, String table) {
        return tables.getOrDefault(new TableKey(schema, table), List.of()).stream()
                .mapToLong(StoredWrite::rows)
                .sum();
    }

    /** Releases the table's rows stored here. */
    public synchronized void dropTable(String schema, String table) {
        List<StoredWrite> writes = tables.remove(new TableKey(schema, table));
        if (writes != null) {
            writes.forEach(StoredWrite::release);
        }
    }

    /** Releases what the write {@code writeId} stored here, in any table: the statement that made it failed. */
    public synchronized void dropWrite(String writeId) {
        for (List<StoredWrite> writes : tables.values()) {
            writes.removeIf(write -> {
                if (write.writeId().equals(writeId)) {
                    write.release();
                    return true;
                }
                return false;
            });
        }
    }

    /** The bytes the stored rows take. */
    public long usedBytes() {
        return allocator.getAllocatedMemory();
    }

    private static int columnIndex(RowType columns, String name) {
        int index = columns.names().indexOf(name);
        if (index < 0) {
            throw new AqueductException(ErrorCode.COLUMN_NOT_FOUND, "Memory table has no column " + name);
        }
        return index;
    }

    @Override
    public synchronized void close() {
        tables.values().forEach(writes -> writes.forEach(StoredWrite::release));
        tables.clear();
        allocator.close();
    }
}
