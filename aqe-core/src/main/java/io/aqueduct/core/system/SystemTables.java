package io.aqueduct.core.system;

import static com.google.common.base.Preconditions.checkArgument;
import static java.util.Objects.requireNonNull;

import io.aqueduct.core.error.AqueductException;
import io.aqueduct.core.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The system tables: those of the {@code sys} schema, which SQL reaches as {@code sys.<table>} or
 * {@code system.sys.<table>}, and of {@code information_schema} likewise; JDBC metadata lists them
 * in catalog {@value #CATALOG}.
 *
 * <pre>{@code
 * SystemTables<SystemContext> tables = SystemTables.of(List.of(new SettingsTable(), new WorkersTable(...)));
 * QueryCompiler compiler = new QueryCompiler(connectors, tables);
 * ...
 * PlanNode plan = query.plan(parameterValues, tables.snapshotSource(new SystemContext(settings)));
 * }</pre>
 *
 * @param <C> what each table is told of the execution asking for its rows
 */
public final class SystemTables<C> {
    /** The catalog holding the system schema in JDBC metadata and three-part names. */
    public static final String CATALOG = "system";

    /** The system schema, also resolvable from the root as {@code sys.<table>}. */
    public static final String SCHEMA = "sys";

    /** The SQL standard's schema describing every catalog's schemas, tables and columns. */
    public static final String INFORMATION_SCHEMA = "information_schema";

    /** JDBC {@code TABLE_TYPE} of system tables. */
    public static final String TABLE_TYPE = "SYSTEM TABLE";

    /** The column whose equality filters reach the tables as {@link SystemScan#queryId()}. */
    public static final String QUERY_ID_COLUMN = "query_id";

    private static final SystemTables<Object> EMPTY = new SystemTables<>(List.of());

    private final Map<String, SystemTable<C>> tables = new LinkedHashMap<>();

    private SystemTables(List<? extends SystemTable<C>> tables) {
        for (SystemTable<C> table : tables) {
            String name = requireNonNull(table.name(), "table name is null");
            checkArgument(name.equals(name.toLowerCase(Locale.ROOT)), "system table name is not lower case: %s", name);
            checkArgument(this.tables.put(name, table) == null, "duplicate system table: %s", name);
        }
    }

    /** The given tables, in the order JDBC metadata lists them. */
    public static <C> SystemTables<C> of(List<? extends SystemTable<C>> tables) {
        return new SystemTables<>(tables);
    }

    /** No system tables: the {@code sys} schema does not exist. */
    @SuppressWarnings("unchecked")
    public static <C> SystemTables<C> empty() {
        return (SystemTables<C>) EMPTY;
    }

    public boolean isEmpty() {
        return tables.isEmpty();
    }

    /** Every table, in registration order. */
    public List<SystemTable<C>> tables() {
        return List.copyOf(tables.values());
    }

    /** The schemas the tables are in, each once, in the order of their first table. */
    public List<String> schemas() {
        return tables.values().stream().map(SystemTable::schema).distinct().toList();
    }

    /** The tables of {@code schema}, in registration order. */
    public List<SystemTable<C>> tables(String schema) {
        return tables.values().stream()
                .filter(table -> table.schema().equals(schema))
                .toList();
    }

    public Optional<SystemTable<C>> table(String name) {
        return Optional.ofNullable(tables.get(name));
    }

    /** The rows of these tables as one execution with {@code context} sees them. */
    public SystemSnapshotSource snapshotSource(C context) {
        requireNonNull(context, "context is null");
        return scan -> {
            SystemTable<C> table = tables.get(scan.table());
            if (table == null) {
                throw new AqueductException(
                        ErrorCode.TABLE_NOT_FOUND, "System table sys." + scan.table() + " does not exist");
            }
            return table.rows(context, scan);
        };
    }
}
