package io.aqueduct.core.testing;

import io.aqueduct.core.exec.VectorValues;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import io.aqueduct.core.type.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Builds a batch from rows of Java values. Besides {@link io.aqueduct.core.expr.Literal}'s representation
 * it accepts {@code BigDecimal} for DECIMAL (at the column's scale, exactly) and {@code LocalDate} for DATE.
 *
 * <pre>{@code
 * try (VectorSchemaRoot batch = BatchBuilder.of(rowType).row(1L, "a").row(null, "b").build(allocator)) { ... }
 * }</pre>
 */
public final class BatchBuilder {
    private final RowType rowType;
    private final List<List<Object>> rows = new ArrayList<>();

    private BatchBuilder(RowType rowType) {
        this.rowType = rowType;
    }

    public static BatchBuilder of(RowType rowType) {
        return new BatchBuilder(rowType);
    }

    /** A row type with columns named c0, c1, ... */
    public static RowType rowType(DataType... types) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            names.add("c" + i);
        }
        return new RowType(names, Arrays.asList(types));
    }

    public BatchBuilder row(Object... values) {
        if (values.length != rowType.size()) {
            throw new IllegalArgumentException(values.length + " values for " + rowType.size() + " columns");
        }
        rows.add(Arrays.asList(values));
        return this;
    }

    public BatchBuilder rows(List<List<Object>> rows) {
        rows.forEach(row -> row(row.toArray()));
        return this;
    }

    public VectorSchemaRoot build(BufferAllocator allocator) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(rowType.toSchema(), allocator);
        try {
            batch.allocateNew();
            for (int row = 0; row < rows.size(); row++) {
                for (int column = 0; column < rowType.size(); column++) {
                    DataType type = rowType.type(column);
                    VectorValues.set(
                            batch.getVector(column),
                            type,
                            row,
                            normalize(rows.get(row).get(column), type));
                }
            }
            batch.setRowCount(rows.size());
        } catch (RuntimeException e) {
            batch.close();
            throw e;
        }
        return batch;
    }

    private static Object normalize(Object value, DataType type) {
        if (value instanceof BigDecimal decimal && type.kind() == TypeKind.DECIMAL) {
            return decimal.setScale(type.scale()).unscaledValue().longValueExact();
        }
        if (value instanceof LocalDate date) {
            return date.toEpochDay();
        }
        return value;
    }
}
