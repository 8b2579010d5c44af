package io.aqueduct.core.aqe;

import io.aqueduct.core.stage.Stage;
import java.util.Map;
import java.util.Optional;

/**
 * What a stage costs, in bytes of work, from its producers' estimated output: each input's bytes, a partitioned
 * join's build side twice (it is held in memory); and the task count that cost asks for.
 */
public final class CostModel {
    private CostModel() {}

    /** The stage's cost from its sources' estimates. */
    public static long cost(Stage stage, Map<Integer, ProducerSamples.Estimate> estimates) {
        Optional<Integer> buildStage = StageJoins.buildStage(stage.fragment());
        long cost = 0;
        for (Map.Entry<Integer, ProducerSamples.Estimate> entry : estimates.entrySet()) {
            long bytes = entry.getValue().bytes();
            cost = saturatedAdd(
                    cost, buildStage.equals(Optional.of(entry.getKey())) ? saturatedAdd(bytes, bytes) : bytes);
        }
        return cost;
    }

    /** {@code clamp(ceil(cost / bytesPerPartition), 1, maxTasks)}. */
    public static int taskCount(long cost, long bytesPerPartition, int maxTasks) {
        return (int) Math.max(1, Math.min(ceilDiv(cost, bytesPerPartition), maxTasks));
    }

    static long ceilDiv(long value, long divisor) {
        return value / divisor + (value % divisor == 0 ? 0 : 1);
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
