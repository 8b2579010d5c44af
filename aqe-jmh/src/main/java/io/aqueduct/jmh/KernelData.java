package io.aqueduct.jmh;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The benchmarks' input: batches of {@link #TYPE} (a BIGINT key with a chosen number of distinct values, a
 * DECIMAL(12, 2) amount and a short VARCHAR comment), generated once per trial with a fixed seed, and handed to
 * operators as zero-copy views so that each invocation reads the same rows.
 */
final class KernelData implements AutoCloseable {
    static final RowType TYPE = new RowType(
            List.of("key", "amount", "comment"), List.of(DataType.BIGINT, DataType.decimal(12, 2), DataType.VARCHAR));
    static final int BATCH_ROWS = 8192;
    private static final String[] WORDS = {"carefully", "final", "deposits", "sleep", "quickly", "ironic", "accounts"};

    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private final int rowCount;

    /** {@code rowCount} rows whose keys are uniform in {@code [0, distinctKeys)}, or a permutation of 0.. when unique. */
    KernelData(int rowCount, long distinctKeys, boolean uniqueKeys, BufferAllocator allocator) {
        this(rowCount, distinctKeys, uniqueKeys, 0, allocator);
    }

    /**
     * As above, with about {@code hotKeyPercent} percent of the rows (of non-unique keys) holding key 0, as the skewed
     * inputs adaptive execution splits.
     */
    KernelData(int rowCount, long distinctKeys, boolean uniqueKeys, int hotKeyPercent, BufferAllocator allocator) {
        this.rowCount = rowCount;
        SplittableRandom random = new SplittableRandom(42);
        for (int start = 0; start < rowCount; start += BATCH_ROWS) {
            int rows = Math.min(BATCH_ROWS, rowCount - start);
            VectorSchemaRoot batch = VectorSchemaRoot.create(TYPE.toSchema(), allocator);
            batch.allocateNew();
            BigIntVector key = (BigIntVector) batch.getVector(0);
            BigIntVector amount = (BigIntVector) batch.getVector(1);
            VarCharVector comment = (VarCharVector) batch.getVector(2);
            for (int row = 0; row < rows; row++) {
                boolean hot = !uniqueKeys && random.nextInt(100) < hotKeyPercent;
                key.setSafe(row, uniqueKeys ? start + row : hot ? 0 : random.nextLong(distinctKeys));
                amount.setSafe(row, random.nextLong(1_000_000));
                String text = WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)];
                comment.setSafe(row, text.getBytes(StandardCharsets.UTF_8));
            }
            batch.setRowCount(rows);
            batches.add(batch);
        }
    }

    int rowCount() {
        return rowCount;
    }

    List<VectorSchemaRoot> batches() {
        return batches;
    }

    /** An operator producing every batch once, as views sharing this data's buffers. */
    Operator replay(BufferAllocator allocator) {
        return new Operator() {
            private int next;

            @Override
            public RowType outputType() {
                return TYPE;
            }

            @Override
            public VectorSchemaRoot next() {
                return next < batches.size() ? view(batches.get(next++), allocator) : null;
            }

            @Override
            public void close() {}
        };
    }

    private static VectorSchemaRoot view(VectorSchemaRoot batch, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>();
        for (FieldVector vector : batch.getFieldVectors()) {
            TransferPair transfer = vector.getTransferPair(allocator);
            transfer.splitAndTransfer(0, batch.getRowCount());
            vectors.add((FieldVector) transfer.getTo());
        }
        return new VectorSchemaRoot(batch.getSchema(), vectors, batch.getRowCount());
    }

    /** Closes every batch {@code operator} produces and returns how many rows they held. */
    static long drain(Operator operator) {
        long rows = 0;
        for (VectorSchemaRoot batch = operator.next(); batch != null; batch = operator.next()) {
            rows += batch.getRowCount();
            batch.close();
        }
        return rows;
    }

    @Override
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
    }
}
