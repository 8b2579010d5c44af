package io.aqueduct.server.coordinator;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.server.finalplan.AqeDecision;
import io.aqueduct.server.transport.KeySample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Finds the probe buckets of a stage's partitioned join larger than {@code skew_factor} × the median
 * and {@code skew_min_bytes}; each is split into enough pieces to bring a piece near the target cost,
 * with a decision per bucket that names its size, the thresholds and its heaviest sampled key. Only
 * the probe side is split, and only when the join may replicate its build side: a join that keeps
 * unmatched build rows would emit them once per piece, so its skewed buckets are reported, not split.
 */
final class SkewSplitRule {
    private SkewSplitRule() {}

    /** Which buckets to split into how many pieces, the stage whose rows are split, and the decisions. */
    record SkewSplits(Map<Integer, Integer> ways, OptionalInt probeStage, List<AqeDecision> decisions) {
        static final SkewSplits NONE = new SkewSplits(Map.of(), OptionalInt.empty(), List.of());
    }

    static SkewSplits apply(Stage stage, BucketCosts buckets, long target, SettingValues settings, int maxTasks) {
        Optional<JoinNode> join = StageJoins.partitionedJoin(stage.fragment());
        Optional<Integer> probe = StageJoins.probeStage(stage.fragment());
        if (join.isEmpty() || probe.isEmpty() || !buckets.bytesBySource().containsKey(probe.get())) {
            return SkewSplits.NONE;
        }
        long[] probeBytes = buckets.bytesBySource().get(probe.get());
        long median = SkewedBuckets.median(probeBytes);
        long factor = settings.number(Setting.SKEW_FACTOR);
        long minBytes = settings.number(Setting.SKEW_MIN_BYTES);
        SortedMap<Integer, Integer> skewed =
                SkewedBuckets.find(probeBytes, buckets.costs(), factor, minBytes, target, maxTasks);
        Map<Integer, Integer> ways = new TreeMap<>();
        List<AqeDecision> decisions = new ArrayList<>();
        skewed.forEach((bucket, pieces) -> {
            long bytes = probeBytes[bucket];
            Map<String, Object> inputs = new LinkedHashMap<>();
            inputs.put("probe_stage", probe.get());
            inputs.put("bucket", bucket);
            inputs.put("bucket_bytes", bytes);
            inputs.put("median_bucket_bytes", median);
            inputs.put("skew_factor", factor);
            inputs.put("skew_min_bytes", minBytes);
            inputs.put("bucket_cost_bytes", buckets.costs()[bucket]);
            inputs.put("target_cost_bytes", target);
            String hitter = heavyHitter(buckets.heavyHitters().get(probe.get()), bucket, probeBytes.length)
                    .map(h -> {
                        inputs.put("heavy_hitter", h.key());
                        inputs.put("heavy_hitter_sampled_rows", h.rows());
                        return "; its heaviest key in the sample is " + h.key() + " (" + h.rows() + " sampled rows)";
                    })
                    .orElse("");
            String subject =
                    "probe bucket %d of stage %d is %d bytes, above skew_factor %d x median %d and skew_min_bytes %d"
                            .formatted(bucket, probe.get(), bytes, factor, median, minBytes);
            if (join.get().joinType().keepsUnmatchedBuildRows()) {
                decisions.add(AqeDecision.notAdopted(
                        stage.id(),
                        AqeDecision.SKEW_SPLIT,
                        "bucket " + bucket,
                        inputs,
                        subject + hitter + "; not split: a " + join.get().joinType()
                                + " join keeps unmatched build rows, which every piece would emit"));
                return;
            }
            inputs.put("pieces", pieces);
            ways.put(bucket, pieces);
            decisions.add(AqeDecision.adopted(
                    stage.id(),
                    AqeDecision.SKEW_SPLIT,
                    "bucket " + bucket,
                    pieces + " pieces",
                    inputs,
                    subject + hitter + "; split into " + pieces
                            + " tasks, each reading its share of the probe rows and the whole build bucket"));
        });
        return new SkewSplits(ways, OptionalInt.of(probe.get()), decisions);
    }

    /** The most frequent sampled key of the probe side that falls into {@code bucket}. */
    private static Optional<KeySample.HeavyHitter> heavyHitter(
            List<KeySample.HeavyHitter> hitters, int bucket, int bucketCount) {
        Map<String, KeySample.HeavyHitter> byKey = new LinkedHashMap<>();
        for (KeySample.HeavyHitter hitter : hitters) {
            if (HashPartitioner.bucketOfFine(hitter.fineBucket(), bucketCount) == bucket) {
                byKey.merge(
                        hitter.key(),
                        hitter,
                        (a, b) -> new KeySample.HeavyHitter(
                                a.key(), a.fineBucket(), a.rows() + b.rows(), a.maxOvercount() + b.maxOvercount()));
            }
        }
        return byKey.values().stream().max(Comparator.comparingLong(KeySample.HeavyHitter::rows));
    }
}
