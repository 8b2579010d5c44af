package io.aqueduct.jmh;

import io.aqueduct.core.exec.BucketBatches;
import io.aqueduct.core.exec.HashPartitioner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A producer task's side of a shuffle: hash partitioning of {@link #ROWS} rows into full-sized batches per
 * bucket, and the Arrow IPC stream a worker serves them in, written and read back. Scores are rows per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(ExchangeBenchmarks.ROWS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            // As production workers run (ArrowAccess): without Arrow's per-access bounds and null checks.
            "-Darrow.enable_unsafe_memory_access=true",
            "-Darrow.enable_null_check_for_get=false"
        })
public class ExchangeBenchmarks {
    static final int ROWS = 1 << 20;

    @Param({"16"})
    public int buckets;

    /** The share of the rows, in percent, holding one hot key (80: the {@code skew.hot} schema's key 1). */
    @Param({"0"})
    public int hotKeyPercent;

    private BufferAllocator allocator;
    private KernelData data;
    private byte[] stream;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        allocator = new RootAllocator();
        data = new KernelData(ROWS, 100_000, false, hotKeyPercent, allocator);
        stream = write(data.batches());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        data.close();
        allocator.close();
    }

    /** Buckets by key and collects each bucket's rows into batches of up to 8192 rows, as the output router does. */
    @Benchmark
    public long hashPartition() throws InterruptedException {
        HashPartitioner partitioner = new HashPartitioner(List.of(0), buckets);
        int[] rowBuckets = new int[KernelData.BATCH_ROWS];
        long[] emitted = {0};
        BucketBatches.Receiver count = (bucket, rows) -> emitted[0] += rows.getRowCount();
        try (BucketBatches pending =
                new BucketBatches(KernelData.TYPE.toSchema(), allocator, buckets, KernelData.BATCH_ROWS)) {
            for (VectorSchemaRoot batch : data.batches()) {
                partitioner.partition(batch, rowBuckets);
                pending.add(batch, rowBuckets, count);
            }
        }
        return emitted[0];
    }

    /** Serializes every batch into an Arrow IPC stream in memory. */
    @Benchmark
    public int ipcWrite() throws IOException {
        return write(data.batches()).length;
    }

    /** Reads the stream {@link #ipcWrite} writes back into batches. */
    @Benchmark
    public long ipcRead() throws IOException {
        long rows = 0;
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        return rows;
    }

    /** The stream as a worker writes it: the schema, one record batch message per batch, end of stream. */
    private static byte[] write(List<VectorSchemaRoot> batches) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WriteChannel channel = new WriteChannel(Channels.newChannel(out));
        MessageSerializer.serialize(channel, KernelData.TYPE.toSchema());
        for (VectorSchemaRoot batch : batches) {
            try (ArrowRecordBatch message = new VectorUnloader(batch).getRecordBatch()) {
                MessageSerializer.serialize(channel, message);
            }
        }
        ArrowStreamWriter.writeEndOfStream(channel, IpcOption.DEFAULT);
        return out.toByteArray();
    }
}
