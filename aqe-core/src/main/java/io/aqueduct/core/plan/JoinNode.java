package io.aqueduct.core.plan;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Hash join: {@code build} (the right input) is read whole into a hash table on {@code buildKeys},
 * then {@code probe} (the left input) streams through it on {@code probeKeys}. A key pair matches when
 * both values are equal and non-NULL, or, where {@code nullSafeKeys} says so, when both are NULL too
 * (IS NOT DISTINCT FROM). {@code residual}, when not null, is a further condition over the probe
 * columns followed by the build columns; a pair matches only if it is TRUE. Without keys every pair
 * is a candidate (a nested-loop join).
 *
 * <p>Output: probe columns then build columns, except for SEMI and ANTI (probe columns only).
 *
 * @param estimatedBuildBytes the planner's estimate of the build side's size, for choosing between a
 *     broadcast and a partitioned join
 * @param distribution the strategy the distributed planner chose
 */
public record JoinNode(
        PlanNode probe,
        PlanNode build,
        JoinType joinType,
        List<Integer> probeKeys,
        List<Integer> buildKeys,
        List<Boolean> nullSafeKeys,
        Expression residual,
        RowType outputType,
        long estimatedBuildBytes,
        JoinDistribution distribution)
        implements PlanNode {
    @JsonCreator
    public JoinNode(
            @JsonProperty("probe") PlanNode probe,
            @JsonProperty("build") PlanNode build,
            @JsonProperty("joinType") JoinType joinType,
            @JsonProperty("probeKeys") List<Integer> probeKeys,
            @JsonProperty("buildKeys") List<Integer> buildKeys,
            @JsonProperty("nullSafeKeys") List<Boolean> nullSafeKeys,
            @JsonProperty("residual") Expression residual,
            @JsonProperty("outputType") RowType outputType,
            @JsonProperty("estimatedBuildBytes") long estimatedBuildBytes,
            @JsonProperty("distribution") JoinDistribution distribution) {
        this.probe = probe;
        this.build = build;
        this.joinType = joinType;
        this.probeKeys = List.copyOf(probeKeys);
        this.buildKeys = List.copyOf(buildKeys);
        this.nullSafeKeys = List.copyOf(nullSafeKeys);
        this.residual = residual;
        this.outputType = outputType;
        this.estimatedBuildBytes = estimatedBuildBytes;
        this.distribution = distribution;
    }

    /** This join over other inputs, distributed as {@code newDistribution}. */
    public JoinNode distributed(PlanNode newProbe, PlanNode newBuild, JoinDistribution newDistribution) {
        return new JoinNode(
                newProbe,
                newBuild,
                joinType,
                probeKeys,
                buildKeys,
                nullSafeKeys,
                residual,
                outputType,
                estimatedBuildBytes,
                newDistribution);
    }

    /**
     * The same join building on its probe side and streaming its build side through: the type mirrored, keys and
     * residual moved with their sides, and, where both sides are output, a projection restoring this join's column
     * order, so that the nodes above see the same columns.
     *
     * @param newEstimatedBuildBytes the size of the new build side (this join's probe side)
     */
    public PlanNode withSidesSwapped(long newEstimatedBuildBytes) {
        int probeWidth = probe.outputType().size();
        int buildWidth = build.outputType().size();
        // Where a column of the probe columns followed by the build ones is among the build ones followed by the
        // probe's.
        IntUnaryOperator swappedField = field -> field < probeWidth ? field + buildWidth : field - probeWidth;
        Expression swappedResidual = residual == null ? null : InputReference.renumbered(residual, swappedField);
        RowType swappedOutput = joinType.outputsPairs() ? rotated(outputType, probeWidth) : outputType;
        JoinNode swapped = new JoinNode(
                build,
                probe,
                joinType.mirrored(),
                buildKeys,
                probeKeys,
                nullSafeKeys,
                swappedResidual,
                swappedOutput,
                newEstimatedBuildBytes,
                distribution);
        if (!joinType.outputsPairs()) {
            return swapped;
        }
        List<Expression> restoreOrder = new ArrayList<>();
        for (int field = 0; field < outputType.size(); field++) {
            restoreOrder.add(new InputReference(swappedField.applyAsInt(field), outputType.type(field)));
        }
        return new ProjectNode(swapped, restoreOrder, outputType);
    }

    /** The columns from {@code first} on, then those before it. */
    private static RowType rotated(RowType type, int first) {
        List<String> names = new ArrayList<>(type.names().subList(first, type.size()));
        names.addAll(type.names().subList(0, first));
        List<DataType> types = new ArrayList<>(type.types().subList(first, type.size()));
        types.addAll(type.types().subList(0, first));
        return new RowType(names, types);
    }

    @Override
    public List<PlanNode> sources() {
        return List.of(probe, build);
    }

    @Override
    public PlanNode withSources(List<PlanNode> newSources) {
        checkArgument(newSources.size() == 2, "A join has two sources, not %s", newSources.size());
        return distributed(newSources.get(0), newSources.get(1), distribution);
    }
}
