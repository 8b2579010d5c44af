package io.aqueduct.jdbc;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Optional;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * The exceptions a query's execution or fetch throws, with the JDBC type its SQLState calls for: a
 * timeout (HYT00) becomes a {@link SQLTimeoutException}. A canceled query keeps SQLState 57014. A failure of the HTTP
 * exchange itself, which Avatica reports without a SQLState, gets one: no answer within the read timeout is HYT00, any
 * other I/O failure 08006.
 */
final class QueryErrors {
    /** Timeout expired: the query ran past its statement's timeout or the server's maximum run time. */
    static final String TIMEOUT = "HYT00";
    /** The query was canceled by {@code Statement.cancel()}, {@code KILL QUERY} or its statement closing. */
    static final String CANCELED = "57014";

    private QueryErrors() {}

    /** The connection to the server failed while the statement ran. */
    static final String CONNECTION_FAILURE = "08006";

    static SQLException typed(SQLException e) {
        if (e.getSQLState() == null) {
            Optional<SQLException> transport = transportFailure(e);
            if (transport.isPresent()) {
                return transport.get();
            }
        }
        if (TIMEOUT.equals(e.getSQLState()) && !(e instanceof SQLTimeoutException)) {
            return new SQLTimeoutException(e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
        return e;
    }

    /** {@code e} as a read timeout or a lost connection, if an I/O failure of the HTTP exchange caused it. */
    private static Optional<SQLException> transportFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return Optional.of(new SQLTimeoutException(
                        "No answer from the Aqueduct server within the HTTP read timeout (connection property"
                                + " http_response_timeout): " + cause.getMessage(),
                        TIMEOUT,
                        e));
            }
            if (cause instanceof IOException) {
                return Optional.of(new SQLException(
                        "Lost the connection to the Aqueduct server: " + cause, CONNECTION_FAILURE, e));
            }
        }
        return Optional.empty();
    }

    /** A failure of a fetch, which Avatica lets out of {@code ResultSet.next()} unchecked. */
    static SQLException fromFetch(RuntimeException e) {
        if (e instanceof AvaticaClientRuntimeException remote) {
            return typed(new SQLException(remote.getMessage(), remote.getSqlState(), remote.getErrorCode(), remote));
        }
        return transportFailure(e).orElseGet(() -> new SQLException("Error while fetching rows: " + e.getMessage(), e));
    }
}
