package io.aqueduct.tpch.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestTimingStatistics {
    @Test
    void oddCountTakesTheMiddleValue() {
        TimingStatistics statistics = TimingStatistics.of(List.of(millis(30), millis(10), millis(20)));

        assertThat(statistics).isEqualTo(new TimingStatistics(20, 10, 30));
    }

    @Test
    void evenCountAveragesTheMiddleTwo() {
        TimingStatistics statistics = TimingStatistics.of(List.of(millis(40), millis(10), millis(25), millis(15)));

        assertThat(statistics).isEqualTo(new TimingStatistics(20, 10, 40));
    }

    @Test
    void singleIterationIsMedianMinAndMax() {
        assertThat(TimingStatistics.of(List.of(Duration.ofNanos(1_500_000))))
                .isEqualTo(new TimingStatistics(1.5, 1.5, 1.5));
    }

    @Test
    void rejectsNoDurations() {
        assertThatThrownBy(() -> TimingStatistics.of(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No durations to summarize");
    }

    private static Duration millis(long millis) {
        return Duration.ofMillis(millis);
    }
}
