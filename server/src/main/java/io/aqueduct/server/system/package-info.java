/**
 * The coordinator's system tables (see {@code io.aqueduct.core.system} for the mechanism): schema
 * {@code sys} ({@code queries}, {@code stages}, {@code tasks}, {@code operators},
 * {@code aqe_decisions}, {@code workers}, {@code settings}) and {@code information_schema}
 * ({@code schemata}, {@code tables}, {@code columns}, {@code views}: {@link
 * io.aqueduct.server.system.InformationSchema}), which lists the same {@link
 * io.aqueduct.server.system.TableListing} as JDBC metadata.
 *
 * <p>To add a table:
 *
 * <ol>
 *   <li>Write one class implementing {@code SystemTable<SystemContext>}. Declare its columns once
 *       with {@code SystemColumns} over a record type of your own; {@code columns()} returns its
 *       {@code rowType()} and {@code rows(...)} its {@code rows(records)}. Times are BIGINT epoch
 *       milliseconds or VARCHAR ISO-8601 text (the engine has no TIMESTAMP).
 *   <li>Register it in {@link io.aqueduct.server.system.SystemSchema#tables}. If it reads a
 *       coordinator service (such as a query registry), add that as a parameter there and pass it from
 *       the {@code Coordinator} constructor.
 *   <li>If it has a {@code query_id} VARCHAR column, {@code scan.queryId()} tells the value a query
 *       filters on ({@code WHERE query_id = ?}): return at least the rows with that id, ideally only
 *       those.
 * </ol>
 *
 * <p>Rows are asked for each time a query over the table is about to run (and for {@code EXPLAIN}),
 * while the {@code Coordinator} plans that execution ({@code Coordinator.distribute}), with a
 * {@link io.aqueduct.server.system.SystemContext} it makes for the execution: facts of one execution
 * (the session's settings, and whatever a new table needs) go there. Calls may be concurrent. SQL and
 * JDBC metadata (catalog {@code system}, schema {@code sys}, type {@code SYSTEM TABLE}) pick a
 * registered table up with no further change.
 */
package io.aqueduct.server.system;
