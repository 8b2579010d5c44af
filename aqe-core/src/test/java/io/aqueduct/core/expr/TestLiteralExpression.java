package io.aqueduct.core.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchBuilder;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestLiteralExpression extends ArrowAllocatorTest {
    /**
     * A literal of each type, evaluated over a batch of 19 rows (two whole validity bytes and a partial one), reads
     * as the same value built into a column row by row.
     */
    @Test
    void fillsEveryRowWithTheValueOfEachType() {
        assertFillsLikeAColumn(DataType.INTEGER, -5);
        assertFillsLikeAColumn(DataType.BIGINT, Long.MIN_VALUE);
        assertFillsLikeAColumn(DataType.DOUBLE, -2.5);
        assertFillsLikeAColumn(DataType.decimal(12, 2), 150L);
        assertFillsLikeAColumn(DataType.DATE, 9000L);
        assertFillsLikeAColumn(DataType.TIMESTAMP, 1_700_000_000_123_456L);
        assertFillsLikeAColumn(DataType.TIME, 3_723_000_001L);
        assertFillsLikeAColumn(DataType.BOOLEAN, true);
        assertFillsLikeAColumn(DataType.BOOLEAN, false);
        assertFillsLikeAColumn(DataType.VARCHAR, "literal");
    }

    private void assertFillsLikeAColumn(DataType type, Object value) {
        BatchBuilder builder = BatchBuilder.of(BatchBuilder.rowType(type));
        for (int row = 0; row < 19; row++) {
            builder.row(value);
        }
        try (VectorSchemaRoot column = builder.build(allocator);
                VectorSchemaRoot filled = new VectorSchemaRoot(
                        List.of(new LiteralExpression(new Literal(value, type)).evaluate(column, allocator)))) {
            List<List<Object>> expected = new ArrayList<>(BatchRows.read(column));
            assertThat(BatchRows.read(filled)).as("%s %s", type, value).isEqualTo(expected);
        }
    }
}
