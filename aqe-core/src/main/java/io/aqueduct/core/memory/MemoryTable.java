package io.aqueduct.core.memory;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import java.util.List;

/**
 * A memory table as the coordinator knows it: its columns, which of them take NULL, and the rows and bytes the
 * committed writes stored on the workers.
 */
public record MemoryTable(TableDefinition definition, List<Boolean> nullable, TableStatistics statistics) {
    public MemoryTable {
        nullable = List.copyOf(nullable);
        checkArgument(nullable.size() == definition.columns().size(), "one nullability per column");
    }

    /** The same table with {@code rows} more rows taking {@code bytes} more bytes. */
    MemoryTable withWritten(long rows, long bytes) {
        return new MemoryTable(
                definition,
                nullable,
                new TableStatistics(statistics.rowCount() + rows, statistics.sizeBytes() + bytes));
    }
}
