package io.aqueduct.core.connector;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.type.RowType;
import java.util.Collections;
import java.util.List;

/**
 * A table's name (lower case), columns, and which columns may hold NULL ({@code nullable}, one per column). A
 * connector that does not know says nullable: a NOT NULL column lets the planner drop NULL checks, so it must hold.
 */
public record TableDefinition(String name, RowType columns, List<Boolean> nullable) {
    public TableDefinition {
        nullable = List.copyOf(nullable);
        checkArgument(
                nullable.size() == columns.size(), "%s nullabilities for %s columns", nullable.size(), columns.size());
    }

    /** A table whose every column may hold NULL. */
    public TableDefinition(String name, RowType columns) {
        this(name, columns, Collections.nCopies(columns.size(), true));
    }

    public boolean isNullable(int column) {
        return nullable.get(column);
    }
}
