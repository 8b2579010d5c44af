package io.aqueduct.server.coordinator;

import io.aqueduct.core.connector.Connector;
import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.connector.TableDefinition;
import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import io.aqueduct.core.memory.MemoryCatalog;
import io.aqueduct.core.memory.MemoryConnector;
import io.aqueduct.core.memory.MemoryTable;
import io.aqueduct.core.protocol.MemoryRelease;
import io.aqueduct.core.protocol.WorkerTransport;
import io.aqueduct.core.sql.CompiledQuery;
import io.aqueduct.core.sql.QueryCompiler;
import io.aqueduct.core.sql.TableWriteTarget;
import io.aqueduct.core.sql.UpdateStatement;
import io.aqueduct.core.type.DataType;
import io.aqueduct.core.type.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the statements that change the memory catalog and answers their update counts: DDL changes the
 * coordinator's {@link MemoryCatalog} (and, for DROP TABLE, releases the rows on every worker); INSERT and CREATE
 * TABLE AS run as queries whose tasks store their rows where they run, and count into the table's statistics once
 * the statement succeeded. A failed write's rows are released on every worker. Other catalogs are read-only (0A000).
 */
final class CatalogUpdates {
    private static final Logger LOG = LoggerFactory.getLogger(CatalogUpdates.class);

    /** Runs a compiled INSERT to its end and returns its one row (rows, bytes) with the query id. */
    interface WriteRunner {
        Written run(CompiledQuery insert);
    }

    /** What a write query stored, and its id, which names its rows on the workers. */
    record Written(String queryId, long rows, long bytes) {}

    /** A write query that failed: its id, so that its rows can be released, and the failure. */
    static final class WriteFailed extends RuntimeException {
        private final String queryId;

        WriteFailed(String queryId, AqueductException cause) {
            super(cause);
            this.queryId = queryId;
        }

        String queryId() {
            return queryId;
        }

        @Override
        public synchronized AqueductException getCause() {
            return (AqueductException) super.getCause();
        }
    }

    private final ConnectorRegistry connectors;
    private final QueryCompiler compiler;
    /** Every worker the coordinator knows, reachable or not: where stored rows may live. */
    private final Supplier<List<String>> workerUrls;

    private final WorkerTransport workers;

    CatalogUpdates(
            ConnectorRegistry connectors,
            QueryCompiler compiler,
            Supplier<List<String>> workerUrls,
            WorkerTransport workers) {
        this.connectors = connectors;
        this.compiler = compiler;
        this.workerUrls = workerUrls;
        this.workers = workers;
    }

    /** Runs {@code statement} (the text {@code sql}); the update count: rows written, or 0 for DDL. */
    long execute(UpdateStatement statement, String sql, String catalog, String schema, WriteRunner runner) {
        try {
            return change(statement, sql, catalog, schema, runner);
        } finally {
            // Also after a failure, which may have changed the catalog partway (a CREATE TABLE AS whose write failed).
            compiler.catalogChanged();
        }
    }

    private long change(UpdateStatement statement, String sql, String catalog, String schema, WriteRunner runner) {
        MemoryCatalog memory = writable(statement.catalog());
        if (statement instanceof UpdateStatement.CreateSchema create) {
            memory.createSchema(create.schema().schema(), create.ifNotExists());
            return 0;
        }
        if (statement instanceof UpdateStatement.DropSchema drop) {
            for (String table : memory.dropSchema(drop.schema().schema(), drop.ifExists(), drop.cascade())) {
                release(MemoryRelease.table(drop.schema().schema(), table));
            }
            return 0;
        }
        if (statement instanceof UpdateStatement.DropTable drop) {
            if (memory.dropTable(drop.table().schema(), drop.table().name(), drop.ifExists())) {
                release(MemoryRelease.table(drop.table().schema(), drop.table().name()));
            }
            return 0;
        }
        if (statement instanceof UpdateStatement.CreateTable create) {
            return createTable(memory, create, sql, catalog, schema, runner);
        }
        UpdateStatement.Insert insert = (UpdateStatement.Insert) statement;
        return insert(memory, insert, sql, catalog, schema, runner);
    }

    private long createTable(
            MemoryCatalog memory,
            UpdateStatement.CreateTable create,
            String sql,
            String catalog,
            String schema,
            WriteRunner runner) {
        UpdateStatement.QualifiedName name = create.table();
        if (create.query().isEmpty()) {
            RowType columns = new RowType(
                    create.columns().stream().map(UpdateStatement.Column::name).toList(),
                    create.columns().stream().map(UpdateStatement.Column::type).toList());
            List<Boolean> nullable = create.columns().stream()
                    .map(UpdateStatement.Column::nullable)
                    .toList();
            memory.createTable(
                    name.schema(), new TableDefinition(name.name(), columns, nullable), create.ifNotExists());
            return 0;
        }
        RowType columns = compiler.queryColumns(create.query().get(), catalog, schema);
        if (!memory.createTable(name.schema(), new TableDefinition(name.name(), columns), create.ifNotExists())) {
            return 0;
        }
        try {
            return insert(
                    memory,
                    new UpdateStatement.Insert(
                            name, Optional.empty(), create.query().get()),
                    sql,
                    catalog,
                    schema,
                    runner);
        } catch (RuntimeException e) {
            // CREATE TABLE AS creates the table with its rows or not at all.
            memory.dropTable(name.schema(), name.name(), true);
            throw e;
        }
    }

    private long insert(
            MemoryCatalog memory,
            UpdateStatement.Insert insert,
            String sql,
            String catalog,
            String schema,
            WriteRunner runner) {
        UpdateStatement.QualifiedName name = insert.table();
        CompiledQuery query = compileInsert(memory, insert, sql, catalog, schema);
        Written written;
        try {
            written = runner.run(query);
        } catch (WriteFailed e) {
            release(MemoryRelease.write(e.queryId()));
            throw e.getCause();
        }
        memory.addWritten(name.schema(), name.name(), written.rows(), written.bytes());
        return written.rows();
    }

    /** The types of the {@code ?} parameters of {@code statement}: an INSERT's, as its target columns take them. */
    List<DataType> parameterTypes(UpdateStatement statement, String sql, String catalog, String schema) {
        if (statement instanceof UpdateStatement.Insert insert) {
            return compileInsert(writable(statement.catalog()), insert, sql, catalog, schema)
                    .parameterTypes();
        }
        return List.of();
    }

    private CompiledQuery compileInsert(
            MemoryCatalog memory, UpdateStatement.Insert insert, String sql, String catalog, String schema) {
        UpdateStatement.QualifiedName name = insert.table();
        MemoryTable table = memory.table(name.schema(), name.name())
                .orElseThrow(
                        () -> new AqueductException(ErrorCode.TABLE_NOT_FOUND, "Table " + name + " does not exist"));
        TableWriteTarget target = new TableWriteTarget(
                name.catalog(),
                name.schema(),
                name.name(),
                table.definition().columns(),
                table.definition().nullable());
        return compiler.compileInsert(insert, target, sql, catalog, schema);
    }

    /** The memory catalog, if {@code catalog} names it; writes to any other catalog fail with 0A000. */
    private MemoryCatalog writable(String catalog) {
        Connector connector = connectors.connector(catalog);
        if (!(connector instanceof MemoryConnector memory)) {
            throw Connector.readOnly(catalog);
        }
        return memory.catalog();
    }

    /** Tells every worker to release rows; a worker that cannot be reached has lost them already. */
    private void release(MemoryRelease release) {
        List<String> unreachable = new ArrayList<>();
        for (String workerUrl : workerUrls.get()) {
            try {
                workers.releaseMemory(workerUrl, release);
            } catch (AqueductException e) {
                unreachable.add(workerUrl);
            }
        }
        if (!unreachable.isEmpty()) {
            LOG.warn("Could not release memory-catalog rows {} on {}", release, unreachable);
        }
    }
}
