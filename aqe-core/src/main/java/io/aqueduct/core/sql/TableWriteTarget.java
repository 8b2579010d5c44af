package io.aqueduct.core.sql;

import io.aqueduct.core.type.RowType;
import java.util.List;

/** The table an INSERT writes: its name, columns and which of them take NULL. */
public record TableWriteTarget(String catalog, String schema, String table, RowType columns, List<Boolean> nullable) {
    public TableWriteTarget {
        nullable = List.copyOf(nullable);
    }
}
