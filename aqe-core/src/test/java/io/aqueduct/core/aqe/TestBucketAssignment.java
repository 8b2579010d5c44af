package io.aqueduct.core.aqe;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.aqe.BucketAssignment.Piece;
import io.aqueduct.core.aqe.BucketAssignment.Range;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestBucketAssignment {
    @Test
    void coalescesSmallBucketsIntoContiguousRangesNearTheTarget() {
        long[] costs = new long[32];
        Random random = new Random(42);
        for (int i = 0; i < costs.length; i++) {
            costs[i] = 50 + random.nextInt(100);
        }
        long total = Arrays.stream(costs).sum();
        long target = total / 8;

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(), target, 64);

        assertContiguousCover(assignment, costs.length);
        long largestBucket = Arrays.stream(costs).max().orElseThrow();
        // Each range stays within the target, and all but the last are short of it by less than a bucket.
        long[] taskCosts = assignment.taskCosts(costs);
        for (int task = 0; task < taskCosts.length; task++) {
            assertThat(taskCosts[task]).isLessThanOrEqualTo(target);
            if (task < taskCosts.length - 1) {
                assertThat(taskCosts[task]).isGreaterThan(target - largestBucket);
            }
        }
        assertThat(assignment.tasks().size()).isBetween(8, 10);
    }

    @Test
    void aBucketAboveTheTargetGetsARangeOfItsOwn() {
        long[] costs = {10, 10, 500, 10, 10};

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(), 30, 64);

        assertThat(assignment.tasks()).containsExactly(new Range(0, 2), new Range(2, 3), new Range(3, 5));
    }

    @Test
    void splitBucketsBecomeOnePiecePerTask() {
        long[] costs = {10, 10, 600, 10, 10};

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(2, 3), 30, 64);

        assertThat(assignment.tasks())
                .containsExactly(
                        new Range(0, 4, List.of(2)),
                        new Range(4, 5),
                        new Piece(2, 0, 3),
                        new Piece(2, 1, 3),
                        new Piece(2, 2, 3));
        assertThat(assignment.splitBuckets()).containsExactly(Map.entry(2, 3));
        assertThat(assignment.taskCosts(costs)).containsExactly(30, 10, 200, 200, 200);
    }

    @Test
    void neverExceedsTheTaskLimit() {
        long[] costs = new long[64];
        Arrays.fill(costs, 100);

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(5, 10), 100, 8);

        assertThat(assignment.tasks().size()).isLessThanOrEqualTo(8);
        assertContiguousCover(assignment, costs.length);
    }

    @Test
    void atTheTaskLimitTheRangesAroundASplitBucketStayBalanced() {
        long[] costs = new long[16];
        Arrays.fill(costs, 100);
        costs[11] = 1_100;

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(11, 2), 650, 4);

        assertThat(assignment.tasks()).hasSize(4);
        assertThat(assignment.splitBuckets()).containsExactly(Map.entry(11, 2));
        long[] sorted = assignment.taskCosts(costs);
        Arrays.sort(sorted);
        assertThat(sorted[3]).isLessThanOrEqualTo(2 * sorted[2]);
    }

    @Test
    void withTwoTaskSlotsAHotBucketKeepsTwoPiecesBesideRangesSpreadForThem() {
        // skew.hot: one of 8 buckets holds 85% of the stage, the target is half the total.
        long[] costs = {2_000, 21_000, 1_000, 1_000, 1_000, 141_000, 1_000, 1_000};
        long target = Arrays.stream(costs).sum() / 2;

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(5, 2), target, 2);

        // The 28,000 left beside the two pieces of 70,500 would be one range at the target; a range that large
        // loads the worker it lands on, so they are cut for two ranges of at most 14,000 (bucket 1 stays whole).
        assertThat(assignment.tasks())
                .containsExactly(
                        new Range(0, 1),
                        new Range(1, 2),
                        new Range(2, 8, List.of(5)),
                        new Piece(5, 0, 2),
                        new Piece(5, 1, 2));
        assertThat(assignment.targetCost()).isEqualTo(14_000);
        assertContiguousCover(assignment, costs.length);
    }

    @Test
    void smallRangesBesidePiecesAreNotCutFiner() {
        long[] costs = {1_000, 1_000, 141_000, 1_000};

        BucketAssignment assignment = BucketAssignment.plan(costs, Map.of(2, 2), 72_000, 2);

        assertThat(assignment.tasks())
                .containsExactly(new Range(0, 4, List.of(2)), new Piece(2, 0, 2), new Piece(2, 1, 2));
    }

    @Test
    void noBucketsOfCostStillGiveOneTask() {
        BucketAssignment assignment = BucketAssignment.plan(new long[4], Map.of(), 1, 8);

        assertThat(assignment.tasks()).containsExactly(new Range(0, 4));
    }

    /** Every bucket is read by the tasks of exactly one range, or by all pieces of its split, and nothing else. */
    private static void assertContiguousCover(BucketAssignment assignment, int buckets) {
        Map<Integer, Integer> readers = new java.util.HashMap<>();
        int next = 0;
        for (BucketAssignment.TaskBuckets task : assignment.tasks()) {
            if (task instanceof Range range) {
                assertThat(range.from()).isEqualTo(next);
                assertThat(range.to()).isGreaterThan(range.from());
                next = range.to();
                range.buckets().forEach(bucket -> readers.merge(bucket, 1, Integer::sum));
            } else if (task instanceof Piece piece) {
                readers.merge(piece.bucket(), piece.piece() == 0 ? 1 : 0, Integer::sum);
            }
        }
        assertThat(readers).hasSize(buckets);
        assertThat(readers.values()).containsOnly(1);
        List<String> descriptions = assignment.tasks().stream()
                .map(BucketAssignment.TaskBuckets::describe)
                .toList();
        assertThat(descriptions).doesNotHaveDuplicates();
    }
}
