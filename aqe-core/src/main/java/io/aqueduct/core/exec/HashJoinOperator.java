package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.JoinType;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Hash join ({@link JoinNode}). The first {@link #next()} reads the build input whole into a
 * {@link JoinHashTable} and closes that input. Each probe batch is then looked up vector-wise; its
 * candidate pairs, in chunks of {@link ExecutionContext#batchRows()}, are filtered by the residual
 * condition, and the matching pairs are copied into output batches of at most that many rows, followed by
 * the probe rows that LEFT, FULL, SEMI and ANTI joins emit on their own. RIGHT, FULL and RIGHT_ANTI joins end
 * with the build rows that matched no probe row, RIGHT_SEMI joins with those that matched one; without a residual
 * those two only mark the groups of the probe rows' keys. The build side, and all state, is accounted to the
 * operator's allocator.
 */
public final class HashJoinOperator implements Operator {
    private final Operator probe;
    private final Operator build;
    private final JoinType joinType;
    private final ExecutionContext context;
    private final RowType outputType;
    private final BufferAllocator allocator;
    private final HeapMemoryTracker memory;
    private final JoinKeyVectors probeKeys;
    private final JoinKeyVectors buildKeys;
    private final JoinHashTable table;
    private final JoinResidual residual;
    private final JoinCandidates candidates;
    private final JoinPairGatherer output;
    private final JoinPairs pairs;
    private final int[] candidateProbeRows;
    private final int[] candidateBuildRows;

    private boolean buildClosed;
    private boolean probeFinished;
    private VectorSchemaRoot probeBatch;
    private boolean probeBatchDone;
    private int[] groupIds = new int[0];
    private boolean[] probeMatched = new boolean[0];
    private boolean[] buildMatched;
    private int nextBuildRow;
    private boolean closed;

    private HashJoinOperator(
            JoinNode node, int[] columnsKept, Operator probe, Operator build, ExecutionContext context) {
        this.probe = requireNonNull(probe, "probe is null");
        this.build = requireNonNull(build, "build is null");
        this.context = requireNonNull(context, "context is null");
        this.joinType = node.joinType();
        RowType probeType = probe.outputType();
        RowType buildType = build.outputType();
        List<DataType> comparisonTypes =
                JoinKeyVectors.comparisonTypes(types(probeType, node.probeKeys()), types(buildType, node.buildKeys()));
        this.allocator = context.allocator().newChildAllocator("join", 0, Long.MAX_VALUE);
        this.memory = new HeapMemoryTracker(allocator, "join");
        this.probeKeys = new JoinKeyVectors(
                node.probeKeys(), types(probeType, node.probeKeys()), comparisonTypes, node.nullSafeKeys(), allocator);
        this.buildKeys = new JoinKeyVectors(
                node.buildKeys(), types(buildType, node.buildKeys()), comparisonTypes, node.nullSafeKeys(), allocator);
        try {
            this.table = new JoinHashTable(buildKeys, comparisonTypes, allocator, memory);
            this.residual =
                    node.residual() == null ? null : JoinResidual.create(node.residual(), probeType, buildType, memory);
            boolean probeSideOnly = !joinType.outputsBuildSide();
            this.candidates = new JoinCandidates(table, probeSideOnly && residual == null);
            int[] probeColumns = IntStream.range(0, joinType.outputsProbeSide() ? probeType.size() : 0)
                    .toArray();
            int[] buildColumns =
                    IntStream.range(0, probeSideOnly ? 0 : buildType.size()).toArray();
            if (columnsKept == null) {
                this.outputType = node.outputType();
            } else {
                // The output is the probe columns, then the build ones: the kept ones of each, in order.
                int probeWidth = probeColumns.length;
                this.outputType = new RowType(
                        Arrays.stream(columnsKept)
                                .mapToObj(node.outputType().names()::get)
                                .toList(),
                        Arrays.stream(columnsKept)
                                .mapToObj(node.outputType()::type)
                                .toList());
                probeColumns = Arrays.stream(columnsKept)
                        .filter(column -> column < probeWidth)
                        .toArray();
                buildColumns = Arrays.stream(columnsKept)
                        .filter(column -> column >= probeWidth)
                        .map(column -> column - probeWidth)
                        .toArray();
            }
            this.output = new JoinPairGatherer(outputType, probeColumns, buildColumns, memory);
            this.pairs = new JoinPairs(memory);
            this.candidateProbeRows = memory.grow(new int[0], context.batchRows());
            this.candidateBuildRows = memory.grow(new int[0], context.batchRows());
        } catch (RuntimeException e) {
            memory.close();
            allocator.close();
            throw e;
        }
    }

    /** Takes ownership of {@code probe} and {@code build}. */
    public static HashJoinOperator create(JoinNode node, Operator probe, Operator build, ExecutionContext context) {
        return new HashJoinOperator(node, null, probe, build, context);
    }

    /**
     * As {@link #create(JoinNode, Operator, Operator, ExecutionContext)}, emitting only the columns
     * {@code columnsKept} (ascending) of the node's output, or all of them where it is null.
     */
    public static HashJoinOperator create(
            JoinNode node, int[] columnsKept, Operator probe, Operator build, ExecutionContext context) {
        return new HashJoinOperator(node, columnsKept, probe, build, context);
    }

    private static List<DataType> types(RowType rowType, List<Integer> fields) {
        return fields.stream().map(rowType::type).toList();
    }

    @Override
    public RowType outputType() {
        return outputType;
    }

    @Override
    public VectorSchemaRoot next() {
        if (!buildClosed) {
            buildHashTable();
        }
        while (true) {
            context.checkCanceled();
            if (probeBatch != null) {
                VectorSchemaRoot batch = continueProbeBatch();
                if (batch != null) {
                    return batch;
                }
            } else if (!probeFinished) {
                startProbeBatch();
            } else {
                return nextBuildOnlyRows();
            }
        }
    }

    private void buildHashTable() {
        while (true) {
            context.checkCanceled();
            VectorSchemaRoot batch = build.next();
            if (batch == null) {
                break;
            }
            table.add(batch);
        }
        table.finish();
        buildClosed = true;
        build.close();
        if (joinType.keepsUnmatchedBuildRows()) {
            buildMatched = memory.grow(new boolean[0], table.rowCount());
        }
        // Without build rows, only the joins that emit unmatched probe rows produce anything.
        probeFinished = table.rowCount() == 0 && !emitsUnmatchedProbeRows();
    }

    private boolean emitsUnmatchedProbeRows() {
        return joinType == JoinType.LEFT || joinType == JoinType.FULL || joinType == JoinType.ANTI;
    }

    private void startProbeBatch() {
        VectorSchemaRoot batch = probe.next();
        if (batch == null) {
            probeFinished = true;
            return;
        }
        probeBatch = batch;
        probeBatchDone = false;
        int rowCount = batch.getRowCount();
        groupIds = memory.grow(groupIds, rowCount);
        table.findGroups(probeKeys, batch, groupIds);
        probeMatched = memory.grow(probeMatched, rowCount);
        Arrays.fill(probeMatched, 0, rowCount, false);
        candidates.reset(groupIds, rowCount, joinType.outputsBuildSide() ? null : probeMatched);
        if (!joinType.outputsProbeSide() && residual == null) {
            markMatchedBuildRows(rowCount);
            probeBatch.close();
            probeBatch = null;
        }
    }

    /** Marks the build rows of every group a probe row found (RIGHT_SEMI and RIGHT_ANTI without a residual). */
    private void markMatchedBuildRows(int rowCount) {
        boolean oneRowPerGroup = table.oneRowPerGroup();
        for (int row = 0; row < rowCount; row++) {
            int group = groupIds[row];
            if (group < 0) {
                continue;
            }
            if (oneRowPerGroup) {
                buildMatched[group] = true;
            } else if (!buildMatched[table.rowAt(table.groupStart(group))]) {
                // A group's rows are marked together, so its first row tells whether it was marked already.
                for (int position = table.groupStart(group); position < table.groupEnd(group); position++) {
                    buildMatched[table.rowAt(position)] = true;
                }
            }
        }
    }

    /** The next output batch from the current probe batch, or null if it has no further rows. */
    private VectorSchemaRoot continueProbeBatch() {
        int batchRows = context.batchRows();
        while (pairs.size() < batchRows && !probeBatchDone) {
            context.checkCanceled();
            if (candidates.exhausted()) {
                addProbeOnlyRows();
                probeBatchDone = true;
            } else {
                addMatches(candidates.fill(candidateProbeRows, candidateBuildRows, batchRows));
            }
        }
        VectorSchemaRoot batch = pairs.isEmpty() ? null : emit(Math.min(pairs.size(), batchRows));
        if (probeBatchDone && pairs.isEmpty()) {
            probeBatch.close();
            probeBatch = null;
        }
        return batch;
    }

    private void addMatches(int candidateCount) {
        if (candidateCount == 0) {
            return;
        }
        int count = residual == null
                ? candidateCount
                : residual.filter(probeBatch, table, candidateProbeRows, candidateBuildRows, candidateCount, allocator);
        for (int i = 0; i < count; i++) {
            probeMatched[candidateProbeRows[i]] = true;
        }
        if (buildMatched != null) {
            for (int i = 0; i < count; i++) {
                buildMatched[candidateBuildRows[i]] = true;
            }
        }
        if (joinType.outputsPairs()) {
            pairs.addAll(candidateProbeRows, candidateBuildRows, count);
        }
    }

    /** Queues the probe rows output without a build row: unmatched ones (LEFT, FULL, ANTI) or matched ones (SEMI). */
    private void addProbeOnlyRows() {
        if (joinType != JoinType.SEMI && !emitsUnmatchedProbeRows()) {
            return;
        }
        boolean wanted = joinType == JoinType.SEMI;
        int rowCount = probeBatch.getRowCount();
        for (int row = 0; row < rowCount; row++) {
            if (probeMatched[row] == wanted) {
                pairs.add(row, -1);
            }
        }
    }

    /** The build rows output after the probe side: unmatched ones, or matched ones for RIGHT_SEMI. */
    private VectorSchemaRoot nextBuildOnlyRows() {
        if (buildMatched == null) {
            return null;
        }
        boolean wanted = joinType == JoinType.RIGHT_SEMI;
        int batchRows = context.batchRows();
        while (nextBuildRow < table.rowCount() && pairs.size() < batchRows) {
            if (buildMatched[nextBuildRow] == wanted) {
                pairs.add(-1, nextBuildRow);
            }
            nextBuildRow++;
        }
        return pairs.isEmpty() ? null : emit(pairs.size());
    }

    /** Outputs the first {@code count} queued pairs, from the current probe batch if there is one. */
    private VectorSchemaRoot emit(int count) {
        VectorSchemaRoot batch =
                output.gather(probeBatch, table, pairs.probeRows(), pairs.buildRows(), count, allocator);
        pairs.removeFirst(count);
        return batch;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        VectorSchemaRoot batch = probeBatch;
        probeBatch = null;
        Operator unconsumedBuild = buildClosed ? null : build;
        buildClosed = true;
        // Closes in reverse order: the probe batch before the input that allocated it, the allocator last.
        try (allocator;
                memory;
                table;
                buildKeys;
                probeKeys;
                unconsumedBuild;
                probe;
                batch) {
            // Nothing else to release.
        }
    }
}
