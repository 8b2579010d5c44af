package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Calls to every task at once, waited for interruptibly. */
class TestParallelCalls {
    private final ExecutorService calls = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown() {
        calls.shutdownNow();
    }

    @Test
    void returnsResultsInTheTasksOrder() {
        assertThat(ParallelCalls.each(List.of(3, 1, 2), task -> task * 10, calls))
                .containsExactly(30, 10, 20);
        assertThat(ParallelCalls.each(List.of(7), task -> task + 1, calls)).containsExactly(8);
    }

    @Test
    void rethrowsAFailedCallsException() {
        IllegalStateException failure = new IllegalStateException("worker said no");

        assertThatThrownBy(() -> ParallelCalls.each(
                        List.of(1, 2),
                        task -> {
                            if (task == 2) {
                                throw failure;
                            }
                            return task;
                        },
                        calls))
                .isSameAs(failure);
    }

    /** A canceled query's scheduling thread is interrupted while a long poll goes on: it stops without waiting for it. */
    @Test
    void anInterruptedWaitStopsBeforeTheCallsEnd() throws Exception {
        CountDownLatch pollEnds = new CountDownLatch(1);
        CountDownLatch polling = new CountDownLatch(1);
        CompletableFuture<Throwable> waited = new CompletableFuture<>();
        Thread scheduling = new Thread(() -> {
            try {
                ParallelCalls.each(
                        List.of(1),
                        task -> {
                            polling.countDown();
                            awaitQuietly(pollEnds);
                            return task;
                        },
                        calls);
                waited.complete(null);
            } catch (Throwable e) {
                waited.complete(e);
            }
        });
        scheduling.start();
        assertThat(polling.await(10, TimeUnit.SECONDS)).isTrue();

        scheduling.interrupt();

        Throwable stopped = waited.get(10, TimeUnit.SECONDS);
        assertThat(pollEnds.getCount()).as("the poll still going on").isEqualTo(1);
        assertThat(stopped)
                .isInstanceOf(AqueductException.class)
                .extracting(e -> ((AqueductException) e).errorCode())
                .isEqualTo(ErrorCode.QUERY_CANCELED);
        pollEnds.countDown();
        scheduling.join(10_000);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
