package io.aqueduct.core.aqe;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.protocol.TaskLocation;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The estimated cost of each hash bucket of a stage's shuffled input, from its producers' key samples:
 * each hashed source's sampled bytes per bucket, scaled up to its extrapolated size, summed over the
 * sources, each weighted by the work per byte of the operators it passes ({@link CostModel}). Also kept per
 * source: its bytes per bucket and the heavy hitters its tasks' samplers saw.
 */
public record BucketCosts(
        long[] costs, Map<Integer, long[]> bytesBySource, Map<Integer, List<KeySample.HeavyHitter>> heavyHitters) {

    static BucketCosts measure(
            StagePlan plan,
            Stage stage,
            Map<Integer, ProducerSamples.Estimate> estimates,
            Map<Integer, List<TaskLocation>> tasksByStage,
            int bucketCount,
            Function<TaskLocation, KeySample> keySamples,
            Executor calls) {
        Map<Integer, Double> weights = CostModel.weights(stage.fragment(), estimates);
        long[] costs = new long[bucketCount];
        Map<Integer, long[]> bytesBySource = new LinkedHashMap<>();
        Map<Integer, List<KeySample.HeavyHitter>> heavyHitters = new LinkedHashMap<>();
        List<Integer> hashed = estimates.keySet().stream()
                .filter(source -> plan.stage(source).outputPartitioning().kind() == PartitioningKind.HASH)
                .toList();
        Map<Integer, List<KeySample>> samples = keySamples(hashed, tasksByStage, keySamples, calls);
        for (int source : hashed) {
            ProducerSamples.Estimate estimate = estimates.get(source);
            double scale = estimate.sampledBytes() == 0 ? 0 : (double) estimate.bytes() / estimate.sampledBytes();
            long[] bytes = new long[bucketCount];
            List<KeySample.HeavyHitter> hitters = new ArrayList<>();
            boolean profiled = false;
            for (KeySample sample : samples.get(source)) {
                profiled |= sample.fineBuckets().length > 0;
                for (int i = 0; i < sample.fineBuckets().length; i++) {
                    int bucket = HashPartitioner.bucketOfFine(sample.fineBuckets()[i], bucketCount);
                    bytes[bucket] += (long) (sample.bytes()[i] * scale);
                }
                hitters.addAll(sample.heavyHitters());
            }
            if (!profiled) {
                // Planned as a broadcast and shuffled at runtime, it had no key profile: assume it spreads evenly.
                Arrays.fill(bytes, estimate.bytes() / bucketCount);
            }
            double weight = weights.getOrDefault(source, 1.0);
            for (int bucket = 0; bucket < bucketCount; bucket++) {
                costs[bucket] = CostModel.saturatedAdd(costs[bucket], CostModel.weighted(bytes[bucket], weight));
            }
            bytesBySource.put(source, bytes);
            heavyHitters.put(source, hitters);
        }
        return new BucketCosts(costs, bytesBySource, heavyHitters);
    }

    /** The key samples of every task of the {@code sources}, by source, all fetched at once. */
    private static Map<Integer, List<KeySample>> keySamples(
            List<Integer> sources,
            Map<Integer, List<TaskLocation>> tasksByStage,
            Function<TaskLocation, KeySample> keySamples,
            Executor calls) {
        List<Map.Entry<Integer, TaskLocation>> tasks = sources.stream()
                .flatMap(source -> tasksByStage.get(source).stream().map(task -> Map.entry(source, task)))
                .toList();
        List<KeySample> fetched = ParallelCalls.each(tasks, task -> keySamples.apply(task.getValue()), calls);
        Map<Integer, List<KeySample>> bySource = new LinkedHashMap<>();
        sources.forEach(source -> bySource.put(source, new ArrayList<>()));
        for (int i = 0; i < tasks.size(); i++) {
            bySource.get(tasks.get(i).getKey()).add(fetched.get(i));
        }
        return bySource;
    }

    long total() {
        long total = 0;
        for (long cost : costs) {
            total = CostModel.saturatedAdd(total, cost);
        }
        return total;
    }
}
