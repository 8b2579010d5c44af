package io.aqueduct.core.memory;

import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;

/**
 * A memory table as the coordinator knows it: its columns (with which of them take NULL), and the rows and bytes the
 * committed writes stored on the workers.
 */
public record MemoryTable(TableDefinition definition, TableStatistics statistics) {
    /** The same table with {@code rows} more rows taking {@code bytes} more bytes. */
    MemoryTable withWritten(long rows, long bytes) {
        return new MemoryTable(
                definition, new TableStatistics(statistics.rowCount() + rows, statistics.sizeBytes() + bytes));
    }
}
