package io.aqueduct.core.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.MemoryRelease;
import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.protocol.RemoteSource;
import io.aqueduct.core.protocol.SampleWait;
import io.aqueduct.core.protocol.TaskInfo;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.protocol.TaskSpec;
import io.aqueduct.core.protocol.TaskStatus;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Closing an exchange while its readers still read: the streams are aborted, not closed under their readers (an
 * OkHttp body closed from another thread broke with an IndexOutOfBoundsException and the exchange leaked the batches
 * it had queued), and every byte the exchange took is released.
 */
class TestExchangeOperatorClose {
    private static final RowType ROW = new RowType(List.of("k"), List.of(DataType.BIGINT));

    private final BufferAllocator root = new RootAllocator();
    private final ExecutorService readers = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown() {
        readers.shutdownNow();
        root.close();
    }

    @Test
    void closingUnderRunningReadersAbortsTheirStreamsAndReleasesQueuedBatches() throws Exception {
        BufferAllocator task = root.newChildAllocator("task", 0, Long.MAX_VALUE);
        StallingTransport transport = new StallingTransport(oneBatchStream());
        RemoteSource source = new RemoteSource(List.of(new TaskLocation("fake://worker", "producer")), List.of(0));
        ExchangeOperator exchange = new ExchangeOperator(ROW, source, transport, readers, ExecutionContext.of(task));
        assertThat(transport.stalled.await(10, TimeUnit.SECONDS)).isTrue();

        exchange.close();

        assertThat(transport.closedOffReader.get()).isNull();
        assertThat(transport.closedByReader.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(task.getAllocatedMemory()).isZero();
        task.close();
    }

    /**
     * An exchange closed before its readers got a thread (a join whose build side is empty closes its probe side at
     * once) does not wait for them: they never start. It used to wait 10 s for readers that could not run.
     */
    @Test
    void closingBeforeReadersStartDoesNotWaitForThem() throws Exception {
        BufferAllocator task = root.newChildAllocator("task", 0, Long.MAX_VALUE);
        StallingTransport transport = new StallingTransport(oneBatchStream());
        RemoteSource source = new RemoteSource(
                List.of(new TaskLocation("fake://worker", "p0"), new TaskLocation("fake://worker", "p1")), List.of(0));
        try (BusyExecutor busy = new BusyExecutor()) {
            ExchangeOperator exchange =
                    new ExchangeOperator(ROW, source, transport, busy.executor(), ExecutionContext.of(task));
            CompletableFuture<Void> closed = CompletableFuture.runAsync(exchange::close, readers);

            // The executor is still busy: close() returns without the readers having run.
            closed.get(5, TimeUnit.SECONDS);
            assertThat(busy.releaseAndAwaitIdle()).isTrue();
            assertThat(transport.calls.get()).isZero();
            assertThat(task.getAllocatedMemory()).isZero();
        }
        task.close();
    }

    /** An Arrow IPC stream of one 1000-row batch, without its end marker. */
    private byte[] oneBatchStream() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(ROW.toSchema(), root);
                ArrowStreamWriter writer = new ArrowStreamWriter(batch, null, bytes)) {
            BigIntVector keys = (BigIntVector) batch.getVector(0);
            keys.allocateNew(1000);
            for (int i = 0; i < 1000; i++) {
                keys.set(i, i);
            }
            batch.setRowCount(1000);
            writer.start();
            writer.writeBatch();
            return bytes.toByteArray(); // before close() writes the end marker
        }
    }

    /**
     * A producer whose stream sends a batch and then waits until aborted; like OkHttp's, its stream breaks when
     * closed from a thread other than its reader's.
     */
    private static final class StallingTransport implements WorkerTransport {
        private final byte[] prefix;
        final CountDownLatch stalled = new CountDownLatch(1);
        final CountDownLatch closedByReader = new CountDownLatch(1);
        final AtomicReference<Thread> closedOffReader = new AtomicReference<>();
        final AtomicInteger calls = new AtomicInteger();

        StallingTransport(byte[] prefix) {
            this.prefix = prefix;
        }

        @Override
        public ResultCall results(TaskLocation task, List<Integer> partitions) {
            calls.incrementAndGet();
            return new ResultCall() {
                @Override
                public ResultStream open() {
                    return new StallingStream(Thread.currentThread());
                }

                @Override
                public void cancel() {}
            };
        }

        private final class StallingStream implements ResultStream {
            private final Thread reader;
            private final CountDownLatch aborted = new CountDownLatch(1);
            private final InputStream body;

            StallingStream(Thread reader) {
                this.reader = reader;
                InputStream stall = new InputStream() {
                    @Override
                    public int read() throws IOException {
                        stalled.countDown();
                        try {
                            aborted.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new IOException("Canceled");
                    }
                };
                body = new SequenceInputStream(new ByteArrayInputStream(prefix), stall);
            }

            @Override
            public InputStream body() {
                return body;
            }

            @Override
            public void abort() {
                aborted.countDown();
            }

            @Override
            public void close() {
                if (Thread.currentThread() != reader) {
                    closedOffReader.set(Thread.currentThread());
                    throw new IndexOutOfBoundsException("closed under its reader");
                }
                closedByReader.countDown();
            }
        }

        @Override
        public TaskStatus createTask(String workerUrl, TaskSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TaskStatus taskStatus(TaskLocation task) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TaskStatus awaitSampled(TaskLocation task, SampleWait wait) {
            throw new UnsupportedOperationException();
        }

        @Override
        public KeySample keySample(TaskLocation task) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void bindOutput(TaskLocation task, OutputBinding binding) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<TaskInfo> cancelTask(TaskLocation task) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TaskInfo taskInfo(TaskLocation task) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void releaseMemory(String workerUrl, MemoryRelease release) {
            throw new UnsupportedOperationException();
        }
    }
}
