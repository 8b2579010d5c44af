package io.aqueduct.core.connector;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A catalog of tables the engine can read. The coordinator uses the metadata methods for planning;
 * workers call {@link #createScan} for their share of a table.
 */
public interface Connector {
    /** Catalog name, lower case. */
    String name();

    List<String> schemaNames();

    List<TableDefinition> tables(String schema);

    default Optional<TableDefinition> table(String schema, String table) {
        return tables(schema).stream().filter(t -> t.name().equals(table)).findFirst();
    }

    TableStatistics statistics(String schema, String table);

    /**
     * Column sets whose values are unique in the table (primary keys). The optimizer uses them to
     * estimate join sizes and order joins; none by default.
     */
    default List<List<String>> uniqueKeys(String schema, String table) {
        return List.of();
    }

    /**
     * Statistics of the table's columns, by column name; a column without an entry is unknown to the optimizer,
     * which then guesses. None by default.
     */
    default Map<String, ColumnStatistics> columnStatistics(String schema, String table) {
        return Map.of();
    }

    /**
     * How many tasks a scan of one of its tables should run; none means one task per scan.
     */
    default Optional<TaskEstimator> taskEstimator() {
        return Optional.empty();
    }

    /**
     * Whether a split (part {@code part} of {@code partCount} of a table) yields the same rows in the same order every
     * time it is read, so that workers may cache the batches of a split and serve them again instead of reading it
     * anew. False by default.
     */
    default boolean deterministicSplits() {
        return false;
    }

    /**
     * Reads part {@code part} of {@code partCount} equal parts of the table, producing only
     * {@code columns} (in that order). Parts are disjoint and together hold every row.
     */
    Operator createScan(
            String schema, String table, List<String> columns, int part, int partCount, ExecutionContext context);

    /**
     * {@link #createScan(String, String, List, int, int, ExecutionContext)} with the conjuncts of the
     * filter above the scan that compare a column with a literal: the connector may skip data that cannot
     * match them (the engine filters the rows anyway). Parts are the same as without constraints. By
     * default the constraints are ignored.
     */
    default Operator createScan(
            String schema,
            String table,
            List<String> columns,
            List<ScanConstraint> constraints,
            int part,
            int partCount,
            ExecutionContext context) {
        return createScan(schema, table, columns, part, partCount, context);
    }

    /**
     * The scan of part {@code part} of {@code partCount} that {@code scan} describes: by default
     * {@link #createScan(String, String, List, List, int, int, ExecutionContext)} with its columns and constraints.
     * Workers call this one; a connector whose tasks cannot tell a column's type from the table overrides it.
     */
    default Operator createScan(TableScanNode scan, int part, int partCount, ExecutionContext context) {
        return createScan(
                scan.schema(), scan.table(), scan.outputType().names(), scan.constraints(), part, partCount, context);
    }

    /**
     * An operator that stores every row of {@code input} (the {@code write}'s columns, in order) into the write's
     * table, as the write {@code writeId} (the query's id), and produces one row: the rows and the bytes it stored.
     * Workers call it for the tasks of an INSERT; the coordinator registers the written rows once the statement
     * succeeded. Read-only catalogs, the default, refuse with 0A000.
     */
    default Operator createWrite(TableWriteNode write, String writeId, Operator input, ExecutionContext context) {
        throw readOnly(name());
    }

    /** The error of a write to a read-only catalog. */
    static AqueductException readOnly(String catalog) {
        return new AqueductException(
                ErrorCode.NOT_SUPPORTED,
                "Catalog '" + catalog + "' is read-only: create and change tables in the 'memory' catalog");
    }
}
