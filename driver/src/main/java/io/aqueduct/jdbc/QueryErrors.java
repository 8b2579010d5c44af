package io.aqueduct.jdbc;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;

/**
 * The exceptions a query's execution or fetch throws, with the JDBC type its SQLState calls for: a
 * timeout (HYT00) becomes a {@link SQLTimeoutException}. A canceled query keeps SQLState 57014.
 */
final class QueryErrors {
    /** Timeout expired: the query ran past its statement's timeout or the server's maximum run time. */
    static final String TIMEOUT = "HYT00";
    /** The query was canceled by {@code Statement.cancel()}, {@code KILL QUERY} or its statement closing. */
    static final String CANCELED = "57014";

    private QueryErrors() {}

    static SQLException typed(SQLException e) {
        if (TIMEOUT.equals(e.getSQLState()) && !(e instanceof SQLTimeoutException)) {
            return new SQLTimeoutException(e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
        return e;
    }

    /** A failure of a fetch, which Avatica lets out of {@code ResultSet.next()} unchecked. */
    static SQLException fromFetch(RuntimeException e) {
        if (e instanceof AvaticaClientRuntimeException remote) {
            return typed(new SQLException(remote.getMessage(), remote.getSqlState(), remote.getErrorCode(), remote));
        }
        return new SQLException("Error while fetching rows: " + e.getMessage(), e);
    }
}
