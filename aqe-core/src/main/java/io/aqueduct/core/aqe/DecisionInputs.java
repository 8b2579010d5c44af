package io.aqueduct.core.aqe;

import com.fasterxml.jackson.annotation.JsonValue;
import io.aqueduct.core.protocol.KeySample;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an adaptive decision was made from, typed per rule, with {@link #view()}: the same values by name, in the
 * order they are explained, as EXPLAIN ANALYZE VERBOSE, the final plan's JSON and {@code sys.aqe_decisions} show
 * them.
 */
public sealed interface DecisionInputs {
    /** The inputs by name, in the order they are explained; serialized as the decision's {@code inputs} object. */
    @JsonValue
    Map<String, Object> view();

    /** The estimates of producer stages the decision was made from, by stage id; empty if it used none. */
    default Map<Integer, ProducerSamples.Estimate> producerEstimates() {
        return Map.of();
    }

    /** A decision that took no measured input: a stage that keeps its static task count. */
    record None() implements DecisionInputs {
        @Override
        public Map<String, Object> view() {
            return Map.of();
        }
    }

    /** The task count from the producers' estimates and the cost they add up to. */
    record TaskCount(
            Map<Integer, ProducerSamples.Estimate> producerEstimates,
            long costBytes,
            long bytesPerPartition,
            int maxTasksPerStage)
            implements DecisionInputs {
        public TaskCount {
            producerEstimates = Collections.unmodifiableMap(new LinkedHashMap<>(producerEstimates));
        }

        @Override
        public Map<String, Object> view() {
            Map<String, Object> view = estimatesView(producerEstimates);
            view.put("cost_bytes", costBytes);
            view.put("bytes_per_partition", bytesPerPartition);
            view.put("max_tasks_per_stage", maxTasksPerStage);
            return Collections.unmodifiableMap(view);
        }
    }

    /** Buckets coalesced into ranges: the bucket count, the target cost and the estimated cost per task. */
    record Coalesce(
            int buckets,
            int bucketsPerTask,
            long targetCostBytes,
            long rangeMaxCostBytes,
            long taskCostMin,
            long taskCostMedian,
            long taskCostMax,
            String taskBuckets)
            implements DecisionInputs {
        @Override
        public Map<String, Object> view() {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("buckets", buckets);
            view.put("buckets_per_task", bucketsPerTask);
            view.put("target_cost_bytes", targetCostBytes);
            view.put("range_max_cost_bytes", rangeMaxCostBytes);
            view.put("task_cost_min", taskCostMin);
            view.put("task_cost_median", taskCostMedian);
            view.put("task_cost_max", taskCostMax);
            view.put("task_buckets", taskBuckets);
            return Collections.unmodifiableMap(view);
        }
    }

    /**
     * A skewed bucket of one side of a join: its size against the thresholds, its heaviest sampled key, and the
     * pieces it was split into (none when it was not split).
     */
    record SkewSplit(
            String side,
            int sideStage,
            int bucket,
            long bucketBytes,
            long medianBucketBytes,
            long skewFactor,
            long skewMinBytes,
            long bucketCostBytes,
            long targetCostBytes,
            Optional<KeySample.HeavyHitter> heavyHitter,
            OptionalInt pieces)
            implements DecisionInputs {
        /** The same bucket, split into {@code ways} pieces. */
        SkewSplit splitInto(int ways) {
            return new SkewSplit(
                    side,
                    sideStage,
                    bucket,
                    bucketBytes,
                    medianBucketBytes,
                    skewFactor,
                    skewMinBytes,
                    bucketCostBytes,
                    targetCostBytes,
                    heavyHitter,
                    OptionalInt.of(ways));
        }

        @Override
        public Map<String, Object> view() {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("side", side);
            view.put("side_stage", sideStage);
            view.put("bucket", bucket);
            view.put("bucket_bytes", bucketBytes);
            view.put("median_bucket_bytes", medianBucketBytes);
            view.put("skew_factor", skewFactor);
            view.put("skew_min_bytes", skewMinBytes);
            view.put("bucket_cost_bytes", bucketCostBytes);
            view.put("target_cost_bytes", targetCostBytes);
            heavyHitter.ifPresent(hitter -> {
                view.put("heavy_hitter", hitter.key());
                view.put("heavy_hitter_sampled_rows", hitter.rows());
            });
            pieces.ifPresent(ways -> view.put("pieces", ways));
            return Collections.unmodifiableMap(view);
        }
    }

    /** A partitioned join's build side against the broadcast threshold, with every producer's estimate. */
    record BroadcastSwitch(
            Map<Integer, ProducerSamples.Estimate> producerEstimates,
            int buildStage,
            long plannerEstimatedBuildBytes,
            long broadcastMaxBytes,
            int probeTasks)
            implements DecisionInputs {
        public BroadcastSwitch {
            producerEstimates = Collections.unmodifiableMap(new LinkedHashMap<>(producerEstimates));
        }

        @Override
        public Map<String, Object> view() {
            ProducerSamples.Estimate build = producerEstimates.get(buildStage);
            Map<String, Object> view = estimatesView(producerEstimates);
            view.put("build_stage", buildStage);
            view.put("build_sampled_bytes", build.sampledBytes());
            view.put("build_estimated_bytes", build.bytes());
            view.put("planner_estimated_build_bytes", plannerEstimatedBuildBytes);
            view.put("broadcast_max_bytes", broadcastMaxBytes);
            view.put("probe_tasks", probeTasks);
            return Collections.unmodifiableMap(view);
        }
    }

    /** A planned broadcast join's build side, sampled at runtime, against the broadcast threshold. */
    record PartitionedSwitch(
            int buildStage,
            ProducerSamples.Estimate buildSide,
            long plannerEstimatedBuildBytes,
            long broadcastMaxBytes,
            int probeTasks)
            implements DecisionInputs {
        @Override
        public Map<String, Object> view() {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("build_stage", buildStage);
            view.put("build_sampled_rows", buildSide.sampledRows());
            view.put("build_sampled_bytes", buildSide.sampledBytes());
            view.put("build_completion", buildSide.completion());
            view.put("build_estimated_bytes", buildSide.bytes());
            view.put("build_estimate_is_lower_bound", buildSide.lowerBound());
            view.put("planner_estimated_build_bytes", plannerEstimatedBuildBytes);
            view.put("broadcast_max_bytes", broadcastMaxBytes);
            view.put("probe_tasks", probeTasks);
            return Collections.unmodifiableMap(view);
        }
    }

    /** A partitioned join's two sides, sampled at runtime. */
    record JoinSwap(
            int probeStage, ProducerSamples.Estimate probeSide, int buildStage, ProducerSamples.Estimate buildSide)
            implements DecisionInputs {
        @Override
        public Map<String, Object> view() {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("probe_stage", probeStage);
            view.put("probe_estimated_rows", probeSide.rows());
            view.put("probe_estimated_bytes", probeSide.bytes());
            view.put("probe_estimate_is_lower_bound", probeSide.lowerBound());
            view.put("build_stage", buildStage);
            view.put("build_estimated_rows", buildSide.rows());
            view.put("build_estimated_bytes", buildSide.bytes());
            view.put("build_estimate_is_lower_bound", buildSide.lowerBound());
            return Collections.unmodifiableMap(view);
        }

        @Override
        public Map<Integer, ProducerSamples.Estimate> producerEstimates() {
            Map<Integer, ProducerSamples.Estimate> estimates = new LinkedHashMap<>();
            estimates.put(probeStage, probeSide);
            estimates.put(buildStage, buildSide);
            return Collections.unmodifiableMap(estimates);
        }
    }

    /** What each producer's sample showed, and the estimate made from it. */
    private static Map<String, Object> estimatesView(Map<Integer, ProducerSamples.Estimate> estimates) {
        Map<String, Object> view = new LinkedHashMap<>();
        estimates.forEach((source, estimate) -> {
            view.put("stage_" + source + "_sampled_rows", estimate.sampledRows());
            view.put("stage_" + source + "_sampled_bytes", estimate.sampledBytes());
            view.put("stage_" + source + "_completion", estimate.completion());
            view.put("stage_" + source + "_estimated_bytes", estimate.bytes());
        });
        return view;
    }
}
