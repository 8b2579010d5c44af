package io.aqueduct.core.splitcache;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * One column of one batch as Arrow buffers (validity, offsets, data: the order {@link FieldVector#getFieldBuffers()}
 * gives and {@link FieldVector#loadFieldBuffers} takes), holding one reference to each buffer.
 */
public record ColumnChunk(int rows, int nullCount, List<ArrowBuf> buffers) {
    public ColumnChunk {
        buffers = List.copyOf(buffers);
    }

    /**
     * A copy of {@code vector}'s used bytes into exact-size buffers of {@code allocator}. The copy is compact (a
     * generated vector's buffers are sized for a full batch) and belongs to the cache, not to the task that made it.
     */
    public static ColumnChunk copyOf(FieldVector vector, BufferAllocator allocator) {
        List<ArrowBuf> copies = new java.util.ArrayList<>();
        try {
            for (ArrowBuf source : vector.getFieldBuffers()) {
                long length = source.readableBytes();
                ArrowBuf copy = allocator.buffer(length);
                copy.setBytes(0, source, source.readerIndex(), length);
                copy.writerIndex(length);
                copies.add(copy);
            }
        } catch (RuntimeException e) {
            copies.forEach(ArrowBuf::close);
            throw e;
        }
        return new ColumnChunk(vector.getValueCount(), vector.getNullCount(), copies);
    }

    /** The bytes {@code allocator} accounts for a {@linkplain #copyOf copy} of {@code vector}. */
    public static long copySize(FieldVector vector, BufferAllocator allocator) {
        long bytes = 0;
        for (ArrowBuf source : vector.getFieldBuffers()) {
            bytes += allocator.getRoundingPolicy().getRoundedSize(source.readableBytes());
        }
        return bytes;
    }

    /** Another reference to the same memory, accounted in {@code target} (shared, not copied). */
    public ColumnChunk retainInto(BufferAllocator target) {
        List<ArrowBuf> retained = buffers.stream()
                .map(buffer -> buffer.getReferenceManager().retain(buffer, target))
                .toList();
        return new ColumnChunk(rows, nullCount, retained);
    }

    /** Makes {@code vector} read this chunk's buffers (it takes its own references) and drops this chunk's. */
    public void loadInto(FieldVector vector) {
        try {
            vector.loadFieldBuffers(new ArrowFieldNode(rows, nullCount), buffers);
        } finally {
            release();
        }
    }

    public void release() {
        buffers.forEach(ArrowBuf::close);
    }
}
