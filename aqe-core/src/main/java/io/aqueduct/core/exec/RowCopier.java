package io.aqueduct.core.exec;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Copies chosen rows of a batch into a new batch: the building block of filters, partitioners and sorts. */
public final class RowCopier {
    private RowCopier() {}

    /** A new batch, owned by the caller, holding rows {@code rows[0..count)} of {@code source} in that order. */
    public static VectorSchemaRoot copyRows(VectorSchemaRoot source, int[] rows, int count, BufferAllocator allocator) {
        List<FieldVector> vectors = new ArrayList<>(source.getFieldVectors().size());
        try {
            for (FieldVector from : source.getFieldVectors()) {
                FieldVector to = from.getField().createVector(allocator);
                vectors.add(to);
                ColumnGather.allocate(to, count);
                ColumnGather.gather(from, rows, count, to, 0);
                to.setValueCount(count);
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(source.getSchema(), vectors, count);
    }
}
