package io.aqueduct.core.system;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.Set;

/**
 * One read of a system table by a query: which table, the value of its {@code query_id} column when
 * the query keeps only rows with that value ({@code WHERE query_id = 'q' AND ...}, with a literal or a
 * parameter), and the columns the query reads (empty: all of them). A table may leave the other
 * columns' values null, which matters when they are costly to compute.
 */
public record SystemScan(String table, Optional<String> queryId, Set<String> columns) {
    public SystemScan {
        requireNonNull(table, "table is null");
        requireNonNull(queryId, "queryId is null");
        columns = Set.copyOf(columns);
    }

    /** A read of every row and column of {@code table}. */
    public static SystemScan all(String table) {
        return new SystemScan(table, Optional.empty(), Set.of());
    }

    /** Whether the query reads {@code column}. */
    public boolean reads(String column) {
        return columns.isEmpty() || columns.contains(column);
    }
}
