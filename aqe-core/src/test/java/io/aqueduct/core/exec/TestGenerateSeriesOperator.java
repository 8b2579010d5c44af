package io.aqueduct.core.exec;

import static io.aqueduct.core.testing.RowFixtures.rowType;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.testing.ArrowAllocatorTest;
import io.aqueduct.core.testing.BatchRows;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

class TestGenerateSeriesOperator extends ArrowAllocatorTest {
    private static final RowType NUMBERS = rowType("generate_series", DataType.BIGINT);
    private static final RowType TIMESTAMPS = rowType("generate_series", DataType.TIMESTAMP);

    @Test
    void fillsBatchesOfTheContextsSizeUpToTheStop() {
        List<Integer> batchSizes = new ArrayList<>();
        List<Object> values = run(new GenerateSeriesNode(NUMBERS, 1, 10, 1, false), 3, batchSizes);

        assertThat(values)
                .containsExactlyElementsOf(LongStream.rangeClosed(1, 10).boxed().toList());
        assertThat(batchSizes).containsExactly(3, 3, 3, 1);
    }

    @Test
    void stepsDownWithANegativeStepAndStopsBeforeOverflowing() {
        assertThat(run(new GenerateSeriesNode(NUMBERS, 10, -10, -7, false), 16, new ArrayList<>()))
                .containsExactly(10L, 3L, -4L);
        assertThat(run(
                        new GenerateSeriesNode(NUMBERS, Long.MAX_VALUE - 4, Long.MAX_VALUE, 3, false),
                        16,
                        new ArrayList<>()))
                .containsExactly(Long.MAX_VALUE - 4, Long.MAX_VALUE - 1);
        assertThat(run(new GenerateSeriesNode(NUMBERS, 5, 1, 1, false), 16, new ArrayList<>()))
                .isEmpty();
    }

    /** Months are added one step at a time: from the 31st the series keeps the 29th it met in February. */
    @Test
    void addsMonthsOneStepAtATime() {
        long start = DateTimes.toMicros(LocalDateTime.of(2024, 1, 31, 6, 0));
        long stop = DateTimes.toMicros(LocalDateTime.of(2024, 5, 1, 0, 0));

        assertThat(run(new GenerateSeriesNode(TIMESTAMPS, start, stop, 1, true), 16, new ArrayList<>()))
                .containsExactly(
                        DateTimes.toMicros(LocalDateTime.of(2024, 1, 31, 6, 0)),
                        DateTimes.toMicros(LocalDateTime.of(2024, 2, 29, 6, 0)),
                        DateTimes.toMicros(LocalDateTime.of(2024, 3, 29, 6, 0)),
                        DateTimes.toMicros(LocalDateTime.of(2024, 4, 29, 6, 0)));
    }

    private List<Object> run(GenerateSeriesNode node, int batchRows, List<Integer> batchSizes) {
        List<Object> values = new ArrayList<>();
        try (Operator series =
                new GenerateSeriesOperator(node, new ExecutionContext(allocator, batchRows, () -> false))) {
            VectorSchemaRoot batch;
            while ((batch = series.next()) != null) {
                try (VectorSchemaRoot rows = batch) {
                    batchSizes.add(rows.getRowCount());
                    BatchRows.read(rows).forEach(row -> values.add(row.get(0)));
                }
            }
        }
        return values;
    }
}
