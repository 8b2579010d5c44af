package io.aqueduct.core.exec;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.ExpressionCompiler;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.VectorExpression;
import io.aqueduct.core.plan.FilterNode;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Keeps the rows for which the predicate is TRUE ({@link FilterNode}). A batch whose rows all pass is
 * returned as it came; a batch where none passes is dropped; otherwise the indexes of the surviving rows (a
 * selection vector) drive the {@link ColumnGather} kernels that copy them into a batch allocated from this
 * operator's allocator.
 *
 * <p>A predicate of several conjuncts ({@code a AND b AND c}) is evaluated a conjunct at a time, each narrowing the
 * selection; once at most half of the batch's rows remain, they are copied out and the later conjuncts read only
 * them (TPC-H Q6's date range keeps a seventh of lineitem, and its three other comparisons then read that seventh). A
 * row some conjunct rejects is dropped whatever the others say, as {@code AND} has it in a filter. A conjunct that
 * fails on a row an earlier one rejected is evaluated again on the surviving rows alone, as {@code AND} evaluates
 * its right side.
 */
public final class FilterOperator implements Operator {
    private final Operator input;
    /** The predicate's conjuncts, in the predicate's order. */
    private final List<VectorExpression> conjuncts;

    private final ExecutionContext context;
    private final BufferAllocator allocator;
    /** Per 64 rows of the batch being filtered, a bit for each row every conjunct so far found TRUE. */
    private long[] passing = new long[0];
    // The selection vector: indexes of the passing rows of the current batch, reused from batch to batch.
    private int[] selected = new int[0];

    private FilterOperator(Operator input, List<VectorExpression> conjuncts, ExecutionContext context) {
        this.input = requireNonNull(input, "input is null");
        this.conjuncts = List.copyOf(conjuncts);
        this.context = requireNonNull(context, "context is null");
        this.allocator = context.allocator().newChildAllocator("filter", 0, Long.MAX_VALUE);
    }

    /** Takes ownership of {@code input}. */
    public static FilterOperator create(FilterNode node, Operator input, ExecutionContext context) {
        List<Expression> conjuncts = new ArrayList<>();
        addConjuncts(node.predicate(), conjuncts);
        return new FilterOperator(
                input, conjuncts.stream().map(ExpressionCompiler::compile).toList(), context);
    }

    private static void addConjuncts(Expression predicate, List<Expression> conjuncts) {
        if (predicate instanceof Call call && call.function() == Function.AND) {
            call.operands().forEach(operand -> addConjuncts(operand, conjuncts));
        } else {
            conjuncts.add(predicate);
        }
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        while (true) {
            context.checkCanceled();
            VectorSchemaRoot batch = input.next();
            if (batch == null) {
                return null;
            }
            VectorSchemaRoot output = filter(batch);
            if (output != null) {
                return output;
            }
        }
    }

    /** The passing rows of {@code batch}, or null if none passes; {@code batch} is closed unless returned. */
    private VectorSchemaRoot filter(VectorSchemaRoot batch) {
        VectorSchemaRoot current = batch;
        try {
            // Whether passing holds the rows of current that every conjunct so far found TRUE; if not, all pass.
            boolean narrowed = false;
            for (int conjunct = 0; conjunct < conjuncts.size(); conjunct++) {
                BitVector matches;
                try {
                    matches = (BitVector) conjuncts.get(conjunct).evaluate(current, allocator);
                } catch (AqueductException e) {
                    if (!narrowed) {
                        throw e;
                    }
                    // It failed on a row already rejected, perhaps: try the surviving rows alone.
                    current = compacted(current);
                    narrowed = false;
                    matches = (BitVector) conjuncts.get(conjunct).evaluate(current, allocator);
                }
                int rowCount = current.getRowCount();
                int count;
                int words = (rowCount + Long.SIZE - 1) / Long.SIZE;
                if (passing.length < words) {
                    passing = new long[words];
                }
                try (BitVector result = matches) {
                    count = narrow(result, rowCount, passing, narrowed);
                }
                if (count == 0) {
                    current.close();
                    return null;
                }
                narrowed = count < rowCount;
                boolean later = conjunct + 1 < conjuncts.size();
                if (narrowed && later && 2L * count <= rowCount) {
                    current = compacted(current);
                    narrowed = false;
                }
            }
            return narrowed ? compacted(current) : current;
        } catch (RuntimeException e) {
            current.close();
            throw e;
        }
    }

    /**
     * Sets {@code passing}, a bit per row, to the rows TRUE (valid and set) in {@code matches}, or, if {@code
     * andPassing}, keeps only those of the rows set in it; returns how many rows pass. 64 rows at a time, the validity
     * and value words ANDed; the tail bit by bit.
     */
    static int narrow(BitVector matches, int rowCount, long[] passing, boolean andPassing) {
        int words = (rowCount + Long.SIZE - 1) / Long.SIZE;
        ArrowBuf validity = matches.getValidityBuffer();
        ArrowBuf values = matches.getDataBuffer();
        int wholeWords = rowCount / Long.SIZE;
        int count = 0;
        for (int word = 0; word < words; word++) {
            long offset = (long) word * Long.BYTES;
            long bits;
            if (word < wholeWords) {
                bits = validity.getLong(offset) & values.getLong(offset);
            } else {
                bits = 0;
                for (int row = word * Long.SIZE; row < rowCount; row++) {
                    if (BitVectorHelper.get(validity, row) != 0 && BitVectorHelper.get(values, row) != 0) {
                        bits |= 1L << (row - word * Long.SIZE);
                    }
                }
            }
            passing[word] = andPassing ? passing[word] & bits : bits;
            count += Long.bitCount(passing[word]);
        }
        return count;
    }

    /** The rows of {@code batch} set in {@link #passing}, as a new batch; {@code batch} is closed once copied. */
    private VectorSchemaRoot compacted(VectorSchemaRoot batch) {
        int rowCount = batch.getRowCount();
        if (selected.length < rowCount) {
            selected = new int[rowCount];
        }
        int count = select(passing, rowCount, selected);
        VectorSchemaRoot rows = RowCopier.copyRows(batch, selected, count, allocator);
        batch.close();
        return rows;
    }

    /** Writes the indexes of the first {@code rowCount} rows set in {@code passing} to {@code selected}; how many. */
    static int select(long[] passing, int rowCount, int[] selected) {
        int count = 0;
        for (int word = 0; word * Long.SIZE < rowCount; word++) {
            long bits = passing[word];
            while (bits != 0) {
                selected[count++] = word * Long.SIZE + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return count;
    }

    @Override
    public void close() {
        try {
            input.close();
        } finally {
            allocator.close();
        }
    }
}
