package io.aqueduct.core.system;

import io.aqueduct.core.type.RowType;
import java.util.List;

/**
 * A read-only system table (schema {@code sys} or {@code information_schema}) whose rows live in the
 * coordinator, not in a connector. Its rows are taken as a snapshot each time a query that reads it
 * is about to run; the coordinator answers a query over system tables alone itself, and a query
 * that also reads a connector's table takes the snapshot to the workers inlined in its plan.
 *
 * <pre>{@code
 * final class UptimeTable implements SystemTable<SystemContext> {
 *     private static final SystemColumns<Long> COLUMNS =
 *             SystemColumns.<Long>builder().bigint("uptime_millis", millis -> millis).build();
 *
 *     public String name() { return "uptime"; }
 *     public RowType columns() { return COLUMNS.rowType(); }
 *     public List<List<Object>> rows(SystemContext context, SystemScan scan) {
 *         return COLUMNS.rows(List.of(System.currentTimeMillis() - START));
 *     }
 * }
 * }</pre>
 *
 * <p>Implementations are called concurrently, once per execution of each query that reads them.
 *
 * @param <C> what the caller knows of the execution asking for rows (for instance the session's
 *     settings); the same for every table of a {@link SystemTables}
 */
public interface SystemTable<C> {
    /** The name in its schema: lower case, unique among the system tables of every schema. */
    String name();

    /**
     * The schema of catalog {@value SystemTables#CATALOG} holding the table, also resolvable from the
     * root: {@value SystemTables#SCHEMA} unless the table says otherwise (such as
     * {@value SystemTables#INFORMATION_SCHEMA}).
     */
    default String schema() {
        return SystemTables.SCHEMA;
    }

    /** The columns, in order; names lower case. The same on every call. */
    RowType columns();

    /**
     * The rows as they are now. Each row holds one value per column of {@link #columns()}, in column
     * order, in the engine's execution representation: {@code Long} (or another integral
     * {@code Number}) for INTEGER and BIGINT, {@code Double} for DOUBLE, {@code String} for VARCHAR,
     * {@code Boolean} for BOOLEAN, {@code null} for a missing value. Rows may be returned in any order.
     *
     * <p>{@code scan} narrows what the query needs; a table may ignore it. When it names a query id,
     * the rows whose {@code query_id} equals it must all be returned, others may be left out: the
     * query filters the rows again.
     */
    List<List<Object>> rows(C context, SystemScan scan);
}
