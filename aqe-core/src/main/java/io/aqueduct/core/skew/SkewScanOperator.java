package io.aqueduct.core.skew;

import io.aqueduct.core.connector.BatchScanOperator;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.type.RowType;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/** Generates a range of a skew table's rows into batches of the requested columns. */
final class SkewScanOperator extends BatchScanOperator {
    private final List<SkewColumn> columns;
    private final ZipfDistribution keys;
    private final long endRow;
    private long nextRow;

    /** Reads rows {@code firstRow} (inclusive) to {@code endRow} (exclusive), numbered from 0. */
    SkewScanOperator(
            String name,
            List<SkewColumn> columns,
            ZipfDistribution keys,
            long firstRow,
            long endRow,
            ExecutionContext context) {
        super(
                new RowType(
                        columns.stream().map(SkewColumn::columnName).toList(),
                        columns.stream().map(SkewColumn::type).toList()),
                name,
                context);
        this.columns = List.copyOf(columns);
        this.keys = keys;
        this.nextRow = firstRow;
        this.endRow = endRow;
    }

    @Override
    protected boolean hasMoreRows() {
        return nextRow < endRow;
    }

    @Override
    protected int fill(List<FieldVector> vectors, int capacity) {
        int rows = (int) Math.min(capacity, endRow - nextRow);
        for (int i = 0; i < columns.size(); i++) {
            columns.get(i).fill(vectors.get(i), nextRow, rows, keys);
        }
        nextRow += rows;
        return rows;
    }
}
