package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.row;
import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.expr.Literal;
import io.aqueduct.core.plan.ValuesNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestValuesOperator extends ArrowAllocatorTest {
    private static final DataType DECIMAL = DataType.decimal(5, 2);
    private static final RowType TYPE = rowType(
            "i", DataType.INTEGER,
            "l", DataType.BIGINT,
            "d", DECIMAL,
            "f", DataType.DOUBLE,
            "day", DataType.DATE,
            "s", DataType.VARCHAR,
            "b", DataType.BOOLEAN);

    @Test
    void emitsAllRowsAsOneBatch() {
        ValuesNode node = new ValuesNode(
                TYPE,
                List.of(
                        List.of(
                                new Literal(1, DataType.INTEGER),
                                new Literal(1L << 40, DataType.BIGINT),
                                new Literal(-12345, DECIMAL),
                                new Literal(2.5, DataType.DOUBLE),
                                new Literal(19000, DataType.DATE),
                                new Literal("grüß", DataType.VARCHAR),
                                new Literal(true, DataType.BOOLEAN)),
                        List.of(
                                new Literal(null, DataType.INTEGER),
                                new Literal(null, DataType.BIGINT),
                                new Literal(null, DECIMAL),
                                new Literal(null, DataType.DOUBLE),
                                new Literal(null, DataType.DATE),
                                new Literal(null, DataType.VARCHAR),
                                new Literal(null, DataType.BOOLEAN))));

        try (Operator values = ValuesOperator.create(node, ExecutionContext.of(allocator))) {
            assertThat(values.outputType()).isEqualTo(TYPE);
            try (VectorSchemaRoot batch = values.next()) {
                assertThat(RowType.fromSchema(batch.getSchema())).isEqualTo(TYPE);
                assertThat(BatchRows.read(batch))
                        .containsExactly(
                                row(1L, 1L << 40, -12345L, 2.5, 19000L, "grüß", true),
                                row(null, null, null, null, null, null, null));
            }
            assertThat(values.next()).isNull();
        }
    }

    @Test
    void emitsNothingWithoutRows() {
        try (Operator values = ValuesOperator.create(new ValuesNode(TYPE, List.of()), ExecutionContext.of(allocator))) {
            assertThat(values.next()).isNull();
        }
    }
}
