package io.aqueduct.core.exec;

import io.aqueduct.core.plan.GenerateSeriesNode;
import io.aqueduct.core.type.DateTimes;
import io.aqueduct.core.type.RowType;
import java.time.DateTimeException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The values of a {@link GenerateSeriesNode}, a batch at a time: numbers step by step, or timestamps a number of
 * microseconds or of months apart.
 */
final class GenerateSeriesOperator implements Operator {
    private final GenerateSeriesNode node;
    private final BufferAllocator allocator;
    private final int batchRows;
    /** The next value, valid while {@link #more} says there is one. */
    private long next;

    private boolean more;

    GenerateSeriesOperator(GenerateSeriesNode node, ExecutionContext context) {
        this.node = node;
        this.allocator = context.allocator().newChildAllocator("generate_series", 0, Long.MAX_VALUE);
        this.batchRows = context.batchRows();
        this.next = node.start();
        this.more = notPast(node.start());
    }

    @Override
    public RowType outputType() {
        return node.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        if (!more) {
            return null;
        }
        VectorSchemaRoot batch = Batches.allocate(node.outputType(), batchRows, allocator);
        try {
            BaseFixedWidthVector values = (BaseFixedWidthVector) batch.getVector(0);
            int rows = 0;
            while (more && rows < batchRows) {
                values.getDataBuffer().setLong((long) rows * Long.BYTES, next);
                values.setIndexDefined(rows);
                rows++;
                advance();
            }
            batch.setRowCount(rows);
            return batch;
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
    }

    /** Steps to the next value; a step that overflows is past the stop, which is a value of the column's type. */
    private void advance() {
        try {
            next = node.monthStep()
                    ? DateTimes.toMicros(DateTimes.toLocalDateTime(next).plusMonths(node.step()))
                    : Math.addExact(next, node.step());
            more = notPast(next);
        } catch (ArithmeticException | DateTimeException e) {
            more = false;
        }
    }

    private boolean notPast(long value) {
        return node.step() > 0 ? value <= node.stop() : value >= node.stop();
    }

    @Override
    public void close() {
        allocator.close();
    }
}
