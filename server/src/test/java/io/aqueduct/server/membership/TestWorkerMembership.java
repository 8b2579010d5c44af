package io.aqueduct.server.membership;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.protocol.WorkerInfo;
import io.aqueduct.core.protocol.WorkerMemory;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class TestWorkerMembership {
    private static final String FIRST = "http://127.0.0.1:9001";
    private static final String SECOND = "http://127.0.0.1:9002";
    private static final String ANNOUNCED = "http://10.0.0.7:9003";

    /** Workers the fake probe finds down; every other worker answers. */
    private final Set<String> down = ConcurrentHashMap.newKeySet();

    private WorkerInfo probe(String url) {
        if (down.contains(url)) {
            throw new AqueductException(ErrorCode.WORKER_UNAVAILABLE, "Worker " + url + " is unreachable");
        }
        return new WorkerInfo(url, 1, 2, 0, new WorkerMemory(0, 0, 0, 0, 0, 0, 0, 0), List.of());
    }

    @Test
    void aWorkerThatFailsAProbeIsOutOfSchedulingUntilItAnswersAgain() {
        try (WorkerMembership membership =
                new WorkerMembership(List.of(FIRST, SECOND), this::probe, Duration.ofSeconds(5))) {
            membership.probeAll();
            assertThat(membership.activeUrls()).containsExactly(FIRST, SECOND);

            down.add(FIRST);
            membership.probeAll();
            assertThat(membership.activeUrls()).containsExactly(SECOND);
            assertThat(membership.members())
                    .extracting(WorkerMembership.Member::state)
                    .containsExactly(WorkerState.UNREACHABLE, WorkerState.ACTIVE);

            down.remove(FIRST);
            membership.probeAll();
            assertThat(membership.activeUrls()).containsExactly(FIRST, SECOND);
        }
    }

    @Test
    void anAnnouncedWorkerJoinsOnceItAnswers() {
        try (WorkerMembership membership = new WorkerMembership(List.of(FIRST), this::probe, Duration.ofSeconds(5))) {
            down.add(ANNOUNCED);
            membership.register(ANNOUNCED);
            assertThat(membership.activeUrls()).containsExactly(FIRST);

            down.remove(ANNOUNCED);
            membership.register(ANNOUNCED);
            membership.probeAll();
            assertThat(membership.activeUrls()).containsExactly(FIRST, ANNOUNCED);
            assertThat(membership.members()).hasSize(2);
        }
    }

    @Test
    void aWorkerThatDoesNotAnswerWithinTheTimeoutIsUnreachable() {
        CountDownLatch release = new CountDownLatch(1);
        try (WorkerMembership membership = new WorkerMembership(
                List.of(FIRST, SECOND),
                url -> {
                    if (url.equals(FIRST)) {
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return probe(url);
                },
                Duration.ofMillis(200))) {
            long started = System.nanoTime();
            membership.probeAll();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(membership.activeUrls()).containsExactly(SECOND);

            // Its late answer, or the next round once it answered, brings it back.
            release.countDown();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (membership.activeUrls().size() < 2 && System.nanoTime() < deadline) {
                membership.probeAll();
            }
            assertThat(membership.activeUrls()).containsExactly(FIRST, SECOND);
        } finally {
            release.countDown();
        }
    }
}
