package io.aqueduct.core.expr;

import io.aqueduct.core.exec.VectorValues;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Replaces each call that reads no column by its value, computed once by the kernels that would otherwise compute it
 * for every row: {@code less_than_or_equal($6, date_add_days(10561, -90))} becomes {@code less_than_or_equal($6,
 * 10471)}, which also lets the comparison take the column-versus-literal path ({@link LiteralComparisonExpression}).
 * Every {@link Function} but RANDOM is deterministic and reads nothing but its operands (the statement's time and
 * parameters arrive as literals of one execution), and the value is the kernels' own, so folding never changes an
 * answer; a call that reaches RANDOM is never folded.
 *
 * <p>A call whose evaluation fails (division by zero, overflow, text that is not a number) stays as it is, its
 * constant operands folded: it fails with the same error when a row reaches it at run time, and a query that reads no
 * rows does not start failing.
 *
 * <pre>{@code
 * Expression filter = ConstantFolding.fold(new Call(Function.LESS_THAN_OR_EQUAL, List.of(shipDate, cutoff), BOOLEAN));
 * }</pre>
 */
public final class ConstantFolding {
    /**
     * Constants are computed while planning, where no query's allocator exists yet; they take a few bytes, and the
     * bound stops a constant such as {@code REPEAT('x', 1000000000)} from taking the process's memory (it is then
     * left to run time, within a task's limit).
     */
    private static final long MEMORY_LIMIT = 16L << 20;

    private static final BufferAllocator ALLOCATOR = new RootAllocator(MEMORY_LIMIT);

    private ConstantFolding() {}

    /** {@code expression} with each constant call, of the largest constant subtrees that compute, replaced by its value. */
    public static Expression fold(Expression expression) {
        if (!(expression instanceof Call call)) {
            return expression;
        }
        if (readsNoColumn(call)) {
            Optional<Literal> value = evaluate(call);
            if (value.isPresent()) {
                return value.get();
            }
        }
        List<Expression> operands =
                call.operands().stream().map(ConstantFolding::fold).toList();
        return operands.equals(call.operands()) ? call : new Call(call.function(), operands, call.type());
    }

    /** Whether the expression reads no column and draws no random number: the same value for every row. */
    private static boolean readsNoColumn(Expression expression) {
        if (expression instanceof Call call) {
            return call.function().isDeterministic()
                    && call.operands().stream().allMatch(ConstantFolding::readsNoColumn);
        }
        return expression instanceof Literal;
    }

    /**
     * The value of {@code expression} if it reads no column and draws no random number, computed now: for a place that
     * needs a constant (a table function's arguments). A failure to compute it is thrown (22018 for {@code
     * CAST('a' AS BIGINT)}).
     */
    public static Optional<Literal> constantValue(Expression expression) {
        if (expression instanceof Literal literal) {
            return Optional.of(literal);
        }
        return expression instanceof Call call && readsNoColumn(call) ? Optional.of(compute(call)) : Optional.empty();
    }

    /** The value of {@code call} over one row, or empty where computing it fails. */
    private static Optional<Literal> evaluate(Call call) {
        try {
            return Optional.of(compute(call));
        } catch (RuntimeException e) {
            // Left to run time, where the rows that reach the call meet the same failure.
            return Optional.empty();
        }
    }

    private static Literal compute(Call call) {
        try (BufferAllocator allocator = ALLOCATOR.newChildAllocator("constant " + call.function(), 0, MEMORY_LIMIT);
                VectorSchemaRoot oneRow = VectorSchemaRoot.of()) {
            oneRow.setRowCount(1);
            try (FieldVector value = ExpressionCompiler.compile(call).evaluate(oneRow, allocator)) {
                return new Literal(VectorValues.get(value, call.type(), 0), call.type());
            }
        }
    }
}
