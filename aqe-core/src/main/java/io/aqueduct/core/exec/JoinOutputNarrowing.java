package io.aqueduct.core.exec;

import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.plan.AggregateCall;
import io.aqueduct.core.plan.AggregateNode;
import io.aqueduct.core.plan.JoinNode;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.SortKey;
import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * Narrows a join's output to the columns the projection or aggregation right above it reads. A join copies every
 * column of each matched pair into its output batch, most of its time where the pairs are many, and the node above
 * often reads few of them: the join keys, for one, are seldom read again. The node above is renumbered to read the
 * narrowed columns; the join's residual still sees both whole sides. One instance serves the planning of one task.
 */
final class JoinOutputNarrowing {
    private final Map<JoinNode, int[]> columnsKept = new IdentityHashMap<>();

    /**
     * {@code project} renumbered to read its join input narrowed to the columns it reads; {@code project} itself
     * when its input is no join or it reads every column.
     */
    ProjectNode narrowBelow(ProjectNode project) {
        if (!(project.source() instanceof JoinNode join)) {
            return project;
        }
        BitSet read = new BitSet();
        project.projections().forEach(expression -> addFields(expression, read));
        IntUnaryOperator newField = narrow(join, read);
        if (newField == null) {
            return project;
        }
        List<Expression> projections = project.projections().stream()
                .map(expression -> InputReference.renumbered(expression, newField))
                .toList();
        return new ProjectNode(join, projections, project.outputType());
    }

    /** As {@link #narrowBelow(ProjectNode)}, for an aggregation's group keys, arguments and ordering keys. */
    AggregateNode narrowBelow(AggregateNode aggregate) {
        if (!(aggregate.source() instanceof JoinNode join)) {
            return aggregate;
        }
        BitSet read = new BitSet();
        aggregate.groupKeys().forEach(read::set);
        for (AggregateCall call : aggregate.aggregates()) {
            call.arguments().forEach(read::set);
            call.order().forEach(key -> read.set(key.field()));
        }
        IntUnaryOperator newField = narrow(join, read);
        if (newField == null) {
            return aggregate;
        }
        List<AggregateCall> calls = aggregate.aggregates().stream()
                .map(call -> new AggregateCall(
                        call.function(),
                        renumbered(call.arguments(), newField),
                        call.type(),
                        call.order().stream()
                                .map(key -> new SortKey(
                                        newField.applyAsInt(key.field()), key.descending(), key.nullsFirst()))
                                .toList()))
                .toList();
        return new AggregateNode(join, renumbered(aggregate.groupKeys(), newField), calls, aggregate.outputType());
    }

    /** The columns of {@code join}'s output it is to emit, ascending; null for all of them. */
    int[] columnsKept(JoinNode join) {
        return columnsKept.get(join);
    }

    /**
     * Keeps the columns {@code read} of {@code join}'s output, at least one (a batch of no columns would lose its row
     * count on the way), and returns where each kept column lands; null when every column is read.
     */
    private IntUnaryOperator narrow(JoinNode join, BitSet read) {
        int width = join.outputType().size();
        if (read.isEmpty() && width > 0) {
            read.set(0);
        }
        if (read.cardinality() == width) {
            return null;
        }
        int[] kept = read.stream().toArray();
        columnsKept.put(join, kept);
        return field -> Arrays.binarySearch(kept, field);
    }

    private static List<Integer> renumbered(List<Integer> fields, IntUnaryOperator newField) {
        return fields.stream().map(newField::applyAsInt).toList();
    }

    private static void addFields(Expression expression, BitSet fields) {
        if (expression instanceof InputReference reference) {
            fields.set(reference.field());
        } else if (expression instanceof Call call) {
            call.operands().forEach(operand -> addFields(operand, fields));
        }
    }
}
