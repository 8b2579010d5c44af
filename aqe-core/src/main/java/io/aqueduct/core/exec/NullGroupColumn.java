package io.aqueduct.core.exec;

import org.apache.arrow.vector.FieldVector;

/**
 * Group values of type NULL, the type of a bare NULL ({@code SELECT NULL ... GROUP BY 1}, {@code MIN(NULL)}): every
 * value is NULL, so all rows share one key and no value is ever stored. Arrow's NullVector has no buffers to read.
 */
final class NullGroupColumn extends GroupColumn {
    NullGroupColumn(HeapMemoryTracker memory) {
        super(memory);
    }

    @Override
    void hash(FieldVector vector, int rowCount, long[] hashes) {
        for (int row = 0; row < rowCount; row++) {
            hashes[row] = combineHash(hashes[row], NULL_HASH);
        }
    }

    @Override
    int compare(int group, FieldVector vector, int row) {
        throw new IllegalStateException("A NULL column has no values to compare");
    }

    @Override
    protected void setValue(int group, FieldVector vector, int row) {
        throw new IllegalStateException("A NULL column has no values to store");
    }

    @Override
    protected boolean valueMatches(int group, FieldVector vector, int row) {
        throw new IllegalStateException("A NULL column has no values to match");
    }

    @Override
    protected void writeValue(FieldVector output, int outputRow, int group) {
        throw new IllegalStateException("A NULL column has no values to write");
    }
}
