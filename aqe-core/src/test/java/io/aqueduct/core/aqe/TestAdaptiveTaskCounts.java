package io.aqueduct.core.aqe;

import static io.aqueduct.core.aqe.TaskStatuses.finished;
import static io.aqueduct.core.aqe.TaskStatuses.running;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestAdaptiveTaskCounts {
    private static final long MIB = 1L << 20;

    @Test
    void taskCountIsCostOverBudgetRoundedUp() {
        assertThat(CostModel.taskCount(16 * MIB, 16 * MIB, 8)).isEqualTo(1);
        assertThat(CostModel.taskCount(16 * MIB + 1, 16 * MIB, 8)).isEqualTo(2);
        assertThat(CostModel.taskCount(50 * MIB, 16 * MIB, 8)).isEqualTo(4);
    }

    @Test
    void taskCountIsClampedToOneAndTheMaximum() {
        assertThat(CostModel.taskCount(0, 16 * MIB, 8)).isEqualTo(1);
        assertThat(CostModel.taskCount(1_000 * MIB, 16 * MIB, 8)).isEqualTo(8);
        assertThat(CostModel.taskCount(Long.MAX_VALUE, 1, 3)).isEqualTo(3);
    }

    @Test
    void aBuildSideIsBroadcastUnderTheThresholdAndNotAbove() {
        ProducerSamples.Estimate small = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(100), List.of(finished(100, MIB)));
        ProducerSamples.Estimate large = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(100), List.of(finished(100, 10 * MIB + 1)));

        assertThat(BroadcastSwitchRule.fitsBroadcast(small, 10 * MIB)).isTrue();
        assertThat(BroadcastSwitchRule.fitsBroadcast(large, 10 * MIB)).isFalse();
    }

    @Test
    void aLowerBoundIsNeverBroadcast() {
        ProducerSamples.Estimate unfinished =
                ProducerSamples.extrapolate(ProducerSamples.ExpectedInput.UNKNOWN, List.of(running(1_000, MIB, 0)));

        assertThat(BroadcastSwitchRule.fitsBroadcast(unfinished, 10 * MIB)).isFalse();
    }

    @Test
    void aPlannedBroadcastRunsPartitionedAboveTheThresholdAndNotAtIt() {
        ProducerSamples.Estimate atThreshold = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(100), List.of(finished(100, 10 * MIB)));
        ProducerSamples.Estimate above = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.tableShares(100), List.of(finished(100, 10 * MIB + 1)));

        assertThat(PartitionedSwitchRule.exceedsBroadcast(atThreshold, 10 * MIB))
                .isFalse();
        assertThat(PartitionedSwitchRule.exceedsBroadcast(above, 10 * MIB)).isTrue();
    }

    @Test
    void aLowerBoundRunsPartitionedOnlyOnceItIsAboveTheThreshold() {
        ProducerSamples.Estimate belowSoFar =
                ProducerSamples.extrapolate(ProducerSamples.ExpectedInput.UNKNOWN, List.of(running(1_000, 4 * MIB, 0)));
        ProducerSamples.Estimate aboveSoFar = ProducerSamples.extrapolate(
                ProducerSamples.ExpectedInput.UNKNOWN, List.of(running(1_000, 8 * MIB, 0), running(1_000, 4 * MIB, 0)));

        assertThat(PartitionedSwitchRule.exceedsBroadcast(belowSoFar, 10 * MIB)).isFalse();
        assertThat(PartitionedSwitchRule.exceedsBroadcast(aboveSoFar, 10 * MIB)).isTrue();
    }
}
