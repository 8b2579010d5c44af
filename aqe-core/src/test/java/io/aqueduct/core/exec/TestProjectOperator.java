package io.aqueduct.core.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.expr.Call;
import io.aqueduct.core.expr.Expression;
import io.aqueduct.core.expr.Function;
import io.aqueduct.core.expr.InputReference;
import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.ProjectNode;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.testing.PreparedOperator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestProjectOperator extends ArrowAllocatorTest {
    private static final DataType PRICE = DataType.decimal(12, 2);
    private static final DataType DISCOUNT = DataType.decimal(12, 2);
    private static final DataType REVENUE = DataType.decimal(18, 4);
    private static final RowType INPUT = BatchBuilder.rowType(PRICE, DISCOUNT, DataType.VARCHAR);
    private static final RowType OUTPUT =
            new RowType(List.of("name", "revenue", "one"), List.of(DataType.VARCHAR, REVENUE, DataType.BIGINT));

    @Test
    void computesColumnsAcrossBatches() {
        // price * (1 - discount): 10.00 * 0.90 = 9.0000
        List<List<Object>> rows = List.of(row(1000L, 10L, "a"), row(250L, 0L, "b"), row(null, 10L, "c"));
        PreparedOperator input = PreparedOperator.of(INPUT, 2, rows, allocator);
        try (ProjectOperator project = create(input, revenueProjections())) {
            assertThat(project.outputType()).isEqualTo(OUTPUT);
            assertThat(BatchRows.drain(project))
                    .containsExactly(row("a", 90000L, 1L), row("b", 25000L, 1L), row("c", null, 1L));
        }
        assertThat(input.isClosed()).isTrue();
    }

    @Test
    void outputSchemaCarriesNamesAndTypes() {
        PreparedOperator input = PreparedOperator.of(INPUT, 8, List.of(row(100L, 0L, "x")), allocator);
        try (ProjectOperator project = create(input, revenueProjections());
                VectorSchemaRoot batch = project.next()) {
            assertThat(batch.getSchema()).isEqualTo(OUTPUT.toSchema());
            assertThat(RowType.fromSchema(batch.getSchema())).isEqualTo(OUTPUT);
            assertThat(project.next()).isNull();
        }
    }

    @Test
    void columnReferencesOutliveTheInputBatch() {
        RowType output = new RowType(List.of("label"), List.of(DataType.VARCHAR));
        PreparedOperator input =
                PreparedOperator.of(INPUT, 1, List.of(row(1L, 2L, "kept"), row(3L, 4L, "too")), allocator);
        try (ProjectOperator project = ProjectOperator.create(
                new ProjectNode(
                        new ValuesNode(INPUT, List.of()), List.of(new InputReference(2, DataType.VARCHAR)), output),
                input,
                ExecutionContext.of(allocator))) {
            assertThat(BatchRows.drain(project)).containsExactly(row("kept"), row("too"));
        }
    }

    @Test
    void failureOnALaterBatchLeaksNothing() {
        Expression quotient = new Call(
                Function.DIVIDE,
                List.of(new Literal(100L, DataType.BIGINT), new InputReference(0, DataType.BIGINT)),
                DataType.BIGINT);
        RowType inputType = BatchBuilder.rowType(DataType.BIGINT);
        RowType output = new RowType(List.of("key", "quotient"), List.of(DataType.BIGINT, DataType.BIGINT));
        PreparedOperator input = PreparedOperator.of(inputType, 1, List.of(row(4L), row(0L)), allocator);
        try (ProjectOperator project = ProjectOperator.create(
                new ProjectNode(
                        new ValuesNode(inputType, List.of()),
                        List.of(new InputReference(0, DataType.BIGINT), quotient),
                        output),
                input,
                ExecutionContext.of(allocator))) {
            try (VectorSchemaRoot first = project.next()) {
                assertThat(BatchRows.read(first)).containsExactly(row(4L, 25L));
            }
            assertThatThrownBy(project::next)
                    .isInstanceOfSatisfying(AqueductException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(ErrorCode.DIVISION_BY_ZERO));
        }
    }

    private ProjectOperator create(Operator input, List<Expression> projections) {
        return ProjectOperator.create(
                new ProjectNode(new ValuesNode(INPUT, List.of()), projections, OUTPUT),
                input,
                ExecutionContext.of(allocator));
    }

    private static List<Expression> revenueProjections() {
        Expression oneMinusDiscount = new Call(
                Function.SUBTRACT, List.of(new Literal(100L, DISCOUNT), new InputReference(1, DISCOUNT)), DISCOUNT);
        Expression revenue =
                new Call(Function.MULTIPLY, List.of(new InputReference(0, PRICE), oneMinusDiscount), REVENUE);
        return List.of(new InputReference(2, DataType.VARCHAR), revenue, new Literal(1L, DataType.BIGINT));
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
