package io.aqueduct.core.aqe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a shuffled stage's tasks share its hash buckets: Spark-style coalescing of contiguous bucket
 * ranges to a target size per task, and skewed buckets split into pieces, one task each. A range
 * runs over split buckets, which its task leaves to the pieces. {@code targetCost} is the most a range
 * may cost, as grown to fit the task limit (0 when no cost was estimated).
 *
 * <pre>{@code
 * BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(3, 2), targetCost, maxTasks);
 * assignment.tasks();        // [Range[0, 6) without 3, Range[6, 8), Piece[bucket 3, 0 of 2], Piece[bucket 3, 1 of 2]]
 * assignment.splitBuckets(); // {3=2}
 * }</pre>
 */
public record BucketAssignment(List<TaskBuckets> tasks, long targetCost) {
    /** What one consumer task reads: a range of buckets, or one piece of a split bucket. */
    sealed interface TaskBuckets permits Range, Piece {
        /** The bucket numbers and pieces as shown in plans and system tables. */
        String describe();
    }

    /** Buckets {@code from} (inclusive) to {@code to} (exclusive), except the split ones in {@code without}. */
    record Range(int from, int to, List<Integer> without) implements TaskBuckets {
        Range {
            without = List.copyOf(without);
        }

        Range(int from, int to) {
            this(from, to, List.of());
        }

        List<Integer> buckets() {
            List<Integer> buckets = new ArrayList<>();
            for (int bucket = from; bucket < to; bucket++) {
                if (!without.contains(bucket)) {
                    buckets.add(bucket);
                }
            }
            return buckets;
        }

        @Override
        public String describe() {
            String range = to - from == 1 ? "bucket " + from : "buckets " + from + "-" + (to - 1);
            return without.isEmpty() ? range : range + " without " + without;
        }
    }

    /** Piece {@code piece} of the {@code ways} pieces of skewed bucket {@code bucket}. */
    record Piece(int bucket, int piece, int ways) implements TaskBuckets {
        @Override
        public String describe() {
            return "bucket " + bucket + " piece " + (piece + 1) + "/" + ways;
        }
    }

    public BucketAssignment {
        tasks = List.copyOf(tasks);
    }

    /**
     * Cuts buckets of estimated {@code costs} into contiguous ranges of at most {@code targetCost}
     * each (a bucket larger than the target gets a range of its own), except that bucket {@code b}
     * with {@code ways.get(b) > 1} becomes that many pieces. If that gives more than {@code maxTasks}
     * tasks, split buckets give up pieces while they hold more than half the tasks (keeping at least
     * two each), and the target grows step by step until the tasks fit, or until one range is left
     * beside pieces of two each (then the pieces take the stage above {@code maxTasks}: with two task
     * slots, a bucket holding most of the stage still runs as two pieces beside the range). Beside the pieces of a
     * bucket split {@code n} ways, the other buckets make at least {@code n} ranges where they can, if a range costs
     * more than a quarter of a piece: the pieces run side by side (on the workers of their producers when aligned),
     * and one large range beside them would load the worker it lands on with all of it.
     */
    static BucketAssignment plan(long[] costs, Map<Integer, Integer> ways, long targetCost, int maxTasks) {
        long target = Math.max(1, targetCost);
        Map<Integer, Integer> pieces = new TreeMap<>(ways);
        while (true) {
            BucketAssignment assignment = cut(costs, pieces, target);
            int tasks = assignment.tasks.size();
            int piecesTotal =
                    pieces.values().stream().mapToInt(Integer::intValue).sum();
            // One range and pieces of at least two each: a larger target would not lower the count.
            boolean fewest =
                    tasks - piecesTotal <= 1 && pieces.values().stream().allMatch(n -> n <= 2);
            if (tasks <= maxTasks || fewest || target == Long.MAX_VALUE) {
                return spreadBesidePieces(assignment, costs, pieces);
            }
            if (piecesTotal > maxTasks / 2) {
                double shrink = (double) (maxTasks / 2) / piecesTotal;
                pieces.replaceAll((bucket, n) -> Math.max(2, (int) (n * shrink)));
            }
            target = target > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : Math.max(target + 1, target + target / 8);
        }
    }

    /** The assignment with its ranges cut finer, if fewer than the most pieces of a split bucket (see {@link #plan}). */
    private static BucketAssignment spreadBesidePieces(
            BucketAssignment assignment, long[] costs, Map<Integer, Integer> pieces) {
        int spread = pieces.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        long rangeCost = 0;
        long largestRange = 0;
        long smallestPiece = Long.MAX_VALUE;
        int ranges = 0;
        long[] taskCosts = assignment.taskCosts(costs);
        for (int task = 0; task < taskCosts.length; task++) {
            if (assignment.tasks.get(task) instanceof Range) {
                rangeCost += taskCosts[task];
                largestRange = Math.max(largestRange, taskCosts[task]);
                ranges++;
            } else {
                smallestPiece = Math.min(smallestPiece, taskCosts[task]);
            }
        }
        long spreadTarget = Math.max(1, CostModel.ceilDiv(rangeCost, spread));
        if (ranges >= spread || largestRange <= smallestPiece / 4 || spreadTarget >= assignment.targetCost) {
            return assignment;
        }
        return cut(costs, pieces, spreadTarget);
    }

    private static BucketAssignment cut(long[] costs, Map<Integer, Integer> ways, long target) {
        List<TaskBuckets> ranges = new ArrayList<>();
        List<TaskBuckets> pieces = new ArrayList<>();
        int rangeStart = -1;
        int rangeEnd = -1;
        long rangeCost = 0;
        List<Integer> skipped = new ArrayList<>();
        for (int bucket = 0; bucket < costs.length; bucket++) {
            int n = ways.getOrDefault(bucket, 1);
            if (n > 1) {
                for (int piece = 0; piece < n; piece++) {
                    pieces.add(new Piece(bucket, piece, n));
                }
                if (rangeStart >= 0) {
                    skipped.add(bucket);
                }
                continue;
            }
            if (rangeStart >= 0 && rangeCost + costs[bucket] > target) {
                ranges.add(range(rangeStart, rangeEnd, skipped));
                rangeStart = -1;
            }
            if (rangeStart < 0) {
                rangeStart = bucket;
                rangeCost = 0;
                skipped = new ArrayList<>();
            }
            rangeEnd = bucket + 1;
            rangeCost += costs[bucket];
        }
        if (rangeStart >= 0) {
            ranges.add(range(rangeStart, rangeEnd, skipped));
        }
        ranges.addAll(pieces);
        return new BucketAssignment(ranges, target);
    }

    private static Range range(int from, int to, List<Integer> skipped) {
        return new Range(
                from, to, skipped.stream().filter(bucket -> bucket < to).toList());
    }

    /** Bucket {@code i} to task {@code i}: a stage that keeps its static task count. */
    static BucketAssignment oneBucketPerTask(int tasks) {
        List<TaskBuckets> ranges = new ArrayList<>();
        for (int task = 0; task < tasks; task++) {
            ranges.add(new Range(task, task + 1));
        }
        return new BucketAssignment(ranges, 0);
    }

    /** The split buckets and their number of pieces, as producers must route them. */
    Map<Integer, Integer> splitBuckets() {
        Map<Integer, Integer> splits = new TreeMap<>();
        for (TaskBuckets task : tasks) {
            if (task instanceof Piece piece) {
                splits.put(piece.bucket(), piece.ways());
            }
        }
        return splits;
    }

    /** The estimated cost each task gets: its range's buckets, or its share of a split bucket's. */
    long[] taskCosts(long[] costs) {
        long[] taskCosts = new long[tasks.size()];
        for (int i = 0; i < taskCosts.length; i++) {
            TaskBuckets task = tasks.get(i);
            if (task instanceof Range range) {
                for (int bucket : range.buckets()) {
                    taskCosts[i] += costs[bucket];
                }
            } else if (task instanceof Piece piece) {
                taskCosts[i] = costs[piece.bucket()] / piece.ways();
            }
        }
        return taskCosts;
    }
}
