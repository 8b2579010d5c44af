/**
 * System tables: read-only tables whose rows the coordinator holds: schema {@code sys} (settings,
 * workers, and the query registry's queries, stages, tasks, operators and decisions) and schema
 * {@code information_schema} (schemata, tables, columns and views of every catalog).
 *
 * <p>How it fits together:
 *
 * <ul>
 *   <li>A {@link io.aqueduct.core.system.SystemTable} has a name, columns (best declared once with
 *       {@link io.aqueduct.core.system.SystemColumns}) and a method that returns its current rows.
 *   <li>{@link io.aqueduct.core.system.SystemTables} holds the tables of a process. The
 *       {@code QueryCompiler} exposes them to SQL as {@code <schema>.<table>} and
 *       {@code system.<schema>.<table>} ({@link io.aqueduct.core.system.SystemTable#schema()});
 *       the coordinator's JDBC metadata lists them in catalog {@code system}, with table type
 *       {@code SYSTEM TABLE}. Table names are unique across the schemas.
 *   <li>Each execution of a query passes a {@link io.aqueduct.core.system.SystemSnapshotSource} to
 *       {@code CompiledQuery.plan}; every scan of a system table then takes a fresh snapshot, which is
 *       inlined in the plan as a {@code ValuesNode} of the columns the query reads. Plans of queries
 *       over system tables are never cached. A filter {@code query_id = <literal or parameter>} right
 *       above the scan is passed to the table as {@link io.aqueduct.core.system.SystemScan#queryId()}
 *       (and still applied by the query).
 * </ul>
 *
 * <p>The coordinator's tables and the single place that registers them are in
 * {@code io.aqueduct.server.system} (see {@code SystemSchema}).
 */
package io.aqueduct.core.system;
