package io.aqueduct.server.system;

import io.aqueduct.core.system.SystemColumns;
import io.aqueduct.core.system.SystemScan;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.type.RowType;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A system table over the query registry: its name, its columns, and the records a scan reads (the
 * scan's query id narrows them, and a reader who is not an administrator sees only their own); only the columns the query reads are computed.
 *
 * @param <R> one record of the table, which becomes one row
 */
final class RegistryTable<R> implements SystemTable<SystemContext> {
    private final String name;
    private final SystemColumns<R> columns;
    private final BiFunction<SystemContext, SystemScan, List<R>> records;

    RegistryTable(String name, SystemColumns<R> columns, BiFunction<SystemContext, SystemScan, List<R>> records) {
        this.name = name;
        this.columns = columns;
        this.records = records;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public RowType columns() {
        return columns.rowType();
    }

    @Override
    public List<List<Object>> rows(SystemContext context, SystemScan scan) {
        return columns.rows(records.apply(context, scan), scan);
    }
}
