package io.aqueduct.core.file;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import java.util.List;
import java.util.Map;

/** One table of a file catalog: its columns and statistics, read once from its files, and its scans. */
interface FileTable {
    TableDefinition definition();

    TableStatistics statistics();

    /** What the files say of the columns' distinct values and NULLs, by column name; a column may be missing. */
    Map<String, ColumnStatistics> columnStatistics();

    /**
     * Reads share {@code part} of {@code partCount} of the table's files, producing only {@code columns};
     * it may skip data that cannot match {@code constraints}.
     */
    Operator scan(
            List<String> columns, List<ScanConstraint> constraints, int part, int partCount, ExecutionContext context);

    /** The contiguous share {@code part} of {@code partCount} of {@code items}; shares are disjoint and cover all. */
    static <T> List<T> share(List<T> items, int part, int partCount) {
        int from = (int) ((long) items.size() * part / partCount);
        int to = (int) ((long) items.size() * (part + 1) / partCount);
        return items.subList(from, to);
    }
}
