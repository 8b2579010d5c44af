package io.aqueduct.core.aqe;

import io.aqueduct.core.protocol.OutputBinding;
import io.aqueduct.core.stage.OutputPartitioning;
import io.aqueduct.core.stage.PartitioningKind;
import io.aqueduct.core.stage.Stage;
import io.aqueduct.core.stage.StagePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Turns a {@link BucketAssignment} into a stage's schedule (for {@link CoalesceRule}, and for stages that keep their
 * static count): every hashed producer is bound to the same
 * buckets and splits (the split side spreading a split bucket's rows over its pieces, the other sides
 * replicating it) and each task reads the partitions of its range or piece; a broadcast producer gets
 * one partition per task, a gathered one a single partition that the stage's one task reads.
 *
 * <p>When every split bucket has one piece per producer task of the split side (counted only where those tasks read
 * even shares, see {@link CoalesceRule}), the split is aligned: piece
 * {@code i} takes producer task {@code i}'s rows of the bucket, reads that task only, and so runs on its worker
 * ({@link StageScheduler}), the hot rows moving between buffers instead of crossing a socket.
 */
public final class CoalescedSchedule {
    private CoalescedSchedule() {}

    /** The producers' bindings and each task's reads for a bucket assignment, whose tasks cost {@code taskCosts}. */
    static StageSchedule schedule(
            StagePlan plan,
            Stage stage,
            int bucketCount,
            BucketAssignment assignment,
            long[] taskCosts,
            OptionalInt splitStage,
            int splitProducerTasks,
            List<AqeDecision> decisions) {
        Map<Integer, Integer> splits = assignment.splitBuckets();
        boolean aligned = !splits.isEmpty() && splits.values().stream().allMatch(ways -> ways == splitProducerTasks);
        OutputBinding.SplitMode splitMode = aligned ? OutputBinding.SplitMode.ALIGNED : OutputBinding.SplitMode.SPLIT;
        int taskCount = assignment.tasks().size();
        Map<Integer, OutputBinding> bindings = new LinkedHashMap<>();
        for (int source : stage.sourceStageIds()) {
            OutputPartitioning partitioning = plan.stage(source).outputPartitioning();
            OutputBinding binding =
                    switch (partitioning.kind()) {
                        case HASH ->
                            new OutputBinding(
                                    partitioning,
                                    bucketCount,
                                    splits,
                                    splitStage.equals(OptionalInt.of(source))
                                            ? splitMode
                                            : OutputBinding.SplitMode.REPLICATE);
                        case SINGLE -> OutputBinding.of(partitioning, 1);
                        case BROADCAST -> OutputBinding.of(partitioning, taskCount);
                    };
            bindings.put(source, binding);
        }
        List<StageSchedule.TaskReads> reads = new ArrayList<>();
        for (int task = 0; task < taskCount; task++) {
            BucketAssignment.TaskBuckets buckets = assignment.tasks().get(task);
            List<Integer> partitions = new ArrayList<>();
            if (buckets instanceof BucketAssignment.Range range) {
                for (int bucket : range.buckets()) {
                    partitions.add(OutputBinding.firstPartition(splits, bucket));
                }
            } else if (buckets instanceof BucketAssignment.Piece piece) {
                partitions.add(OutputBinding.firstPartition(splits, piece.bucket()) + piece.piece());
            }
            // An aligned piece reads only the producer task whose rows of the bucket it takes.
            OptionalInt alignedProducer = aligned && buckets instanceof BucketAssignment.Piece piece
                    ? OptionalInt.of(piece.piece())
                    : OptionalInt.empty();
            Map<Integer, StageSchedule.SourceRead> sources = new LinkedHashMap<>();
            boolean hashed = false;
            for (int source : stage.sourceStageIds()) {
                PartitioningKind kind = plan.stage(source).outputPartitioning().kind();
                hashed |= kind == PartitioningKind.HASH;
                List<Integer> read =
                        switch (kind) {
                            case HASH -> partitions;
                            case SINGLE -> List.of(0);
                            case BROADCAST -> List.of(task);
                        };
                sources.put(
                        source,
                        splitStage.equals(OptionalInt.of(source))
                                ? new StageSchedule.SourceRead(alignedProducer, read)
                                : StageSchedule.SourceRead.all(read));
            }
            reads.add(new StageSchedule.TaskReads(sources, hashed ? buckets.describe() : "", taskCosts[task]));
        }
        return new StageSchedule(stage.id(), stage.plannedTaskCount(), bindings, reads, decisions);
    }
}
