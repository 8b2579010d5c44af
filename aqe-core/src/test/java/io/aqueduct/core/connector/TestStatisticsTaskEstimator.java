package io.aqueduct.core.connector;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.connector.TaskEstimator.LeafTaskLimits;
import org.junit.jupiter.api.Test;

class TestStatisticsTaskEstimator {
    private static final long MIB = 1L << 20;
    private static final LeafTaskLimits LIMITS = new LeafTaskLimits(2, 8, 16 * MIB);
    private static final StatisticsTaskEstimator ESTIMATOR = new StatisticsTaskEstimator();

    @Test
    void oneTaskPerBytesPerTaskUpToTheLimit() {
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(1_000_000, 48 * MIB), LIMITS))
                .isEqualTo(3);
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(1_000_000, 1_000 * MIB), LIMITS))
                .isEqualTo(8);
    }

    @Test
    void aSmallTableWithEnoughRowsGetsATaskPerWorker() {
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(5_000, MIB), LIMITS))
                .isEqualTo(2);
    }

    @Test
    void aTinyTableIsOneTask() {
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(25, 2_000), LIMITS))
                .isEqualTo(1);
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(0, 0), LIMITS))
                .isEqualTo(1);
    }

    @Test
    void neverMoreTasksThanTheTableHasSplits() {
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(1_000_000, 1_000 * MIB, 3), LIMITS))
                .isEqualTo(3);
        assertThat(ESTIMATOR.desiredTaskCount(new TableStatistics(5_000, MIB, 1), LIMITS))
                .isEqualTo(1);
    }
}
