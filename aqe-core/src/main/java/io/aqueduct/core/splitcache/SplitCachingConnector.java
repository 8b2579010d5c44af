package io.aqueduct.core.splitcache;

import static java.util.Objects.requireNonNull;

import io.aqueduct.core.connector.ColumnStatistics;
import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A connector whose {@linkplain Connector#deterministicSplits() deterministic} splits are read from a {@link
 * SplitCache} when cached and recorded into it when not. Metadata comes from the wrapped connector unchanged. Scans
 * of no column bypass the cache: they carry only row counts.
 */
public final class SplitCachingConnector implements Connector {
    private final Connector connector;
    private final SplitCache cache;

    public SplitCachingConnector(Connector connector, SplitCache cache) {
        this.connector = requireNonNull(connector, "connector is null");
        this.cache = requireNonNull(cache, "cache is null");
    }

    @Override
    public String name() {
        return connector.name();
    }

    @Override
    public List<String> schemaNames() {
        return connector.schemaNames();
    }

    @Override
    public List<TableDefinition> tables(String schema) {
        return connector.tables(schema);
    }

    @Override
    public Optional<TableDefinition> table(String schema, String table) {
        return connector.table(schema, table);
    }

    @Override
    public TableStatistics statistics(String schema, String table) {
        return connector.statistics(schema, table);
    }

    @Override
    public List<List<String>> uniqueKeys(String schema, String table) {
        return connector.uniqueKeys(schema, table);
    }

    @Override
    public Map<String, ColumnStatistics> columnStatistics(String schema, String table) {
        return connector.columnStatistics(schema, table);
    }

    @Override
    public Optional<TaskEstimator> taskEstimator() {
        return connector.taskEstimator();
    }

    @Override
    public boolean deterministicSplits() {
        return connector.deterministicSplits();
    }

    @Override
    public Operator createScan(
            String schema, String table, List<String> columns, int part, int partCount, ExecutionContext context) {
        if (columns.isEmpty() || !connector.deterministicSplits()) {
            return connector.createScan(schema, table, columns, part, partCount, context);
        }
        RowType outputType = outputType(schema, table, columns);
        SplitKey split = new SplitKey(name(), schema, table, part, partCount);
        BufferAllocator allocator = context.allocator().newChildAllocator("cached-scan " + split, 0, Long.MAX_VALUE);
        try {
            Optional<List<List<ColumnChunk>>> cached = cache.read(split, columns, allocator, context.queryId());
            if (cached.isPresent()) {
                return new CachedScanOperator(outputType, cached.get(), allocator, context, SplitCache.counters(true));
            }
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
        allocator.close();
        Operator generator = connector.createScan(schema, table, columns, part, partCount, context);
        return new RecordingScanOperator(generator, cache.record(split, columns, context.queryId()));
    }

    private RowType outputType(String schema, String table, List<String> columns) {
        RowType tableColumns = connector
                .table(schema, table)
                .orElseThrow(() -> new AqueductException(
                        ErrorCode.TABLE_NOT_FOUND, "Table %s.%s.%s does not exist".formatted(name(), schema, table)))
                .columns();
        List<DataType> types = new ArrayList<>(columns.size());
        for (String column : columns) {
            int index = tableColumns.names().indexOf(column);
            if (index < 0) {
                throw new AqueductException(
                        ErrorCode.COLUMN_NOT_FOUND,
                        "Column %s does not exist in %s.%s.%s".formatted(column, name(), schema, table));
            }
            types.add(tableColumns.type(index));
        }
        return new RowType(columns, types);
    }
}
