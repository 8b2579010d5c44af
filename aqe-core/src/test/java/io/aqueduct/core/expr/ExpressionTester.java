package io.aqueduct.core.expr;

import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Builds expressions tersely and evaluates them over small batches, reading results as Java values. */
final class ExpressionTester {
    private ExpressionTester() {}

    static InputReference input(int field, DataType type) {
        return new InputReference(field, type);
    }

    static Literal literal(Object value, DataType type) {
        return new Literal(value, type);
    }

    static Call call(Function function, DataType type, Expression... operands) {
        return new Call(function, Arrays.asList(operands), type);
    }

    /**
     * Values of {@code expression} for each row, read as {@link BatchRows} does; {@code rows} are in
     * {@link BatchBuilder}'s representation.
     */
    static List<Object> evaluate(
            BufferAllocator allocator, Expression expression, RowType inputType, List<List<Object>> rows) {
        VectorExpression compiled = ExpressionCompiler.compile(expression);
        try (VectorSchemaRoot batch = BatchBuilder.of(inputType).rows(rows).build(allocator);
                VectorSchemaRoot result = new VectorSchemaRoot(List.of(compiled.evaluate(batch, allocator)))) {
            List<Object> values = new ArrayList<>();
            for (List<Object> row : BatchRows.read(result)) {
                values.add(row.get(0));
            }
            return values;
        }
    }

    /** Values of {@code expression} over one column of {@code type} holding {@code values}. */
    static List<Object> evaluateColumn(
            BufferAllocator allocator, Expression expression, DataType type, Object... values) {
        List<List<Object>> rows = new ArrayList<>();
        for (Object value : values) {
            rows.add(Arrays.asList(value));
        }
        return evaluate(allocator, expression, BatchBuilder.rowType(type), rows);
    }

    /** The value of an expression without input references, evaluated over a one-row batch. */
    static Object evaluateConstant(BufferAllocator allocator, Expression expression) {
        return evaluate(allocator, expression, BatchBuilder.rowType(), List.of(List.of()))
                .get(0);
    }
}
