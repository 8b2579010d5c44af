package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TestAdmissionQueue {
    @Test
    void aQueryBeyondTheBoundWaitsThenFailsWith53000() {
        AdmissionQueue queue = new AdmissionQueue(1);
        queue.admit("q1", Duration.ofSeconds(1));
        long started = System.nanoTime();
        assertThatThrownBy(() -> queue.admit("q2", Duration.ofMillis(100)))
                .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.QUERY_QUEUE_TIMEOUT))
                .hasMessageContaining("q2")
                .hasMessageContaining("query.queue_timeout");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        assertThat(ErrorCode.QUERY_QUEUE_TIMEOUT.sqlState()).isEqualTo("53000");

        queue.release();
        queue.admit("q3", Duration.ofMillis(100));
    }

    @Test
    void noBoundAdmitsEveryQuery() {
        AdmissionQueue queue = new AdmissionQueue(0);
        for (int i = 0; i < 100; i++) {
            queue.admit("q" + i, Duration.ZERO);
        }
    }
}
