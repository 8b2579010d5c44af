package io.aqueduct.core.file;

import static com.google.common.base.Preconditions.checkArgument;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ScanConstraint;
import io.aqueduct.core.connector.StatisticsTaskEstimator;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A catalog of Parquet and CSV files ({@link FileCatalog}): schemas are the subdirectories of its root,
 * tables the {@code .parquet} and {@code .csv} files in them or their subdirectories of such files
 * ({@link TableDirectory}). Coordinator and workers each build one on the same directory; a table's
 * columns and statistics come from its files' footers or headers, read once per version of its files.
 */
public final class FileConnector implements Connector {
    private static final TaskEstimator ESTIMATOR = new StatisticsTaskEstimator();

    private final FileCatalog catalog;
    private final Map<TableFiles, FileTable> tables = new ConcurrentHashMap<>();

    /** Fails unless the catalog's directory exists. */
    public FileConnector(FileCatalog catalog) {
        this.catalog = catalog.checkReadable();
    }

    @Override
    public String name() {
        return catalog.name();
    }

    @Override
    public List<String> schemaNames() {
        return TableDirectory.schemas(catalog).keySet().stream().toList();
    }

    @Override
    public List<TableDefinition> tables(String schema) {
        return directory(schema).tables().stream()
                .map(files -> load(files).definition())
                .toList();
    }

    @Override
    public TableStatistics statistics(String schema, String table) {
        return fileTable(schema, table).statistics();
    }

    @Override
    public Map<String, ColumnStatistics> columnStatistics(String schema, String table) {
        return fileTable(schema, table).columnStatistics();
    }

    /**
     * Single columns whose distinct count is the table's row count and which hold no NULL: unique as far as the
     * statistics tell, which is what the optimizer uses keys for (the files declare none).
     */
    @Override
    public List<List<String>> uniqueKeys(String schema, String table) {
        FileTable fileTable = fileTable(schema, table);
        long rows = fileTable.statistics().rowCount();
        return fileTable.columnStatistics().entrySet().stream()
                .filter(column -> rows > 0
                        && column.getValue().distinctCount() == rows
                        && column.getValue().nullCount() == 0)
                .map(column -> List.of(column.getKey()))
                .sorted(Comparator.comparing(key -> key.get(0)))
                .toList();
    }

    /** File tables hold their statistics from footers and file sizes; scans split by row group or byte range. */
    @Override
    public Optional<TaskEstimator> taskEstimator() {
        return Optional.of(ESTIMATOR);
    }

    @Override
    public Operator createScan(
            String schema, String table, List<String> columns, int part, int partCount, ExecutionContext context) {
        return createScan(schema, table, columns, List.of(), part, partCount, context);
    }

    /** Parquet scans skip the row groups whose min/max statistics exclude a constraint. */
    @Override
    public Operator createScan(
            String schema,
            String table,
            List<String> columns,
            List<ScanConstraint> constraints,
            int part,
            int partCount,
            ExecutionContext context) {
        checkArgument(partCount > 0 && part >= 0 && part < partCount, "part %s of %s", part, partCount);
        return fileTable(schema, table).scan(columns, constraints, part, partCount, context);
    }

    private FileTable fileTable(String schema, String table) {
        TableFiles files = directory(schema)
                .table(table)
                .orElseThrow(() -> new AqueductException(
                        ErrorCode.TABLE_NOT_FOUND,
                        "Table %s.%s.%s does not exist".formatted(catalog.name(), schema, table)));
        return load(files);
    }

    private FileTable load(TableFiles files) {
        return tables.computeIfAbsent(files, FileTables::open);
    }

    private TableDirectory directory(String schema) {
        Path directory = TableDirectory.schemas(catalog).get(schema);
        if (directory == null) {
            throw new AqueductException(
                    ErrorCode.SCHEMA_NOT_FOUND, "Schema %s.%s does not exist".formatted(catalog.name(), schema));
        }
        return TableDirectory.of(directory);
    }
}
