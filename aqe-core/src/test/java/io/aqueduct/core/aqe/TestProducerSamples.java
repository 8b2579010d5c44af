package io.aqueduct.core.aqe;

import static io.aqueduct.core.aqe.TaskStatuses.finished;
import static io.aqueduct.core.aqe.TaskStatuses.running;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.protocol.TaskStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Extrapolating a producer stage's output from its tasks' samples. */
class TestProducerSamples {
    private static final long MIB = 1L << 20;

    @Test
    void finishedTasksCountExactly() {
        ProducerSamples.Estimate estimate = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(1_000), List.of(finished(100, 4_000), finished(50, 2_000)));

        assertThat(estimate.bytes()).isEqualTo(6_000);
        assertThat(estimate.sampledRows()).isEqualTo(150);
        assertThat(estimate.completion()).isEqualTo(1.0);
        assertThat(estimate.lowerBound()).isFalse();
    }

    @Test
    void leafTasksExtrapolateByCompletion() {
        // 2 tasks share 1,000 leaf rows: each expects 500. One consumed 125 (25%), one 250 (50%).
        ProducerSamples.Estimate estimate = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(1_000),
                List.of(running(1_000, 4 * MIB, 125), running(1_000, 4 * MIB, 250)));

        assertThat(estimate.bytes()).isEqualTo(16 * MIB + 8 * MIB);
        assertThat(estimate.completion()).isEqualTo(0.25);
        assertThat(estimate.lowerBound()).isFalse();
    }

    @Test
    void unfinishedTasksWithoutLeavesGiveALowerBound() {
        ProducerSamples.Estimate estimate = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.UNKNOWN, List.of(running(1_000, 4 * MIB, 0), finished(10, 100)));

        assertThat(estimate.bytes()).isEqualTo(4 * MIB + 100);
        assertThat(estimate.lowerBound()).isTrue();
    }

    @Test
    void tasksReadingAStageOutputExtrapolateTogether() {
        // Four tasks read a stage's 1,000 rows between them. One finished after 100 rows with 1 MiB of
        // output; the other three had read 300 of the 900 left when their samples held 3 MiB.
        List<TaskStatus> statuses =
                List.of(finished(100, MIB), running(10, MIB, 100), running(10, MIB, 100), running(10, MIB, 100));

        ProducerSamples.Estimate estimate =
                ProducerSamples.extrapolate(ProducerSamples.ExpectedInput.stageOutput(1_000, false), statuses);

        assertThat(estimate.bytes()).isEqualTo(MIB + 9 * MIB);
        assertThat(estimate.completion()).isEqualTo(0.4);
        assertThat(estimate.lowerBound()).isFalse();
    }

    @Test
    void aStageOutputKnownAsALowerBoundGivesALowerBound() {
        ProducerSamples.Estimate estimate = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.stageOutput(1_000, true), List.of(running(10, MIB, 500)));

        assertThat(estimate.bytes()).isEqualTo(2 * MIB);
        assertThat(estimate.lowerBound()).isTrue();
    }

    @Test
    void tasksThatReadNothingYetGiveALowerBound() {
        ProducerSamples.Estimate estimate = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.stageOutput(1_000, false), List.of(finished(100, MIB), running(0, 0, 0)));

        assertThat(estimate.bytes()).isEqualTo(MIB);
        assertThat(estimate.lowerBound()).isTrue();
    }

    @Test
    void anEstimateStandsForRowsAtItsSampledBytesPerRow() {
        assertThat(new ProducerSamples.Estimate(100, 1_000, 0.5, 2_000, false).rows())
                .isEqualTo(200);
    }
}
