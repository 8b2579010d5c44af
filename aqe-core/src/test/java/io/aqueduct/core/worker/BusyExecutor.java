package io.aqueduct.core.worker;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A one-thread executor kept busy until released, so that what is submitted to it does not start before then: the
 * readers of an exchange that closes before they get a thread.
 */
final class BusyExecutor implements AutoCloseable {
    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private final CountDownLatch released = new CountDownLatch(1);

    BusyExecutor() {
        executor.submit(() -> {
            released.await();
            return null;
        });
    }

    ExecutorService executor() {
        return executor;
    }

    /** Lets the thread go on to what was submitted, and waits at most 10 s for all of it to be done. */
    boolean releaseAndAwaitIdle() throws InterruptedException {
        released.countDown();
        executor.shutdown();
        return executor.awaitTermination(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        released.countDown();
        executor.shutdownNow();
    }
}
