package io.aqueduct.core.exec;

import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.ExpressionCompiler;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.VectorExpression;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A join's residual condition, applied to candidate pairs. Only the columns the condition reads are
 * gathered: the condition is compiled over a batch of those columns, probe columns first.
 */
final class JoinResidual {
    private final JoinPairGatherer inputs;
    private final VectorExpression condition;

    private JoinResidual(JoinPairGatherer inputs, VectorExpression condition) {
        this.inputs = inputs;
        this.condition = condition;
    }

    /** @param residual a condition over the probe columns followed by the build columns */
    static JoinResidual create(Expression residual, RowType probeType, RowType buildType, HeapMemoryTracker memory) {
        boolean[] read = new boolean[probeType.size() + buildType.size()];
        markReadColumns(residual, read);
        int[] compactIndexes = new int[read.length];
        List<Integer> probeColumns = new ArrayList<>();
        List<Integer> buildColumns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<DataType> types = new ArrayList<>();
        for (int field = 0; field < read.length; field++) {
            if (!read[field]) {
                continue;
            }
            compactIndexes[field] = names.size();
            names.add("$" + field);
            if (field < probeType.size()) {
                probeColumns.add(field);
                types.add(probeType.type(field));
            } else {
                buildColumns.add(field - probeType.size());
                types.add(buildType.type(field - probeType.size()));
            }
        }
        JoinPairGatherer inputs =
                new JoinPairGatherer(new RowType(names, types), toArray(probeColumns), toArray(buildColumns), memory);
        return new JoinResidual(
                inputs,
                ExpressionCompiler.compile(InputReference.renumbered(residual, field -> compactIndexes[field])));
    }

    /**
     * Keeps the pairs among {@code [0, count)} for which the condition is TRUE, moving them, in order, to the
     * front of the arrays; returns how many there are.
     */
    int filter(
            VectorSchemaRoot probeBatch,
            JoinHashTable build,
            int[] probeRows,
            int[] buildRows,
            int count,
            BufferAllocator allocator) {
        try (VectorSchemaRoot batch = inputs.gather(probeBatch, build, probeRows, buildRows, count, allocator);
                BitVector result = (BitVector) condition.evaluate(batch, allocator)) {
            int kept = 0;
            for (int i = 0; i < count; i++) {
                if (!result.isNull(i) && result.get(i) == 1) {
                    probeRows[kept] = probeRows[i];
                    buildRows[kept] = buildRows[i];
                    kept++;
                }
            }
            return kept;
        }
    }

    private static void markReadColumns(Expression expression, boolean[] read) {
        if (expression instanceof InputReference reference) {
            read[reference.field()] = true;
        } else if (expression instanceof Call call) {
            call.operands().forEach(operand -> markReadColumns(operand, read));
        }
    }

    private static int[] toArray(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
