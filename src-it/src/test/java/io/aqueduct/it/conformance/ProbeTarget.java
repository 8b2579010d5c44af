package io.aqueduct.it.conformance;

import java.util.List;
import java.util.Set;

/**
 * A database the {@link JdbcConformanceProbe} checks, and what differs between databases: where the probe may create
 * its tables, which tables hold keys, a large table to fetch and a query that runs for minutes.
 *
 * @param jdbcUrl where {@code DriverManager} connects to it
 * @param catalog the catalog the probe's schema is created in, as {@code DatabaseMetaData} names it
 * @param schema the probe's schema, as {@code DatabaseMetaData} names it; dropped and created by the probe
 * @param qualifier what prefixes a table name in SQL to name a table of the probe's schema
 * @param keyTables tables with primary (and foreign) keys, each {@code catalog.schema.table} as metadata names them
 * @param setup statements run after the probe created its schema, e.g. the large table or tables with keys
 * @param largeTable a table in SQL, with at least tens of thousands of rows, that the large-fetch check reads whole
 * @param endlessQuery a query that runs for minutes unless canceled
 * @param unprobedFunctions functions of the JDBC function lists that no argument shape of the probe calls (they take
 *     arrays, sequences or files, or always raise)
 */
record ProbeTarget(
        String name,
        String jdbcUrl,
        String catalog,
        String schema,
        String qualifier,
        List<String> keyTables,
        List<String> setup,
        String largeTable,
        String endlessQuery,
        Set<String> unprobedFunctions) {
    ProbeTarget {
        unprobedFunctions = Set.copyOf(unprobedFunctions);
        keyTables = List.copyOf(keyTables);
        setup = List.copyOf(setup);
    }

    /** The name of a probe table in SQL. */
    String table(String name) {
        return qualifier + "." + name;
    }
}
