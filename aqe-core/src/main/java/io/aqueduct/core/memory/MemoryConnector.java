package io.aqueduct.core.memory;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.connector.TableStatistics;
import io.aqueduct.core.connector.TaskEstimator;
import io.aqueduct.core.exec.ExecutionContext;
import io.aqueduct.core.exec.Operator;
import io.aqueduct.core.plan.TableScanNode;
import io.aqueduct.core.plan.TableWriteNode;
import io.aqueduct.core.splitcache.CachedScanOperator;
import io.aqueduct.core.splitcache.ColumnChunk;
import io.aqueduct.core.tpch.RowCountScanOperator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The {@code memory} catalog. On the coordinator it answers from the {@link MemoryCatalog}; on a worker it reads and
 * writes that worker's {@link MemoryStore}. A scan runs one task per worker ({@link #taskEstimator()}), and each task
 * reads all of the table its worker holds, so that every stored row is read once.
 */
public final class MemoryConnector implements Connector {
    public static final String NAME = "memory";

    /** One scan task per worker: each reads the rows its worker stored. */
    private static final TaskEstimator ONE_TASK_PER_WORKER = (statistics, limits) -> limits.workerCount();

    private final MemoryCatalog catalog;
    private final MemoryStore store;

    private MemoryConnector(MemoryCatalog catalog, MemoryStore store) {
        this.catalog = catalog;
        this.store = store;
    }

    /** The coordinator's side: metadata only. */
    public MemoryConnector() {
        this(new MemoryCatalog(), null);
    }

    /** A worker's side, whose tasks store into and read from {@code store}. */
    public MemoryConnector withStore(MemoryStore store) {
        return new MemoryConnector(catalog, store);
    }

    public MemoryCatalog catalog() {
        return catalog;
    }

    public Optional<MemoryStore> store() {
        return Optional.ofNullable(store);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> schemaNames() {
        return catalog.schemaNames();
    }

    @Override
    public List<TableDefinition> tables(String schema) {
        return catalog.tables(schema).stream().map(MemoryTable::definition).toList();
    }

    @Override
    public TableStatistics statistics(String schema, String table) {
        return catalog.table(schema, table)
                .map(MemoryTable::statistics)
                .orElseThrow(() -> MemoryCatalog.tableNotFound(schema, table));
    }

    @Override
    public Optional<TaskEstimator> taskEstimator() {
        return Optional.of(ONE_TASK_PER_WORKER);
    }

    /**
     * The rows of the table this worker holds, whichever part: the scan has one task per worker. Batches share the
     * stored buffers; the scan's types are the plan's, since a worker may hold no row of the table.
     */
    @Override
    public Operator createScan(TableScanNode scan, int part, int partCount, ExecutionContext context) {
        checkArgument(partCount > 0 && part >= 0 && part < partCount, "part %s of %s", part, partCount);
        MemoryStore workerStore = workerStore();
        List<String> columns = scan.outputType().names();
        if (columns.isEmpty()) {
            return new RowCountScanOperator(workerStore.rowCount(scan.schema(), scan.table()), context);
        }
        BufferAllocator allocator = context.allocator()
                .newChildAllocator("memory-scan " + scan.schema() + "." + scan.table(), 0, Long.MAX_VALUE);
        try {
            List<List<ColumnChunk>> batches = workerStore.read(scan.schema(), scan.table(), columns, allocator);
            return new CachedScanOperator(scan.outputType(), batches, allocator, context, Map.of());
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
    }

    /** Scans come through {@link #createScan(TableScanNode, int, int, ExecutionContext)}, which has the types. */
    @Override
    public Operator createScan(
            String schema, String table, List<String> columns, int part, int partCount, ExecutionContext context) {
        throw new UnsupportedOperationException("memory scans need the scan's types");
    }

    @Override
    public Operator createWrite(TableWriteNode write, String writeId, Operator input, ExecutionContext context) {
        return new MemoryWriteOperator(write, writeId, input, workerStore(), context);
    }

    private MemoryStore workerStore() {
        checkState(store != null, "the coordinator's memory catalog holds no rows");
        return store;
    }
}
