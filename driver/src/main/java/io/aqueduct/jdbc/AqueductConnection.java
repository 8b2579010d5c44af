package io.aqueduct.jdbc;

import java.sql.SQLException;

/**
 * Aqueduct's extension of {@link java.sql.Connection}: every connection of the Aqueduct driver
 * implements it, so {@code unwrap} reaches it. Its methods are conveniences over the server's
 * {@code sys.queries} table, read with plain SQL on this connection.
 *
 * <pre>{@code
 * AqueductConnection aqueduct = connection.unwrap(AqueductConnection.class);
 * String plan = aqueduct.getFinalPlan(queryId);     // as EXPLAIN ANALYZE prints it
 * String json = aqueduct.getFinalPlanJson(queryId); // as EXPLAIN ANALYZE FORMAT JSON prints it
 * }</pre>
 *
 * <p>A query id comes from {@link AqueductStatement#getQueryId()}, from {@code sys.queries}, or
 * from the server log. Any query the server still remembers can be asked for, whichever
 * connection ran it.
 *
 * <p>Errors: an id {@code sys.queries} does not know fails with SQLState {@code 42000} (the caller
 * named something that does not exist, like an unknown table; not {@code 02000}, which is a
 * completion condition rather than an error); a query that has not finished, and so has no final
 * plan yet, fails with SQLState {@code 55000} (object not in prerequisite state).
 */
public interface AqueductConnection {
    /**
     * The plan of a finished query as it ran: each stage with its planned and final task count,
     * the rows and bytes it produced, and the adaptive decisions taken; the lines of {@code EXPLAIN
     * ANALYZE}, joined with {@code '\n'} (no trailing newline).
     *
     * @throws NullPointerException if {@code queryId} is null
     * @throws SQLException with SQLState 42000 if the server knows no query {@code queryId}, 55000
     *     if that query has not finished, or the server's error if the lookup fails
     */
    String getFinalPlan(String queryId) throws SQLException;

    /**
     * The same plan as {@link #getFinalPlan(String)}, as the JSON document of {@code EXPLAIN ANALYZE
     * FORMAT JSON}; its {@code stages} array holds one object per stage.
     *
     * @throws NullPointerException if {@code queryId} is null
     * @throws SQLException as {@link #getFinalPlan(String)}
     */
    String getFinalPlanJson(String queryId) throws SQLException;
}
