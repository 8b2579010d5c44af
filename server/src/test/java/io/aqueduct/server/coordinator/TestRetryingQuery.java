package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.server.lifecycle.QueryState;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestRetryingQuery {
    private static final List<String> THREE_WORKERS = List.of("http://w1", "http://w2", "http://w3");
    private static final Duration WAIT = Duration.ofMillis(10);

    /** A row's bytes, here just {@code text}: the retrying query passes rows on unread. */
    private static ByteString row(String text) {
        return ByteString.copyFromUtf8(text);
    }

    private static List<String> texts(List<ByteString> rows) {
        return rows.stream().map(ByteString::toStringUtf8).toList();
    }

    private static AqueductException lostWorker() {
        return new AqueductException(ErrorCode.WORKER_UNAVAILABLE, "Worker http://w3 is unreachable");
    }

    /** An attempt that answers fetches from a script: a list of rows, or a failure that ends it. */
    private static final class ScriptedAttempt implements QueryAttempt {
        private final Deque<Object> script;
        private AqueductException failure;
        private boolean canceled;
        private boolean closed;

        ScriptedAttempt(Object... steps) {
            this.script = new ArrayDeque<>(List.of(steps));
        }

        @Override
        @SuppressWarnings("unchecked")
        public List<ByteString> fetch(int maxRows, long maxBytes, Duration wait) {
            throwIfFailed();
            Object next = script.poll();
            if (next instanceof AqueductException e) {
                failure = e;
                throw e;
            }
            return next == null
                    ? List.of()
                    : ((List<String>) next).stream().map(TestRetryingQuery::row).toList();
        }

        @Override
        public boolean isDone() {
            throwIfFailed();
            return script.isEmpty();
        }

        private void throwIfFailed() {
            if (failure != null) {
                throw failure;
            }
        }

        @Override
        public QueryState state() {
            return failure != null ? QueryState.FAILED : script.isEmpty() ? QueryState.FINISHING : QueryState.RUNNING;
        }

        @Override
        public Optional<AqueductException> failureCause() {
            return Optional.ofNullable(failure);
        }

        @Override
        public boolean cancel(AqueductException cause) {
            canceled = true;
            return true;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A query over scripted attempts; the workers found active after a failure are {@code activeAfterFailure}. */
    private static final class Harness {
        final List<ScriptedAttempt> attempts;
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger ended = new AtomicInteger();
        final RetryingQuery query;

        Harness(int maxAttempts, List<String> activeAfterFailure, ScriptedAttempt... attempts) {
            this.attempts = List.of(attempts);
            this.query = new RetryingQuery(
                    "q1",
                    maxAttempts,
                    n -> {
                        started.incrementAndGet();
                        return new RetryingQuery.Attempt(this.attempts.get(n - 1), THREE_WORKERS);
                    },
                    () -> activeAfterFailure,
                    ended::incrementAndGet);
            query.start();
        }

        List<String> readAll() {
            List<String> rows = new ArrayList<>();
            while (!query.isDone()) {
                rows.addAll(texts(query.fetch(100, Long.MAX_VALUE, WAIT)));
            }
            return rows;
        }
    }

    @Test
    void anAttemptThatLosesAWorkerBeforeAnyRowRunsAgain() {
        Harness harness = new Harness(
                3,
                THREE_WORKERS.subList(0, 2),
                new ScriptedAttempt(lostWorker()),
                new ScriptedAttempt(List.of("a", "b"), List.of("c")));

        assertThat(harness.readAll()).containsExactly("a", "b", "c");
        assertThat(harness.started).hasValue(2);
        harness.query.close();
        assertThat(harness.attempts.get(1).closed).isTrue();
        assertThat(harness.ended).hasValue(1);
    }

    @Test
    void aQueryWhoseRowsReachedTheClientFailsWith08006AndTheReason() {
        Harness harness = new Harness(
                3,
                THREE_WORKERS.subList(0, 2),
                new ScriptedAttempt(List.of("a"), lostWorker()),
                new ScriptedAttempt(List.of("a", "b")));

        assertThat(texts(harness.query.fetch(100, Long.MAX_VALUE, WAIT))).containsExactly("a");
        assertThatThrownBy(() -> harness.query.fetch(100, Long.MAX_VALUE, WAIT))
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WORKER_UNAVAILABLE))
                .hasMessageContaining("after rows reached the client")
                .hasMessageContaining("http://w3");
        assertThat(harness.started)
                .as("no second attempt: row a would come twice")
                .hasValue(1);
        assertThat(harness.ended).hasValue(1);
    }

    @Test
    void attemptsAreBoundedByMaxAttempts() {
        Harness harness = new Harness(
                2,
                THREE_WORKERS.subList(0, 2),
                new ScriptedAttempt(lostWorker()),
                new ScriptedAttempt(lostWorker()),
                new ScriptedAttempt(List.of("never")));

        assertThatThrownBy(harness::readAll)
                .isInstanceOfSatisfying(
                        AqueductException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WORKER_UNAVAILABLE))
                .hasMessageContaining("each of its 2 attempts (query.max_attempts)");
        assertThat(harness.started).hasValue(2);
        assertThat(harness.ended).hasValue(1);
    }

    @Test
    void aFailureThatLostNoWorkerIsNotRetried() {
        AqueductException divisionByZero = new AqueductException(ErrorCode.DIVISION_BY_ZERO, "Division by zero");
        Harness harness = new Harness(
                3, THREE_WORKERS, new ScriptedAttempt(divisionByZero), new ScriptedAttempt(List.of("never")));

        assertThatThrownBy(harness::readAll).isSameAs(divisionByZero);
        assertThat(harness.started).hasValue(1);
    }

    @Test
    void anyFailureRunsAgainWhenAWorkerTheAttemptUsedIsGone() {
        // A task on a surviving worker fails reading from the dead one: the error does not say 08006.
        Harness harness = new Harness(
                3,
                THREE_WORKERS.subList(0, 2),
                new ScriptedAttempt(new AqueductException(ErrorCode.INTERNAL_ERROR, "exchange closed")),
                new ScriptedAttempt(List.of("a")));

        assertThat(harness.readAll()).containsExactly("a");
        assertThat(harness.started).hasValue(2);
    }

    @Test
    void aCanceledQueryDoesNotRunAgain() {
        AqueductException lost = lostWorker();
        Harness harness = new Harness(
                3, THREE_WORKERS.subList(0, 2), new ScriptedAttempt(lost), new ScriptedAttempt(List.of("a")));

        assertThat(harness.query.cancel(new AqueductException(ErrorCode.QUERY_CANCELED, "killed")))
                .isTrue();
        assertThat(harness.attempts.get(0).canceled).isTrue();
        assertThatThrownBy(harness::readAll).isSameAs(lost);
        assertThat(harness.started).hasValue(1);
    }
}
