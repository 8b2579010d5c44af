package io.aqueduct.core.testing;

import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.exec.VectorValues;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads batches into rows of Java values for assertions, in {@link io.aqueduct.core.expr.Literal}'s
 * representation: {@code Long} for INTEGER, BIGINT, DECIMAL (unscaled), DATE (epoch day), TIMESTAMP and
 * TIME (microseconds), {@code Double}, {@code String}, {@code byte[]}, {@code Boolean}, or null.
 */
public final class BatchRows {
    private BatchRows() {}

    public static List<List<Object>> read(VectorSchemaRoot batch) {
        RowType rowType = RowType.fromSchema(batch.getSchema());
        List<List<Object>> rows = new ArrayList<>(batch.getRowCount());
        for (int row = 0; row < batch.getRowCount(); row++) {
            Object[] values = new Object[rowType.size()];
            for (int column = 0; column < values.length; column++) {
                values[column] = VectorValues.get(batch.getVector(column), rowType.type(column), row);
            }
            rows.add(Arrays.asList(values));
        }
        return rows;
    }

    /** All rows {@code operator} produces; closes each batch but not the operator. */
    public static List<List<Object>> drain(Operator operator) {
        List<List<Object>> rows = new ArrayList<>();
        for (VectorSchemaRoot batch = operator.next(); batch != null; batch = operator.next()) {
            try (VectorSchemaRoot owned = batch) {
                rows.addAll(read(owned));
            }
        }
        return rows;
    }

    /** Row counts of the batches {@code operator} produces; closes each batch but not the operator. */
    public static List<Integer> drainBatchSizes(Operator operator) {
        List<Integer> sizes = new ArrayList<>();
        for (VectorSchemaRoot batch = operator.next(); batch != null; batch = operator.next()) {
            try (VectorSchemaRoot owned = batch) {
                sizes.add(owned.getRowCount());
            }
        }
        return sizes;
    }
}
