package io.aqueduct.core.tpch;

import io.aqueduct.core.connector.BatchScanOperator;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.type.RowType;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/** Generates rows of one part of a TPC-H table into batches of the requested columns. */
final class TpchScanOperator<E extends TpchEntity> extends BatchScanOperator {
    private final List<TpchColumn<E>> columns;
    private final Iterator<E> rows;

    TpchScanOperator(
            RowType outputType,
            List<TpchColumn<E>> columns,
            Iterable<E> generator,
            String name,
            ExecutionContext context) {
        super(outputType, name, context);
        this.columns = List.copyOf(columns);
        this.rows = generator.iterator();
    }

    @Override
    protected boolean hasMoreRows() {
        return rows.hasNext();
    }

    @Override
    protected int fill(List<FieldVector> vectors, int capacity) {
        @SuppressWarnings("unchecked")
        TpchColumnWriter<E>[] writers = new TpchColumnWriter[columns.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = TpchColumnWriter.create(columns.get(i), vectors.get(i));
        }
        int count = 0;
        while (count < capacity && rows.hasNext()) {
            E row = rows.next();
            for (TpchColumnWriter<E> writer : writers) {
                writer.write(row, count);
            }
            count++;
        }
        return count;
    }
}
