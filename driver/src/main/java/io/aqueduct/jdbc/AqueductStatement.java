package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Aqueduct's extension of {@link java.sql.Statement}: every statement and prepared statement of an
 * Aqueduct connection implements it, so {@code unwrap} reaches it.
 *
 * <pre>{@code
 * try (Statement statement = connection.createStatement()) {
 *     try (ResultSet rows = statement.executeQuery("SELECT count(*) FROM lineitem")) {
 *         ...
 *     }
 *     String queryId = statement.unwrap(AqueductStatement.class).getQueryId().orElseThrow();
 *     // join to sys.queries, sys.stages, ... WHERE query_id = queryId
 * }
 * }</pre>
 *
 * @see AqueductConnection#getFinalPlan(String)
 */
public interface AqueductStatement {
    /**
     * The id of the query this statement ran last, as {@code sys.queries.query_id}, the server log and
     * {@code EXPLAIN ANALYZE} name it.
     *
     * <p>Empty before the statement's first execution, and when the server kept no record of its
     * last execution (one rejected before it started, for example). The first call after an
     * execution looks the id up in {@code sys.queries} on the statement's connection, one round trip;
     * the answer is kept until the statement executes again, so further calls cost nothing. It may
     * be called after the statement is closed while its connection is open, and from another thread
     * while the statement executes (then it names the running query once the server has recorded it).
     *
     * @throws SQLException if the lookup fails, for example because the connection is closed
     */
    Optional<String> getQueryId() throws SQLException;
}
