package io.aqueduct.core.splitcache;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Copies the batches of one split into the cache as a scan generates them. {@link #finish} after the last batch
 * adds the split to the cache; {@link #close} before that drops the copies (a scan cut short by LIMIT or cancel).
 * When the cache cannot make room, the recording gives up and the scan goes on uncached. Used by one thread.
 */
public final class SplitRecording implements AutoCloseable {
    private final SplitCache cache;
    private final SplitKey split;
    private final List<String> columnNames;
    private final String queryId;
    private final BufferAllocator allocator;
    private final List<List<ColumnChunk>> columns = new ArrayList<>();
    private long reservedBytes;
    private boolean active = true;

    SplitRecording(
            SplitCache cache, SplitKey split, List<String> columnNames, String queryId, BufferAllocator allocator) {
        this.cache = cache;
        this.split = split;
        this.columnNames = List.copyOf(columnNames);
        this.queryId = queryId;
        this.allocator = allocator;
        for (int i = 0; i < columnNames.size(); i++) {
            columns.add(new ArrayList<>());
        }
    }

    /** Copies {@code batch}, whose vectors are the recorded columns in order; the caller keeps the batch. */
    public void add(VectorSchemaRoot batch) {
        if (!active) {
            return;
        }
        List<FieldVector> vectors = batch.getFieldVectors();
        checkArgument(
                vectors.size() == columnNames.size(),
                "batch has %s columns, not %s",
                vectors.size(),
                columnNames.size());
        long bytes = 0;
        for (FieldVector vector : vectors) {
            bytes += ColumnChunk.copySize(vector, allocator);
        }
        if (!cache.reserve(split, bytes, queryId)) {
            drop();
            return;
        }
        reservedBytes += bytes;
        List<ColumnChunk> copies = new ArrayList<>(vectors.size());
        try {
            for (FieldVector vector : vectors) {
                copies.add(ColumnChunk.copyOf(vector, allocator));
            }
        } catch (OutOfMemoryException e) {
            // Another recording's rounding took the room: give up caching, not the scan.
            copies.forEach(ColumnChunk::release);
            drop();
            return;
        }
        for (int i = 0; i < copies.size(); i++) {
            columns.get(i).add(copies.get(i));
        }
    }

    /** The split ended: its columns join the cache. */
    public void finish() {
        if (active) {
            active = false;
            cache.commit(split, columnNames, columns, reservedBytes, queryId);
            cache.recordingEnded();
        }
    }

    /** Drops the copies unless {@link #finish} added them. */
    @Override
    public void close() {
        drop();
    }

    private void drop() {
        if (active) {
            active = false;
            columns.forEach(chunks -> chunks.forEach(ColumnChunk::release));
            cache.unreserve(reservedBytes);
            cache.recordingEnded();
        }
    }
}
