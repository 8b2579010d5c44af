package io.aqueduct.core.expr;

import io.aqueduct.core.type.DataType;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** RANDOM(): a DOUBLE drawn uniformly from [0, 1) for each row, on the evaluating thread's generator. */
final class RandomExpression implements VectorExpression {
    @Override
    public FieldVector evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int rowCount = batch.getRowCount();
        return Vectors.build(DataType.DOUBLE, rowCount, allocator, (Float8Vector result) -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int row = 0; row < rowCount; row++) {
                result.set(row, random.nextDouble());
            }
        });
    }
}
