package io.aqueduct.core.exec;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/** Creating batches, and moving rows of a batch into another allocator without copying. */
public final class Batches {
    private Batches() {}

    /** A new batch of {@code type} with room for {@code rows} rows and a row count of zero. */
    static VectorSchemaRoot allocate(RowType type, int rows, BufferAllocator allocator) {
        return allocate(type.toSchema(), allocator, vector -> {
            vector.setInitialCapacity(rows);
            vector.allocateNew();
        });
    }

    /** As {@link #allocate}, for rows that {@link ColumnGather} will write: see {@link ColumnGather#allocate}. */
    static VectorSchemaRoot allocateForGather(RowType type, int rows, BufferAllocator allocator) {
        return allocateForGather(type.toSchema(), rows, allocator);
    }

    /** As {@link #allocateForGather(RowType, int, BufferAllocator)}, for batches of {@code schema}. */
    static VectorSchemaRoot allocateForGather(Schema schema, int rows, BufferAllocator allocator) {
        return allocate(schema, allocator, vector -> ColumnGather.allocate(vector, rows));
    }

    private static VectorSchemaRoot allocate(
            Schema schema, BufferAllocator allocator, Consumer<FieldVector> allocation) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            batch.getFieldVectors().forEach(allocation);
        } catch (OutOfMemoryException e) {
            batch.close();
            throw new AqueductException(ErrorCode.EXCEEDED_MEMORY_LIMIT, "Query exceeded its memory limit", e);
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        return batch;
    }

    /**
     * Throws EXCEEDED_MEMORY_LIMIT naming {@code holder} when batches moved into {@code allocator} (transfers do not
     * check limits) took it over its limit.
     */
    public static void checkWithinLimit(BufferAllocator allocator, String holder) {
        if (allocator.isOverLimit()) {
            throw new AqueductException(
                    ErrorCode.EXCEEDED_MEMORY_LIMIT,
                    String.format(
                            "Query exceeded its memory limit: %s needs %d bytes",
                            holder, allocator.getAllocatedMemory()));
        }
    }

    /**
     * Rows {@code [start, start + length)} of {@code batch} as a new batch accounted to {@code allocator},
     * sharing buffers where Arrow allows. The caller still closes {@code batch}, whose rows may have moved.
     */
    public static VectorSchemaRoot slice(VectorSchemaRoot batch, int start, int length, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>(batch.getFieldVectors().size());
        try {
            for (FieldVector vector : batch.getFieldVectors()) {
                vectors.add(slice(vector, start, length, allocator));
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(batch.getSchema(), vectors, length);
    }

    private static FieldVector slice(FieldVector vector, int start, int length, BufferAllocator allocator) {
        TransferPair transfer = vector.getTransferPair(allocator);
        if (start == 0 && length == vector.getValueCount()) {
            transfer.transfer();
        } else if (vector instanceof BitVector) {
            // BitVector.splitAndTransfer leaves its buffers in the source allocator; copying bits is cheap.
            ((BitVector) transfer.getTo()).allocateNew(length);
            for (int i = 0; i < length; i++) {
                transfer.copyValueSafe(start + i, i);
            }
            transfer.getTo().setValueCount(length);
        } else {
            transfer.splitAndTransfer(start, length);
        }
        return (FieldVector) transfer.getTo();
    }

    /** Moves all rows of {@code batch} into a new batch accounted to {@code allocator} and closes {@code batch}. */
    public static VectorSchemaRoot transfer(VectorSchemaRoot batch, BufferAllocator allocator) {
        try (batch) {
            return slice(batch, 0, batch.getRowCount(), allocator);
        }
    }

    /**
     * The rows of {@code batch}, whose buffers {@code owner} holds, as a batch accounted to {@code allocator}, without
     * copying, and closes {@code batch}. The buffers are loaded where they live and then moved: a buffer loaded straight
     * into {@code allocator} would stay accounted to {@code owner} for as long as anything else retains it.
     */
    public static VectorSchemaRoot load(
            ArrowRecordBatch batch, Schema schema, BufferAllocator owner, BufferAllocator allocator) {
        try (batch;
                VectorSchemaRoot loaded = VectorSchemaRoot.create(schema, owner)) {
            new VectorLoader(loaded).load(batch);
            return slice(loaded, 0, loaded.getRowCount(), allocator);
        }
    }

    /** Bytes of Arrow buffers the batch's vectors hold. */
    public static long sizeInBytes(VectorSchemaRoot batch) {
        long bytes = 0;
        for (FieldVector vector : batch.getFieldVectors()) {
            bytes += vector.getBufferSize();
        }
        return bytes;
    }
}
