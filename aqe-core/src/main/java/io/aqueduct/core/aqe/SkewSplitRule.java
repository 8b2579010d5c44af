package io.aqueduct.core.aqe;

import io.aqueduct.core.exec.HashPartitioner;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.protocol.KeySample;
import io.aqueduct.core.settings.Setting;
import io.aqueduct.core.settings.SettingValues;
import io.aqueduct.core.stage.Stage;
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
 * Finds the buckets of a stage's partitioned join larger than {@code skew_factor} × the median bucket
 * of their side and {@code skew_min_bytes}; each is split into enough pieces to bring a piece near the
 * target cost, every piece reading its share of the split side's rows and the whole bucket of the
 * other side, with a decision per bucket that names its size, the thresholds and its heaviest sampled
 * key.
 *
 * <p>One side is split per stage: the probe side when it has skewed buckets and the join may replicate
 * its build side (a join that keeps unmatched build rows would emit them once per piece), else the
 * build side when it has skewed buckets and the join may replicate its probe side (an inner or right
 * join: each probe row's output is the union of its matches in the pieces). Skewed buckets that are
 * not split are reported with the reason.
 */
public final class SkewSplitRule implements AdaptiveRule {
    SkewSplitRule() {}

    @Override
    public String name() {
        return AqeDecision.SKEW_SPLIT;
    }

    @Override
    public void apply(DecidingStage deciding) {
        SkewSplits splits = apply(
                deciding.stage(), deciding.buckets(), deciding.targetCost(), deciding.settings(), deciding.maxTasks());
        deciding.skew(splits);
        deciding.decideAll(splits.decisions());
    }

    /** Which buckets to split into how many pieces, the stage whose rows are split, and the decisions. */
    record SkewSplits(Map<Integer, Integer> ways, OptionalInt splitStage, List<AqeDecision> decisions) {
        static final SkewSplits NONE = new SkewSplits(Map.of(), OptionalInt.empty(), List.of());
    }

    /** A side of the join: which stage feeds it and whether the join allows splitting it. */
    private record Side(String name, int stageId, Optional<String> whyNotSplit) {}

    static SkewSplits apply(Stage stage, BucketCosts buckets, long target, SettingValues settings, int maxTasks) {
        Optional<JoinNode> join = StageJoins.partitionedJoin(stage.fragment());
        if (join.isEmpty()) {
            return SkewSplits.NONE;
        }
        JoinNode partitioned = join.get();
        List<AqeDecision> unsplit = new ArrayList<>();
        List<Side> sides = new ArrayList<>();
        StageJoins.probeStage(stage.fragment())
                .ifPresent(id -> sides.add(new Side(
                        "probe",
                        id,
                        partitioned.joinType().keepsUnmatchedBuildRows()
                                ? Optional.of("a " + partitioned.joinType()
                                        + " join keeps unmatched build rows, which every piece would emit")
                                : Optional.empty())));
        StageJoins.buildStage(stage.fragment())
                .ifPresent(id -> sides.add(new Side(
                        "build",
                        id,
                        partitioned.joinType().replicatesProbeRows()
                                ? Optional.empty()
                                : Optional.of("a " + partitioned.joinType()
                                        + " join outputs a probe row by whether it matches, which every piece"
                                        + " would decide on its own"))));
        for (Side side : sides) {
            if (!buckets.bytesBySource().containsKey(side.stageId())) {
                continue;
            }
            SkewSplits splits = splitSide(stage, side, buckets, target, settings, maxTasks);
            if (!splits.ways().isEmpty()) {
                unsplit.addAll(splits.decisions());
                return new SkewSplits(splits.ways(), splits.splitStage(), unsplit);
            }
            unsplit.addAll(splits.decisions());
        }
        return new SkewSplits(Map.of(), OptionalInt.empty(), unsplit);
    }

    private static SkewSplits splitSide(
            Stage stage, Side side, BucketCosts buckets, long target, SettingValues settings, int maxTasks) {
        long[] sideBytes = buckets.bytesBySource().get(side.stageId());
        long median = SkewedBuckets.median(sideBytes);
        long factor = settings.number(Setting.SKEW_FACTOR);
        long minBytes = settings.number(Setting.SKEW_MIN_BYTES);
        SortedMap<Integer, Integer> skewed =
                SkewedBuckets.find(sideBytes, buckets.costs(), factor, minBytes, target, maxTasks);
        Map<Integer, Integer> ways = new TreeMap<>();
        List<AqeDecision> decisions = new ArrayList<>();
        skewed.forEach((bucket, pieces) -> {
            long bytes = sideBytes[bucket];
            Optional<KeySample.HeavyHitter> heaviest =
                    heavyHitter(buckets.heavyHitters().get(side.stageId()), bucket, sideBytes.length);
            DecisionInputs.SkewSplit inputs = new DecisionInputs.SkewSplit(
                    side.name(),
                    side.stageId(),
                    bucket,
                    bytes,
                    median,
                    factor,
                    minBytes,
                    buckets.costs()[bucket],
                    target,
                    heaviest,
                    OptionalInt.empty());
            String hitter = heaviest.map(
                            h -> "; its heaviest key in the sample is " + h.key() + " (" + h.rows() + " sampled rows)")
                    .orElse("");
            String subject =
                    "%s bucket %d of stage %d is %d bytes, above skew_factor %d x median %d and skew_min_bytes %d"
                            .formatted(side.name(), bucket, side.stageId(), bytes, factor, median, minBytes);
            if (pieces == 1) {
                decisions.add(AqeDecision.notAdopted(
                        stage.id(),
                        AqeDecision.SKEW_SPLIT,
                        "bucket " + bucket,
                        inputs,
                        subject + hitter + "; not split: its cost " + buckets.costs()[bucket]
                                + " is within the target cost per task " + target + ", one task reads it whole"));
                return;
            }
            if (side.whyNotSplit().isPresent()) {
                decisions.add(AqeDecision.notAdopted(
                        stage.id(),
                        AqeDecision.SKEW_SPLIT,
                        "bucket " + bucket,
                        inputs,
                        subject + hitter + "; not split: " + side.whyNotSplit().get()));
                return;
            }
            ways.put(bucket, pieces);
            String other = side.name().equals("probe") ? "build" : "probe";
            decisions.add(AqeDecision.adopted(
                    stage.id(),
                    AqeDecision.SKEW_SPLIT,
                    "bucket " + bucket,
                    pieces + " pieces",
                    inputs.splitInto(pieces),
                    subject + hitter + "; split into " + pieces + " tasks, each reading its share of the " + side.name()
                            + " rows and the whole " + other + " bucket"));
        });
        return new SkewSplits(ways, ways.isEmpty() ? OptionalInt.empty() : OptionalInt.of(side.stageId()), decisions);
    }

    /** The most frequent sampled key of a side that falls into {@code bucket}. */
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
