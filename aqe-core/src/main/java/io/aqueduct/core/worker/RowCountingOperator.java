package io.aqueduct.core.worker;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Passes batches through, adding their rows to a counter that others read while the task runs. */
final class RowCountingOperator implements Operator {
    private final Operator input;
    private final AtomicLong rows;

    RowCountingOperator(Operator input, AtomicLong rows) {
        this.input = input;
        this.rows = rows;
    }

    @Override
    public RowType outputType() {
        return input.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot batch = input.next();
        if (batch != null) {
            rows.addAndGet(batch.getRowCount());
        }
        return batch;
    }

    @Override
    public Map<String, Long> counters() {
        return input.counters();
    }

    @Override
    public void close() {
        input.close();
    }
}
