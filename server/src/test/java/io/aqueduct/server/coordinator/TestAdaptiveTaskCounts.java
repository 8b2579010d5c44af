package io.aqueduct.server.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.server.transport.TaskState;
import io.aqueduct.server.transport.TaskStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestAdaptiveTaskCounts {
    private static final long MIB = 1L << 20;

    @Test
    void taskCountIsCostOverBudgetRoundedUp() {
        assertThat(AdaptiveTaskCounts.taskCount(16 * MIB, 16 * MIB, 8)).isEqualTo(1);
        assertThat(AdaptiveTaskCounts.taskCount(16 * MIB + 1, 16 * MIB, 8)).isEqualTo(2);
        assertThat(AdaptiveTaskCounts.taskCount(50 * MIB, 16 * MIB, 8)).isEqualTo(4);
    }

    @Test
    void taskCountIsClampedToOneAndTheMaximum() {
        assertThat(AdaptiveTaskCounts.taskCount(0, 16 * MIB, 8)).isEqualTo(1);
        assertThat(AdaptiveTaskCounts.taskCount(1_000 * MIB, 16 * MIB, 8)).isEqualTo(8);
        assertThat(AdaptiveTaskCounts.taskCount(Long.MAX_VALUE, 1, 3)).isEqualTo(3);
    }

    @Test
    void finishedTasksCountExactly() {
        AdaptiveTaskCounts.Estimate estimate =
                AdaptiveTaskCounts.extrapolate(true, 1_000, List.of(finished(100, 4_000), finished(50, 2_000)));

        assertThat(estimate.bytes()).isEqualTo(6_000);
        assertThat(estimate.sampledRows()).isEqualTo(150);
        assertThat(estimate.completion()).isEqualTo(1.0);
        assertThat(estimate.lowerBound()).isFalse();
    }

    @Test
    void leafTasksExtrapolateByCompletion() {
        // 2 tasks share 1,000 leaf rows: each expects 500. One consumed 125 (25%), one 250 (50%).
        AdaptiveTaskCounts.Estimate estimate = AdaptiveTaskCounts.extrapolate(
                true, 1_000, List.of(running(1_000, 4 * MIB, 125), running(1_000, 4 * MIB, 250)));

        assertThat(estimate.bytes()).isEqualTo(16 * MIB + 8 * MIB);
        assertThat(estimate.completion()).isEqualTo(0.25);
        assertThat(estimate.lowerBound()).isFalse();
    }

    @Test
    void unfinishedTasksWithoutLeavesGiveALowerBound() {
        AdaptiveTaskCounts.Estimate estimate =
                AdaptiveTaskCounts.extrapolate(false, 0, List.of(running(1_000, 4 * MIB, 0), finished(10, 100)));

        assertThat(estimate.bytes()).isEqualTo(4 * MIB + 100);
        assertThat(estimate.lowerBound()).isTrue();
    }

    @Test
    void aBuildSideIsBroadcastUnderTheThresholdAndNotAbove() {
        AdaptiveTaskCounts.Estimate small = AdaptiveTaskCounts.extrapolate(true, 100, List.of(finished(100, MIB)));
        AdaptiveTaskCounts.Estimate large =
                AdaptiveTaskCounts.extrapolate(true, 100, List.of(finished(100, 10 * MIB + 1)));

        assertThat(BroadcastSwitchRule.fitsBroadcast(small, 10 * MIB)).isTrue();
        assertThat(BroadcastSwitchRule.fitsBroadcast(large, 10 * MIB)).isFalse();
    }

    @Test
    void aLowerBoundIsNeverBroadcast() {
        AdaptiveTaskCounts.Estimate unfinished =
                AdaptiveTaskCounts.extrapolate(false, 0, List.of(running(1_000, MIB, 0)));

        assertThat(BroadcastSwitchRule.fitsBroadcast(unfinished, 10 * MIB)).isFalse();
    }

    @Test
    void completionIsTakenWhenTheLastSampledBatchCameOutNotWhenAsked() {
        // The scans have read 400 of 500 rows, but the sample's last batch came out after 100 (20%).
        TaskStatus status = new TaskStatus("t", TaskState.RUNNING, 10, MIB, 10, MIB, false, false, 400, 100, null);

        AdaptiveTaskCounts.Estimate estimate = AdaptiveTaskCounts.extrapolate(true, 500, List.of(status));

        assertThat(estimate.completion()).isEqualTo(0.2);
        assertThat(estimate.bytes()).isEqualTo(5 * MIB);
    }

    @Test
    void aPlannedBroadcastRunsPartitionedAboveTheThresholdAndNotAtIt() {
        AdaptiveTaskCounts.Estimate atThreshold =
                AdaptiveTaskCounts.extrapolate(true, 100, List.of(finished(100, 10 * MIB)));
        AdaptiveTaskCounts.Estimate above =
                AdaptiveTaskCounts.extrapolate(true, 100, List.of(finished(100, 10 * MIB + 1)));

        assertThat(PartitionedSwitchRule.exceedsBroadcast(atThreshold, 10 * MIB))
                .isFalse();
        assertThat(PartitionedSwitchRule.exceedsBroadcast(above, 10 * MIB)).isTrue();
    }

    @Test
    void aLowerBoundRunsPartitionedOnlyOnceItIsAboveTheThreshold() {
        AdaptiveTaskCounts.Estimate belowSoFar =
                AdaptiveTaskCounts.extrapolate(false, 0, List.of(running(1_000, 4 * MIB, 0)));
        AdaptiveTaskCounts.Estimate aboveSoFar = AdaptiveTaskCounts.extrapolate(
                false, 0, List.of(running(1_000, 8 * MIB, 0), running(1_000, 4 * MIB, 0)));

        assertThat(PartitionedSwitchRule.exceedsBroadcast(belowSoFar, 10 * MIB)).isFalse();
        assertThat(PartitionedSwitchRule.exceedsBroadcast(aboveSoFar, 10 * MIB)).isTrue();
    }

    private static TaskStatus finished(long rows, long bytes) {
        return new TaskStatus("t", TaskState.RUNNING, rows, bytes, rows, bytes, true, false, rows, rows, null);
    }

    private static TaskStatus running(long rows, long bytes, long leafRows) {
        return new TaskStatus("t", TaskState.RUNNING, rows, bytes, rows, bytes, false, false, leafRows, leafRows, null);
    }
}
