package io.aqueduct.server.system;

import io.aqueduct.core.connector.ConnectorRegistry;
import io.aqueduct.core.system.SystemTable;
import io.aqueduct.core.system.SystemTables;
import io.aqueduct.server.finalplan.QueryRegistry;
import io.aqueduct.server.membership.WorkerMembership;
import io.aqueduct.server.transport.WorkerClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The coordinator's system tables, registered in {@link #tables}: the one place that lists them. A
 * new table is one class implementing {@code SystemTable<SystemContext>} plus one line here; what it
 * reads from the coordinator (a registry, a client) is a parameter of {@link #tables}, passed by the
 * {@code Coordinator} constructor.
 */
public final class SystemSchema {
    private SystemSchema() {}

    /**
     * The tables of {@code sys} and {@code information_schema}, in the order JDBC metadata lists them.
     *
     * @param connectors the catalogs {@code information_schema} describes, with the system tables
     * @param workers the coordinator's workers and their membership states
     * @param client the client asking them for their info
     * @param queries the running queries and the final plans of the last ended ones
     */
    public static SystemTables<SystemContext> tables(
            ConnectorRegistry connectors,
            Supplier<List<WorkerMembership.Member>> workers,
            WorkerClient client,
            QueryRegistry queries) {
        // information_schema lists every system table, itself included: it reads them once they exist.
        AtomicReference<SystemTables<SystemContext>> all = new AtomicReference<>();
        List<SystemTable<SystemContext>> tables = new ArrayList<>(List.of(
                QueriesTable.create(queries),
                StagesTable.create(queries),
                TasksTable.create(queries),
                OperatorsTable.create(queries),
                AqeDecisionsTable.create(queries),
                new WorkersTable(workers, client::info),
                new SettingsTable()));
        tables.addAll(InformationSchema.tables(new TableListing(connectors, all::get)));
        all.set(SystemTables.of(tables));
        return all.get();
    }
}
