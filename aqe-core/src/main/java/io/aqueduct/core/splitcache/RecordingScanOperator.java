package io.aqueduct.core.splitcache;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.RowType;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A scan that missed the cache: passes the generated batches on and records them for the next scan. */
final class RecordingScanOperator implements Operator {
    private final Operator generator;
    private final SplitRecording recording;

    RecordingScanOperator(Operator generator, SplitRecording recording) {
        this.generator = generator;
        this.recording = recording;
    }

    @Override
    public RowType outputType() {
        return generator.outputType();
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot batch = generator.next();
        if (batch == null) {
            recording.finish();
        } else {
            recording.add(batch);
        }
        return batch;
    }

    @Override
    public Map<String, Long> counters() {
        return SplitCache.counters(false);
    }

    @Override
    public void close() {
        try {
            recording.close();
        } finally {
            generator.close();
        }
    }
}
